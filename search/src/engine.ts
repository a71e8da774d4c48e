import {randomBytes} from 'node:crypto';
import MiniSearch, {type SearchResult as MiniSearchResult} from 'minisearch';
import {
  highlight,
  memoizedMatcher,
  snippet,
  tokenize,
  type Tags,
  type WordMatcher,
} from './highlight';
import {matchWord, queryWords, words, type QueryWord} from './text';
import {
  HIERARCHY_LEVELS,
  type SearchHit,
  type SearchRecord,
  type SearchRequest,
  type SearchResult,
} from './types';

/**
 * Ranks like DocSearch on Algolia, on top of MiniSearch (chosen by measurement, see
 * search/DESIGN.md). MiniSearch finds the candidates (fuzzy words, prefix on the last word);
 * the tie-breaking is Algolia's: more query words matched, then fewer typos, then a better
 * attribute (page title > lvl2 > ... > content), then more exact words, then the record's own
 * level (a heading before its paragraphs), then text relevance, then position in the page.
 * One hit per URL (DocSearch's distinct on `url`).
 */

// The attribute criterion: where in the record a word matched, best first.
const FIELD_RANK: Readonly<Record<string, number>> = {
  lvl1: 0,
  lvl2: 1,
  lvl3: 2,
  lvl4: 3,
  lvl5: 4,
  lvl6: 5,
  lvl0: 6,
  content: 7,
};
const FIELDS = Object.keys(FIELD_RANK);
const LEVEL_WEIGHT: Readonly<Record<SearchRecord['type'], number>> = {
  lvl1: 6,
  lvl2: 5,
  lvl3: 4,
  lvl4: 3,
  lvl5: 2,
  lvl6: 1,
  content: 0,
};
const MAX_CANDIDATES = 2000;

type Ranked = {
  readonly index: number;
  readonly words: number;
  readonly typos: number;
  readonly attribute: number;
  readonly exact: number;
  readonly level: number;
  readonly score: number;
  readonly position: number;
};

type TermMatch = {readonly queryIndex: number; readonly typos: number; readonly exact: boolean};

function compare(a: Ranked, b: Ranked): number {
  return (
    b.words - a.words ||
    a.typos - b.typos ||
    a.attribute - b.attribute ||
    b.exact - a.exact ||
    b.level - a.level ||
    b.score - a.score ||
    a.position - b.position ||
    a.index - b.index
  );
}

export class SearchEngine {
  private readonly records: readonly SearchRecord[];
  private readonly index: MiniSearch<{id: number}>;
  /** Every word of the index: a query word found here needs no typo tolerance to match. */
  private readonly vocabulary = new Set<string>();

  constructor(records: readonly SearchRecord[]) {
    this.records = records;
    this.index = new MiniSearch<{id: number}>({
      fields: FIELDS,
      tokenize: (text) => {
        const found = words(text);
        for (const word of found) this.vocabulary.add(word);
        return found;
      },
      processTerm: (term) => term,
      extractField: (document, field) => {
        const record = records[document.id];
        if (!record) return '';
        if (field === 'id') return String(document.id);
        return (
          (field === 'content'
            ? record.content
            : record.hierarchy[field as keyof SearchRecord['hierarchy']]) ?? ''
        );
      },
    });
    this.index.addAll(records.map((_, id) => ({id})));
  }

  get size(): number {
    return this.records.length;
  }

