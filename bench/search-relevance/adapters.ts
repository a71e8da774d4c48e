import {create, insertMultiple, search as oramaSearch} from '@orama/orama';
import {Charset, Document} from 'flexsearch';
import lunr from 'lunr';
import MiniSearch from 'minisearch';
import {SearchEngine} from '@studio-handbook/search/engine';
import type {SearchRecord, SearchRequest, SynonymRecord} from '@studio-handbook/search/types';

/** A search library under test: index the records once, then answer queries with record ids. */
export type Adapter = {
  readonly name: string;
  search(query: string): number[] | Promise<number[]>;
};

const FACETS: SearchRequest['facetFilters'] = [
  ['language:en'],
  ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
];

/** Ours: MiniSearch for candidates, DocSearch's ranking on top (search/src/engine.ts). */
export function handbookEngine(
  records: readonly SearchRecord[],
  synonyms: readonly SynonymRecord[] = [],
): Adapter {
  const engine = new SearchEngine(records, {synonyms});
  const ids = new Map(records.map((record, index) => [record.objectID, index]));
  return {
    name: 'engine (MiniSearch radix tree + DocSearch ranking)',
    search: (query) =>
      engine
        .search({
          indexName: 'bench',
          query,
          hitsPerPage: 20,
          page: 0,
          facetFilters: FACETS,
          facets: [],
          attributesToRetrieve: ['url'],
          attributesToSnippet: ['content:10'],
          attributesToHighlight: null,
          snippetEllipsisText: '…',
          highlightPreTag: '<mark>',
          highlightPostTag: '</mark>',
          clickAnalytics: false,
        })
        .hits.map((hit) => ids.get(hit.objectID) ?? -1),
  };
}

/**
 * The fields every library indexes: the same our engine searches, the page's description and
 * keywords included (on the title record, ranked like a subheading: boosted as lvl2). What the
 * peers do not get is the writers' synonyms file: none of them reads Algolia's synonym records
 * (bench/README.md says so beside their figures).
 */
const fieldsOf = (record: SearchRecord) => ({
  lvl0: record.hierarchy.lvl0 ?? '',
  lvl1: record.hierarchy.lvl1 ?? '',
  lvl2: record.hierarchy.lvl2 ?? '',
  lvl3: record.hierarchy.lvl3 ?? '',
  content: record.content ?? '',
  meta: [record.description ?? '', record.keywords ?? ''].join(' ').trim(),
});
const BOOST = {lvl1: 4, lvl2: 2, meta: 2, lvl3: 1.5};

/** MiniSearch as its README suggests for search-as-you-type: prefix, fuzzy 0.2, title boost. */
export function miniSearch(records: readonly SearchRecord[]): Adapter {
  const index = new MiniSearch({
    fields: ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'content', 'meta'],
    idField: 'id',
  });
  index.addAll(records.map((record, id) => ({id, ...fieldsOf(record)})));
  return {
    name: 'MiniSearch (prefix, fuzzy 0.2, boosts)',
    search: (query) =>
      index
        .search(query, {prefix: true, fuzzy: 0.2, boost: BOOST})
        .slice(0, 20)
        .map((result) => result.id as number),
  };
}

/** Orama with typo tolerance 1 and the same boosts. */
export async function orama(records: readonly SearchRecord[]): Promise<Adapter> {
  const db = create({
    schema: {
      lvl0: 'string',
      lvl1: 'string',
      lvl2: 'string',
      lvl3: 'string',
      content: 'string',
      meta: 'string',
    } as const,
  });
  await insertMultiple(
    db,
    records.map((record, id) => ({id: String(id), ...fieldsOf(record)})),
  );
  return {
    name: 'Orama (tolerance 1, boosts)',
    search: async (query) => {
      const result = await oramaSearch(db, {
        term: query,
        tolerance: 1,
        limit: 20,
        boost: BOOST,
      });
      return result.hits.map((hit) => Number(hit.id));
    },
  };
}

