import {randomBytes} from 'node:crypto';
import {queryWords} from '../analysis/queryWords';
import {phrasesOf, synonymMap, type SynonymRecord} from '../analysis/synonyms';
import {words} from '../analysis/tokens';
import {
  rankSections,
  type RankSectionsOptions,
  type SectionRanking,
} from '../sections/rankSections';
import {buildSectionIndex, type SectionIndex} from '../sections/sectionIndex';
import type {PageMeta, Section} from '../sections/types';
import type {SearchIndexFile, SearchRecord, SearchRequest, SearchResult} from '../types';
import {buildCorpus, type Corpus} from './corpus';
import {facetCounts, facetFilter} from './facets';
import type {Tags} from './highlight';
import {hitShaper, termMatcher, type TermMatch} from './hits';
import {match} from './postingsWalk';
import {splitRunTogether, type Lexicon} from './queryExpansion';
import {newQueryRun, ScratchPool, type QueryRun} from './queryRun';
import {bestPerUrl, top} from './topK';

/**
 * Ranks like DocSearch on Algolia (search/DESIGN.md). A search runs in five steps, each in its
 * own module: query expansion (`queryExpansion.ts`: the index terms each word stands for), the
 * postings walk (`postingsWalk.ts`: each record's criteria), scoring (`recordScoring.ts`: the
 * criteria folded into one number), top-k (`topK.ts`: one hit per URL, the best first) and wire
 * shaping (`hits.ts`, `highlight.ts`, `facets.ts`: Algolia's hit format). The engine object
 * holds only what the index built; everything a query decides lives in its `QueryRun`.
 */

export type SearchEngineOptions = {
  /** The writers' synonym records (site/search-synonyms.json, carried by the index file). */
  readonly synonyms?: readonly SynonymRecord[];
  /** Ask AI's sections and the pages' metadata (the index file carries both). */
  readonly sections?: readonly Section[];
  readonly pages?: readonly PageMeta[];
};

/** Records per question the section ranking reads from the engine's own ranking. */
const RECORD_HITS = 20;

export class SearchEngine {
  private readonly corpus: Corpus;
  private readonly lexicon: Lexicon;
  private readonly scratch: ScratchPool;
  private readonly sectionIndex: SectionIndex;
  /** Which records each recently used set of facet filters admits (DocSearch sends few). */
  private readonly admitted = new Map<string, Uint8Array>();

  constructor(records: readonly SearchRecord[], options: SearchEngineOptions = {}) {
    this.corpus = buildCorpus(records, phrasesOf(options.synonyms ?? []));
    const {terms, stems} = this.corpus.index;
    this.lexicon = {terms, stems, synonyms: synonymMap(options.synonyms ?? [])};
    this.scratch = new ScratchPool(this.corpus);
    this.sectionIndex = buildSectionIndex(
      options.sections ?? [],
      options.pages ?? [],
      options.synonyms ?? [],
    );
  }

  /** The engine of an index file: its records, sections and synonyms. */
  static fromIndexFile(file: SearchIndexFile): SearchEngine {
    return new SearchEngine(file.records, {
      synonyms: file.synonyms ?? [],
      sections: file.sections,
      pages: file.pages,
    });
  }

  /** The sections written for readers (Ask AI's material), in index order. */
  get sections(): readonly Section[] {
    return this.sectionIndex.sections;
  }

  /**
   * Ask AI's ranking of the handbook's sections for a question (`sections/rankSections.ts`),
   * with the caller's feature weights. It reads the engine's own ranking of the question over
   * the records as two of its features, so the modal's search and Ask AI agree on the page.
   */
  rankSections(question: string, options: RankSectionsOptions): SectionRanking {
    const hits = this.search({
      indexName: 'sections',
      query: question,
      hitsPerPage: RECORD_HITS,
      page: 0,
      facetFilters: [],
      facets: [],
      attributesToRetrieve: ['url'],
      attributesToSnippet: [],
      attributesToHighlight: [],
      snippetEllipsisText: '',
      highlightPreTag: '',
      highlightPostTag: '',
      clickAnalytics: false,
    }).hits.flatMap((hit) => (typeof hit.url === 'string' ? [{url: hit.url}] : []));
    return rankSections(this.sectionIndex, question, options, hits);
  }

  get size(): number {
    return this.corpus.records.length;
  }

  search(request: SearchRequest): SearchResult {
    const started = performance.now();
    const typed = queryWords(request.query);
    const keywordLike =
      !request.query.includes('?') && words(request.query).length === typed.length;
    const query = splitRunTogether(this.lexicon, typed);
    const admitted = this.admittedBy(request.facetFilters);
    const termMatches = new Map<string, TermMatch[]>();
    const scratch = this.scratch.take();
    try {
      const run = newQueryRun(this.corpus, scratch, keywordLike);
      const touchedCount =
        query.length === 0
          ? this.browse(run, admitted)
          : match(this.corpus, this.lexicon, run, query, admitted, termMatches);
      const urlCount = bestPerUrl(this.corpus, run, touchedCount);
      const wanted = (request.page + 1) * request.hitsPerPage;
      const ranked = top(run, urlCount, Math.min(wanted, urlCount));
      const pageIds =
        request.hitsPerPage === 0 ? [] : ranked.slice(request.page * request.hitsPerPage, wanted);
      const tags: Tags = {
        pre: request.highlightPreTag,
        post: request.highlightPostTag,
        ellipsis: request.snippetEllipsisText,
      };
      const shape = hitShaper(request, termMatcher(query, termMatches), tags);
      const {records} = this.corpus;
      const hits = pageIds.map((id) => shape(records[id] as SearchRecord));
      const facets =
        request.facets.length > 0
          ? facetCounts(
              request.facets,
              Array.from(
                scratch.touchedUrls.subarray(0, urlCount),
                (url) => records[scratch.urlBest[url] ?? 0] as SearchRecord,
              ),
            )
          : undefined;
      return {
        hits,
        nbHits: urlCount,
        nbPages: request.hitsPerPage === 0 ? 0 : Math.ceil(urlCount / request.hitsPerPage),
        page: request.page,
        hitsPerPage: request.hitsPerPage,
        query: request.query,
        params: '',
        index: request.indexName,
        processingTimeMS: Math.round(performance.now() - started),
        exhaustiveNbHits: true,
        ...(request.clickAnalytics ? {queryID: randomBytes(16).toString('hex')} : {}),
        ...(facets ? {facets} : {}),
      };
    } finally {
      this.scratch.give(scratch);
    }
  }

  private admittedBy(filters: SearchRequest['facetFilters']): Uint8Array {
    const key = JSON.stringify(filters);
    let admitted = this.admitted.get(key);
    if (!admitted) {
      const test = facetFilter(filters);
      admitted = Uint8Array.from(this.corpus.records, (record) => (test(record) ? 1 : 0));
      if (this.admitted.size >= 16)
        this.admitted.delete(this.admitted.keys().next().value as string);
      this.admitted.set(key, admitted);
    }
    return admitted;
  }

  /** An empty query lists the admitted records in index order. */
  private browse(run: QueryRun, admitted: Uint8Array): number {
    const {scratch} = run;
    scratch.generation += 1;
    run.queryLength = 0;
    run.totalWeight = 0;
    let count = 0;
    for (let id = 0; id < this.corpus.records.length; id += 1) {
      if (admitted[id] !== 1) continue;
      scratch.touch(id);
      scratch.touched[count] = id;
      count += 1;
    }
    return count;
  }
}