  search(request: SearchRequest): SearchResult {
    const started = performance.now();
    const query = queryWords(request.query);
    const allowed = facetFilter(request.facetFilters);
    const ranked = query.length === 0 ? this.browse(allowed) : this.rank(query, allowed);

    // One hit per URL: the best record of each section.
    const seen = new Set<string>();
    const distinct: Ranked[] = [];
    for (const candidate of ranked) {
      const url = this.records[candidate.index]?.url ?? '';
      if (seen.has(url)) continue;
      seen.add(url);
      distinct.push(candidate);
    }

    const nbHits = distinct.length;
    const hitsPerPage = request.hitsPerPage;
    const nbPages = hitsPerPage === 0 ? 0 : Math.ceil(nbHits / hitsPerPage);
    const pageHits =
      hitsPerPage === 0
        ? []
        : distinct.slice(request.page * hitsPerPage, (request.page + 1) * hitsPerPage);
    const tags: Tags = {
      pre: request.highlightPreTag,
      post: request.highlightPostTag,
      ellipsis: request.snippetEllipsisText,
    };
    const matcher = memoizedMatcher(query);
    const hits = pageHits.map((candidate) =>
      toHit(this.records[candidate.index] as SearchRecord, matcher, request, tags),
    );

    return {
      hits,
      nbHits,
      nbPages,
      page: request.page,
      hitsPerPage,
      query: request.query,
      params: '',
      index: request.indexName,
      processingTimeMS: Math.round(performance.now() - started),
      exhaustiveNbHits: true,
      ...(request.clickAnalytics ? {queryID: randomBytes(16).toString('hex')} : {}),
      ...(request.facets.length > 0
        ? {
            facets: facetCounts(
              request.facets,
              distinct.map((c) => this.records[c.index] as SearchRecord),
            ),
          }
        : {}),
    };
  }

  private browse(allowed: (record: SearchRecord) => boolean): Ranked[] {
    return this.records.flatMap((record, index) =>
      allowed(record)
        ? [
            {
              index,
              words: 0,
              typos: 0,
              attribute: 0,
              exact: 0,
              level: LEVEL_WEIGHT[record.type],
              score: 0,
              position: index,
            },
          ]
        : [],
    );
  }

  private rank(query: readonly QueryWord[], allowed: (record: SearchRecord) => boolean): Ranked[] {
    const results = this.index.search(query.map((word) => word.text).join(' '), {
      combineWith: 'OR',
      prefix: (_term, index) => query[index]?.prefix === true,
      // Typo matches rank below exact ones, so a word the index holds as it is typed is
      // not looked up with typos (the lookup is the costliest part of a query).
      fuzzy: (term, index) => (this.vocabulary.has(term) ? 0 : (query[index]?.maxTypos ?? 0)),
      tokenize: (text) => text.split(' '),
      filter: (result) => allowed(this.records[result.id as number] as SearchRecord),
    });
    results.sort((a, b) => b.score - a.score);
    const termMatches = new Map<string, TermMatch[]>();
    const matchesOf = (term: string): TermMatch[] => {
      let found = termMatches.get(term);
      if (!found) {
        found = query.flatMap((word, queryIndex) => {
          const match = matchWord(word, term);
          return match ? [{queryIndex, typos: match.typos, exact: match.exact}] : [];
        });
        termMatches.set(term, found);
      }
      return found;
    };
    return results
      .slice(0, MAX_CANDIDATES)
      .map((result) => this.criteria(result, query.length, matchesOf))
      .filter((candidate) => candidate.words > 0)
      .sort(compare);
  }

  private criteria(
    result: MiniSearchResult,
    queryLength: number,
    matchesOf: (term: string) => TermMatch[],
  ): Ranked {
    const typos = new Array<number>(queryLength).fill(Infinity);
    const attribute = new Array<number>(queryLength).fill(Infinity);
    const exact = new Array<boolean>(queryLength).fill(false);
    for (const term of result.terms) {
      const fields = result.match[term] ?? [];
      const bestField = Math.min(...fields.map((field) => FIELD_RANK[field] ?? 7));
      for (const match of matchesOf(term)) {
        typos[match.queryIndex] = Math.min(typos[match.queryIndex] ?? Infinity, match.typos);
        attribute[match.queryIndex] = Math.min(attribute[match.queryIndex] ?? Infinity, bestField);
        if (match.exact) exact[match.queryIndex] = true;
      }
    }
    const matched = typos.flatMap((value, index) => (Number.isFinite(value) ? [index] : []));
    const record = this.records[result.id as number] as SearchRecord;
    return {
      index: result.id as number,
      words: matched.length,
      typos: matched.reduce((sum, index) => sum + (typos[index] ?? 0), 0),
      attribute: matched.reduce((sum, index) => sum + (attribute[index] ?? 0), 0),
      exact: exact.filter(Boolean).length,
      level: LEVEL_WEIGHT[record.type],
      score: result.score,
      position: record.position,
    };
  }
}