/** FlexSearch Document index, forward tokenizer (prefixes), fuzzy-ish LatinBalance charset. */
export function flexSearch(records: readonly SearchRecord[]): Adapter {
  const index = new Document({
    document: {id: 'id', index: ['lvl1', 'lvl2', 'lvl3', 'content', 'meta']},
    tokenize: 'forward',
    encoder: Charset.LatinBalance,
  });
  records.forEach((record, id) => index.add({id, ...fieldsOf(record)}));
  return {
    name: 'FlexSearch (forward, LatinBalance)',
    search: (query) => {
      const perField = index.search(query, {limit: 20, suggest: true}) as {
        field: string;
        result: number[];
      }[];
      const seen = new Set<number>();
      for (const {result} of perField) for (const id of result) seen.add(id);
      return [...seen].slice(0, 20);
    },
  };
}

/**
 * lunr as @easyops-cn/docusaurus-search-local 0.55 uses it: three indexes (page titles,
 * headings with the page's description and keywords, contents) with lunr's default pipeline (stemmer, stop words); each "smart query"
 * makes every token required, adds a trailing wildcard to the last token, and is tried with
 * edit distance 0 then 1 (fuzzyMatchingDistance: 1), across the three indexes in order, until
 * the result limit is reached. Queries of 3+ tokens also try each token left out.
 */
export function easyopsLunr(records: readonly SearchRecord[]): Adapter {
  const kinds = [
    records.flatMap((record, id) =>
      record.type === 'lvl1' ? [{id, t: record.hierarchy.lvl1 ?? ''}] : [],
    ),
    records.flatMap((record, id) =>
      record.type !== 'lvl1' && record.type !== 'content'
        ? [{id, t: record.hierarchy[record.type] ?? ''}]
        : // The title record's description and keywords, with the headings (as ours ranks them).
          record.type === 'lvl1' && fieldsOf(record).meta
          ? [{id, t: fieldsOf(record).meta}]
          : [],
    ),
    records.flatMap((record, id) =>
      record.type === 'content' ? [{id, t: record.content ?? ''}] : [],
    ),
  ];
  const indexes = kinds.map((documents) =>
    lunr(function build() {
      this.ref('id');
      this.field('t');
      for (const document of documents) this.add(document);
    }),
  );
  const limit = 20;
  return {
    name: 'lunr (as @easyops-cn/docusaurus-search-local)',
    search: (query) => {
      const tokens = query
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);
      if (tokens.length === 0) return [];
      const withoutStopWords = tokens.filter((token) =>
        lunr.stopWordFilter(token as unknown as lunr.Token),
      );
      const terms = [tokens];
      if (withoutStopWords.length > 0 && withoutStopWords.length < tokens.length)
        terms.push(withoutStopWords);
      const extra = terms.flatMap((term) =>
        term.length > 2 ? term.map((_, i) => term.filter((__, j) => j !== i)) : [],
      );
      const queries: {tokens: string[]; trailing: boolean; distance: number}[] = [];
      for (const distance of [0, 1]) {
        for (const group of [terms, extra]) {
          for (const term of group) {
            queries.push({tokens: term, trailing: false, distance});
            queries.push({tokens: term, trailing: true, distance});
          }
        }
      }
      const results: number[] = [];
      search: for (const {tokens: words, trailing, distance} of queries) {
        if (distance > 0 && words.every((word) => word.length <= distance)) continue;
        for (const index of indexes) {
          const found = index.query((q) => {
            words.forEach((word, i) => {
              q.term(word, {
                presence: lunr.Query.presence.REQUIRED,
                wildcard:
                  trailing && i === words.length - 1
                    ? lunr.Query.wildcard.TRAILING
                    : lunr.Query.wildcard.NONE,
                ...(distance > 0 && word.length > distance ? {editDistance: distance} : {}),
              });
            });
          });
          for (const {ref} of found) {
            const id = Number(ref);
            if (!results.includes(id)) results.push(id);
            if (results.length >= limit) break search;
          }
        }
      }
      return results;
    },
  };
}