/** AND of ORs over `attribute:value` strings; a leading `-` negates one filter. */
function facetFilter(filters: SearchRequest['facetFilters']): (record: SearchRecord) => boolean {
  if (filters.length === 0) return () => true;
  const groups = filters.map((group) =>
    group.map((filter) => {
      const negated = filter.startsWith('-');
      const [attribute = '', ...rest] = (negated ? filter.slice(1) : filter).split(':');
      return {attribute, value: rest.join(':'), negated};
    }),
  );
  return (record) =>
    groups.every((group) =>
      group.some(({attribute, value, negated}) => {
        const actual =
          attribute === 'language'
            ? record.language
            : attribute === 'docusaurus_tag'
              ? record.docusaurus_tag
              : attribute === 'type'
                ? record.type
                : undefined;
        return negated ? actual !== value : actual === value;
      }),
    );
}

function facetCounts(
  facets: readonly string[],
  records: readonly SearchRecord[],
): Record<string, Record<string, number>> {
  const names = facets.includes('*')
    ? ['language', 'docusaurus_tag']
    : facets.filter((facet) => facet === 'language' || facet === 'docusaurus_tag');
  const counts: Record<string, Record<string, number>> = {};
  for (const name of names) {
    const values: Record<string, number> = {};
    for (const record of records) {
      const value = name === 'language' ? record.language : record.docusaurus_tag;
      values[value] = (values[value] ?? 0) + 1;
    }
    counts[name] = values;
  }
  return counts;
}

const RETRIEVABLE = [
  'objectID',
  'url',
  'type',
  'content',
  'language',
  'docusaurus_tag',
  'hierarchy',
] as const;

function wants(attributes: readonly string[] | null, name: string): boolean {
  return (
    attributes === null ||
    attributes.includes('*') ||
    attributes.some((attribute) => attribute === name || attribute.startsWith(`${name}.`))
  );
}

function snippetLength(request: SearchRequest, attribute: string): number | null {
  for (const entry of request.attributesToSnippet) {
    const [name, length] = entry.split(':');
    if (name === attribute || name === '*') return Math.max(1, Math.min(100, Number(length) || 10));
  }
  return null;
}

function toHit(
  record: SearchRecord,
  query: WordMatcher,
  request: SearchRequest,
  tags: Tags,
): SearchHit {
  const hit: Record<string, unknown> = {objectID: record.objectID};
  for (const name of RETRIEVABLE) {
    if (name === 'objectID' || !wants(request.attributesToRetrieve, name)) continue;
    if (name === 'hierarchy') {
      const hierarchy: Record<string, string | null> = {};
      for (const level of HIERARCHY_LEVELS) {
        if (
          wants(request.attributesToRetrieve, `hierarchy.${level}`) ||
          (wants(request.attributesToRetrieve, 'hierarchy') &&
            !request.attributesToRetrieve?.some((a) => a.startsWith('hierarchy.')))
        ) {
          hierarchy[level] = record.hierarchy[level];
        }
      }
      hit.hierarchy = hierarchy;
    } else {
      hit[name] = record[name];
    }
  }

  // Algolia lists only the attributes that have a value, in hierarchy order.
  const highlightHierarchy: Record<string, unknown> = {};
  const snippetHierarchy: Record<string, unknown> = {};
  for (const level of HIERARCHY_LEVELS) {
    const value = record.hierarchy[level];
    if (value === null) continue;
    const tokens = tokenize(value, query);
    highlightHierarchy[level] = highlight(value, tokens, query, tags);
    const length = snippetLength(request, `hierarchy.${level}`);
    if (length !== null) snippetHierarchy[level] = snippet(value, tokens, query, length, tags);
  }
  const highlightResult: Record<string, unknown> = {hierarchy: highlightHierarchy};
  const snippetResult: Record<string, unknown> = {};
  if (Object.keys(snippetHierarchy).length > 0) snippetResult.hierarchy = snippetHierarchy;
  if (record.content !== null) {
    const tokens = tokenize(record.content, query);
    highlightResult.content = highlight(record.content, tokens, query, tags);
    const length = snippetLength(request, 'content');
    if (length !== null)
      snippetResult.content = snippet(record.content, tokens, query, length, tags);
  }
  hit._highlightResult = highlightResult;
  hit._snippetResult = snippetResult;
  return hit as SearchHit;
}
