import {randomBytes} from 'node:crypto';
import {facetCounts, facetFilter} from './facets';
import type {Tags} from './highlight';
import {hitShaper, termMatcher, type TermMatch} from './hits';
import {
  BEST_FIELD,
  CONTENT_RANK,
  buildInvertedIndex,
  stemOf,
  type InvertedIndex,
  type Postings,
} from './invertedIndex';
import {synonymMap, type SynonymMap, type SynonymRecord} from './synonyms';
import {MAX_QUERY_WORDS, queryWords, transpositions, words, type QueryWord} from './text';
import type {SearchRecord, SearchRequest, SearchResult} from './types';

/**
 * Ranks like DocSearch on Algolia. Each query word is looked up in MiniSearch's radix tree
 * (chosen by measurement, see search/DESIGN.md): as typed, or within its typo budget when the
 * index does not hold it as typed (a swap of two adjacent letters is one typo), as a prefix
 * when it is the last word, by its English stem, and through the writers' synonyms. Records are
 * then ordered by Algolia's tie-breaking: more query words matched (each word weighed by its
 * rarity, so the one rare word a question is about beats several common ones), a real page
 * before a generated category index (a list of links that repeats its pages' titles), fewer
 * typos, a better attribute (page title > lvl2 > ... > content), more exact words, the record's
 * own level (a heading before its paragraphs), text
 * relevance (BM25), position in the page. One hit per URL.
 *
 * A question (three or more words once stop words are dropped) is ranked differently, because
 * its words are spread over a page rather than typed from one heading: a real page before a
 * generated category index, then one text score, then typos, level and position. The score adds
 * BM25F (a word in the page title counts twice, in a heading one and a half times), twice the
 * rarity weight of the question's words the record holds, and three quarters of the weight of
 * those the rest of its page holds, plus two priors fitted on the judged sets: how much the page
 * keeps coming back to the question's words (`pageTopic`) and the record's length (a paragraph
 * answers more often than a line). No step of "words matched" outranks the text score, so a
 * record holding one more common word no longer beats the page about the question.
 *
 * For a one- or two-word query, a handbook page ranks before a blog post matching the same words
 * (DocSearch's pageRank), and on a tie of attributes the record holding the last word, the head
 * noun ("flutter template" is a template), in the better attribute.
 *
 * The criteria are folded into one number per record so that ordering is a numeric compare:
 * words weighed (4 bits) · page kind (2: handbook page, blog post, category index) · 31-typos
 * (5) · 1023-attribute (10: 8 × the attribute sum + the head word's) · exact (4) · level (3) ·
 * relevance (14) · 1023-position (10) = 52 bits, exact in a double; for a question, real page
 * (1) · text score (22) · 31-typos (5) · level (3) · 4095-position (12).
 */

const LEVEL: Readonly<Record<SearchRecord['type'], number>> = {
  lvl1: 6,
  lvl2: 5,
  lvl3: 4,
  lvl4: 3,
  lvl5: 2,
  lvl6: 1,
  content: 0,
};
const BM25_K1 = 1.2;
const WORD_LEVELS = 8;
const BM25_B = 0.75;
/** From this many words (stop words dropped) a query is a question: see the class comment. */
export const QUESTION_WORDS = 3;
/** BM25F weights of where a word matched (page title, headings, content), by attribute rank. */
const FIELD_WEIGHT = Float32Array.from({length: CONTENT_RANK + 1}, (_, rank) =>
  rank === 0 ? 2 : rank < CONTENT_RANK ? 1.5 : 1,
);
/** A question's score adds this many times the rarity weight of the words the record holds... */
const RECORD_WORDS = 2;
/** ...and this share of the weight of its words found only elsewhere on the record's page. */
const PAGE_CONTEXT = 0.75;
/** ...plus this many times the page's topic weight (`pageTopic`)... */
const PAGE_TOPIC = 1;
/**
 * ...plus this many times ln(1 + the record's length in words), in units of the question's mean
 * word weight so that it scales with the rest of the score (a length prior: see `lengthWeight`).
 */
const RECORD_LENGTH = 0.8;
/** Slots for a query's words (word weights, per-page counts): at least `MAX_QUERY_WORDS`. */
const MAX_WORD_SLOTS = 16;
/** The shortest part of a word typed without its space that is split off (`splitRunTogether`). */
const SPLIT_PART = 3;
/** A blog post's share of its score for a keyword query of three or more words. */
const KEYWORD_BLOG_FACTOR = 0.75;

type Candidate = {
  readonly termId: number;
  readonly typos: number;
  readonly exact: boolean;
  readonly prefixLength: number | null;
};
/** The letters a one-letter edit of a word being typed may put in (the index is lower case). */
const EDIT_LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** The head noun's share of the attribute criterion when the record does not hold it. */
const HEAD_MISSING = CONTENT_RANK + 1;
type FoundTerm = {termId: number; typos: number; exact: boolean; prefixLength: number | null};

export type SearchEngineOptions = {
  /** The writers' synonym records (site/search-synonyms.json, carried by the index file). */
  readonly synonyms?: readonly SynonymRecord[];
};

/** Generated category index pages (a list of links) rank below a real page of the same title. */
const isCategoryIndex = (url: string) => /\/category\/[^/#?]+\/?(?:[#?]|$)/.test(url);
/** A dated blog post: for a keyword query, the handbook's own page on the topic comes first. */
const isBlogPost = (url: string) => /\/blog\/\d{4}\//.test(url);

/**
 * A prefix of one or two letters typed as the last word reaches hundreds of terms and most of a
 * large index (`t`: 261 terms, 306,000 postings at 100,000 records). As Meilisearch keeps
 * prefix postings for its frequent prefixes, the engine merges, once when it is built, the
 * postings of every term longer than such a prefix: one entry per record, with the best
 * attribute and the summed BM25F of those terms. Only prefixes whose terms hold at least half
 * as many postings as the index has records are merged (27 at 100,000 records, 16 MB beside
 * 20 MB of postings); the others cost little term by term.
 */
type PrefixUnion = {
  readonly termIds: ReadonlySet<number>;
  readonly ids: Int32Array;
  /** The best attribute of each record, as a one-bit mask like a posting's. */
  readonly fields: Uint8Array;
  readonly relevance: Float32Array;
};
const EMPTY_TF = new Uint8Array(0);
const PREFIX_UNION_LENGTH = 2;
/** A prefix is merged when its terms hold at least this many postings per record of the index. */
const PREFIX_UNION_SHARE = 0.5;

function buildPrefixUnions(
  index: InvertedIndex,
  lengthNorm: Float64Array,
): Map<string, PrefixUnion> {
  const n = lengthNorm.length;
  const prefixes = new Map<string, number>();
  for (const [term, termId] of index.terms) {
    for (let length = 1; length <= PREFIX_UNION_LENGTH && length < term.length; length += 1) {
      const prefix = term.slice(0, length);
      prefixes.set(prefix, (prefixes.get(prefix) ?? 0) + (index.postings[termId]?.ids.length ?? 0));
    }
  }
  const unions = new Map<string, PrefixUnion>();
  const score = new Float64Array(n);
  const best = new Uint8Array(n);
  const seen = new Uint8Array(n);
  for (const [prefix, total] of prefixes) {
    if (total < PREFIX_UNION_SHARE * n) continue;
    const termIds = new Set<number>();
    const reached: number[] = [];
    for (const [term, termId] of index.terms.atPrefix(prefix)) {
      if (term.length === prefix.length) continue;
      termIds.add(termId);
      const list = index.postings[termId];
      if (!list) continue;
      const idf = Math.log(1 + (n - list.ids.length + 0.5) / (list.ids.length + 0.5));
      const lift = idf * (BM25_K1 + 1);
      for (let k = 0; k < list.ids.length; k += 1) {
        const id = list.ids[k] as number;
        const field = BEST_FIELD[list.fields[k] as number] ?? CONTENT_RANK;
        const tf = list.tf[k] as number;
        if (seen[id] === 0) {
          seen[id] = 1;
          score[id] = 0;
          best[id] = field;
          reached.push(id);
        } else if (field < (best[id] as number)) best[id] = field;
        (score[id] as number) +=
          ((FIELD_WEIGHT[field] as number) * lift * tf) / (tf + (lengthNorm[id] as number));
      }
    }
    reached.sort((a, b) => a - b);
    unions.set(prefix, {
      termIds,
      ids: Int32Array.from(reached),
      fields: Uint8Array.from(reached, (id) => 1 << (best[id] as number)),
      relevance: Float32Array.from(reached, (id) => score[id] as number),
    });
    for (const id of reached) seen[id] = 0;
  }
  return unions;
}

export class SearchEngine {
  private readonly records: readonly SearchRecord[];
  private readonly index: InvertedIndex;
  private readonly urlIds: Int32Array;
  /** The page (URL without its anchor) of each record, and the query words each page matched. */
  private readonly pageIds: Int32Array;
  private readonly pageStamp: Uint32Array;
  private readonly pageMask: Uint16Array;
  /**
   * For a question: how many records of each page hold each query word (16 slots a page), and
   * the page's topic weight computed from them once per query (see `pageTopic`).
   */
  private readonly pageWordRecords: Uint16Array;
  private readonly pageTopicStamp: Uint32Array;
  private readonly pageTopicWeight: Float32Array;
  /**
   * ln(1 + the record's length in words), a prior for questions: BM25's length normalisation
   * favours a heading or a one-line record that happens to hold two of a question's words, while
   * the answer is usually a paragraph (Singhal et al.'s pivoted length normalisation: longer
   * documents are more often relevant than the normalisation assumes).
   */
  private readonly lengthWeight: Float32Array;
  private readonly urlCount: number;
  private readonly levels: Uint8Array;
  private readonly positions: Uint16Array;
  private readonly realPage: Uint8Array;
  /** For a short query: a handbook page (2) before a blog post (1) before a category index (0). */
  private readonly pageKind: Uint8Array;
  private readonly synonyms: SynonymMap;
  /** Rarity of each query word of the current search, and their sum. */
  private totalWeight = 0;
  private queryLength = 0;
  /** The query is keywords, not a question: see `questionKeyOf`. */
  private keywordLike = false;
  /** The request wants a question's page-topic and record-length priors (`questionPriors`). */
  private priors = true;
  private readonly wordWeights = new Float64Array(MAX_WORD_SLOTS);
  private readonly matchedWeight: Float32Array;
  /** Short prefixes' merged postings, see `buildPrefixUnions`. */
  private readonly prefixUnions: ReadonlyMap<string, PrefixUnion>;
  /**
   * BM25's length normalisation of each record, k1 · (1 − b + b · length / average), for the
   * current query: `textNorm` (the record's own text) for a keyword query, `questionNorm` (its
   * page keywords counted too) for a question. Keywords are metadata: a page with more of them
   * must not lose "dscord" to its sibling, but for a question a title record that holds a page's
   * keywords reads like a longer, answering record (measured: search/DESIGN.md, ninth round).
   */
  private lengthNorm: Float64Array;
  private readonly questionNorm: Float64Array;
  private readonly textNorm: Float64Array;
  /** Which records each recently used set of facet filters admits (DocSearch sends few). */
  private readonly admitted = new Map<string, Uint8Array>();

  // Scratch space reused by every query (the engine runs queries one at a time).
  private generation = 0;
  private readonly stamp: Uint32Array;
  private readonly wordsMask: Uint16Array;
  private readonly typoSum: Uint8Array;
  /**
   * 8 × the sum over matched words of where each matched, plus where the last word of several
   * (the head noun) matched, 7 when it did not: one number for both criteria.
   */
  private readonly attributeSum: Uint16Array;
  private readonly exactCount: Uint8Array;
  private readonly relevance: Float32Array;
  private wordGeneration = 0;
  private readonly wordStamp: Uint32Array;
  private readonly wordTypos: Uint8Array;
  private readonly wordAttribute: Uint8Array;
  private readonly wordExact: Uint8Array;
  private readonly touched: Int32Array;
  private readonly urlStamp: Uint32Array;
  private readonly urlBest: Int32Array;
  private readonly urlKey: Float64Array;
  private readonly touchedUrls: Int32Array;

  constructor(records: readonly SearchRecord[], options: SearchEngineOptions = {}) {
    this.synonyms = synonymMap(options.synonyms ?? []);
    this.records = records;
    this.index = buildInvertedIndex(records);
    const urls = new Map<string, number>();
    this.urlIds = Int32Array.from(records, (record) => {
      let id = urls.get(record.url);
      if (id === undefined) {
        id = urls.size;
        urls.set(record.url, id);
      }
      return id;
    });
    this.urlCount = urls.size;
    const pages = new Map<string, number>();
    this.pageIds = Int32Array.from(records, (record) => {
      const page = record.url.split('#', 1)[0] ?? record.url;
      let id = pages.get(page);
      if (id === undefined) {
        id = pages.size;
        pages.set(page, id);
      }
      return id;
    });
    this.pageStamp = new Uint32Array(pages.size);
    this.pageMask = new Uint16Array(pages.size);
    this.pageWordRecords = new Uint16Array(pages.size * MAX_WORD_SLOTS);
    this.pageTopicStamp = new Uint32Array(pages.size);
    this.pageTopicWeight = new Float32Array(pages.size);
    this.levels = Uint8Array.from(records, (record) => LEVEL[record.type]);
    this.positions = Uint16Array.from(records, (record) => Math.min(4095, record.position));
    this.realPage = Uint8Array.from(records, (record) => (isCategoryIndex(record.url) ? 0 : 1));
    this.pageKind = Uint8Array.from(records, (record) =>
      isCategoryIndex(record.url) ? 0 : isBlogPost(record.url) ? 1 : 2,
    );
    this.matchedWeight = new Float32Array(records.length);
    const {lengths, averageLength, textLengths, averageTextLength} = this.index;
    this.lengthWeight = Float32Array.from(lengths, (length) => Math.log(1 + length));
    const norm = (of: Uint16Array, average: number) =>
      Float64Array.from(of, (length) => BM25_K1 * (1 - BM25_B + (BM25_B * length) / average));
    this.questionNorm = norm(lengths, averageLength);
    this.textNorm = norm(textLengths, averageTextLength);
    this.lengthNorm = this.textNorm;
    // Short prefixes are typed in keyword queries; a question ending in one scores that last
    // word with the text norm too (measured: no judged set's figure changes either way).
    this.prefixUnions = buildPrefixUnions(this.index, this.textNorm);
    const n = records.length;
    this.stamp = new Uint32Array(n);
    this.wordsMask = new Uint16Array(n);
    this.typoSum = new Uint8Array(n);
    this.attributeSum = new Uint16Array(n);
    this.exactCount = new Uint8Array(n);
    this.relevance = new Float32Array(n);
    this.wordStamp = new Uint32Array(n);
    this.wordTypos = new Uint8Array(n);
    this.wordAttribute = new Uint8Array(n);
    this.wordExact = new Uint8Array(n);
    this.touched = new Int32Array(n);
    this.urlStamp = new Uint32Array(this.urlCount);
    this.urlBest = new Int32Array(this.urlCount);
    this.urlKey = new Float64Array(this.urlCount);
    this.touchedUrls = new Int32Array(this.urlCount);
  }

  get size(): number {
    return this.records.length;
  }

  search(request: SearchRequest): SearchResult {
    const started = performance.now();
    const typed = queryWords(request.query);
    // Nothing dropped as a stop word and no question mark: a keyword query, however long.
    this.keywordLike = !request.query.includes('?') && words(request.query).length === typed.length;
    const query = this.splitRunTogether(typed);
    this.priors = request.questionPriors !== false;
    const admitted = this.admittedBy(request.facetFilters);
    const termMatches = new Map<string, TermMatch[]>();
    const touchedCount =
      query.length === 0 ? this.browse(admitted) : this.match(query, admitted, termMatches);
    const urlCount = this.bestPerUrl(touchedCount);
    const wanted = (request.page + 1) * request.hitsPerPage;
    const ranked = this.top(urlCount, Math.min(wanted, urlCount));
    const pageIds =
      request.hitsPerPage === 0 ? [] : ranked.slice(request.page * request.hitsPerPage, wanted);

    const tags: Tags = {
      pre: request.highlightPreTag,
      post: request.highlightPostTag,
      ellipsis: request.snippetEllipsisText,
    };
    const shape = hitShaper(request, termMatcher(query, termMatches), tags);
    const hits = pageIds.map((id) => shape(this.records[id] as SearchRecord));
    const facets =
      request.facets.length > 0
        ? facetCounts(
            request.facets,
            Array.from(
              this.touchedUrls.subarray(0, urlCount),
              (url) => this.records[this.urlBest[url] ?? 0] as SearchRecord,
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
  }

  private admittedBy(filters: SearchRequest['facetFilters']): Uint8Array {
    const key = JSON.stringify(filters);
    let admitted = this.admitted.get(key);
    if (!admitted) {
      const test = facetFilter(filters);
      admitted = Uint8Array.from(this.records, (record) => (test(record) ? 1 : 0));
      if (this.admitted.size >= 16)
        this.admitted.delete(this.admitted.keys().next().value as string);
      this.admitted.set(key, admitted);
    }
    return admitted;
  }

  /** An empty query lists the admitted records in index order. */
  private browse(admitted: Uint8Array): number {
    this.generation += 1;
    this.queryLength = 0;
    this.totalWeight = 0;
    let count = 0;
    for (let id = 0; id < this.records.length; id += 1) {
      if (admitted[id] !== 1) continue;
      this.touch(id);
      this.touched[count] = id;
      count += 1;
    }
    return count;
  }

  private touch(id: number): void {
    this.stamp[id] = this.generation;
    this.wordsMask[id] = 0;
    this.typoSum[id] = 0;
    this.attributeSum[id] = HEAD_MISSING;
    this.exactCount[id] = 0;
    this.relevance[id] = 0;
    this.matchedWeight[id] = 0;
  }

  /**
   * A word typed without its space (`sharingsession`, `docsday`) that matches nothing, as typed
   * or with typos, becomes the two index words it is made of, as Algolia splits a query word in
   * two. Only then: a word that matches something keeps its match (`rollback` is one word).
   * The parts keep the word's token, so they weigh together as one word (`weighTokens`).
   */
  private splitRunTogether(query: QueryWord[]): QueryWord[] {
    const result: QueryWord[] = [];
    query.forEach((word, queryIndex) => {
      // The split is looked for first: a few lookups, and most words have none, so the costlier
      // check that the word matches nothing runs rarely (not on every keystroke of a long word).
      const split =
        word.text.length >= 2 * SPLIT_PART &&
        query.length + result.length - queryIndex < MAX_QUERY_WORDS &&
        !this.index.terms.has(word.text)
          ? this.bestSplit(word.text)
          : null;
      if (split === null || this.candidates(word, queryIndex, new Map()).length > 0) {
        result.push(word);
        return;
      }
      const [left, right] = split;
      result.push({text: left, maxTypos: 0, prefix: false, token: word.token});
      result.push({text: right, maxTypos: 0, prefix: word.prefix, token: word.token});
    });
    return result;
  }

  /** The split of a word into two index words, the most even one; null when there is none. */
  private bestSplit(text: string): [string, string] | null {
    let best: [string, string] | null = null;
    let bestShorter = 0;
    for (let at = SPLIT_PART; at <= text.length - SPLIT_PART; at += 1) {
      const left = text.slice(0, at);
      const right = text.slice(at);
      const shorter = Math.min(left.length, right.length);
      if (shorter > bestShorter && this.index.terms.has(left) && this.index.terms.has(right)) {
        best = [left, right];
        bestShorter = shorter;
      }
    }
    return best;
  }

  /** The index terms a query word matches, fewest typos first. */
  private candidates(
    word: QueryWord,
    queryIndex: number,
    termMatches: Map<string, TermMatch[]>,
  ): Candidate[] {
    const found = new Map<string, FoundTerm>();
    const exactId = this.index.terms.get(word.text);
    if (exactId !== undefined)
      found.set(word.text, {termId: exactId, typos: 0, exact: true, prefixLength: null});
    // The writers' synonyms count as the word itself, as Algolia's alternativesAsExact does.
    for (const alternative of this.synonyms.get(word.text) ?? []) {
      const termId = this.index.terms.get(alternative);
      if (termId !== undefined && !found.has(alternative))
        found.set(alternative, {termId, typos: 0, exact: true, prefixLength: null});
    }
    // Two typed words that the index holds as one ("back up", "backed up": backup; "roll
    // back": rollback) match as either word, as Algolia's concatenation does; not as exact.
    for (const [left, right] of word.pairs ?? []) {
      const leftStem = stemOf(left);
      for (const joined of new Set([left + right, leftStem === null ? '' : leftStem + right])) {
        if (joined === '' || found.has(joined)) continue;
        const termId = this.index.terms.get(joined);
        if (termId !== undefined)
          found.set(joined, {termId, typos: 0, exact: false, prefixLength: null});
        // The joined word's other forms, whether or not the index holds it as joined ("backed
        // up": backup, which the index holds only as "backups").
        const joinedStem = stemOf(joined);
        for (const [other, otherId] of (joinedStem === null
          ? undefined
          : this.index.stems.get(joinedStem)) ?? [])
          if (!found.has(other))
            found.set(other, {termId: otherId, typos: 0, exact: false, prefixLength: null});
      }
    }
    if (word.prefix) {
      for (const [term, termId] of this.index.terms.atPrefix(word.text)) {
        if (!found.has(term))
          found.set(term, {termId, typos: 0, exact: false, prefixLength: word.text.length});
      }
    }
    // Typo tolerance only for a word the index does not hold as typed: typo matches rank below
    // exact ones anyway, and the lookup is the costliest part of a query.
    // A stem match (hotfix → hotfixes, approve → approvals) ranks below an exact one: it is
    // not exact, as a prefix match is not.
    const stem = stemOf(word.text);
    for (const [term, termId] of (stem === null ? undefined : this.index.stems.get(stem)) ?? []) {
      if (!found.has(term)) found.set(term, {termId, typos: 0, exact: false, prefixLength: null});
    }
    if (exactId === undefined && word.maxTypos > 0) this.typoCandidates(word, found);
    // A misspelt word finds what the word itself finds: its synonyms too, with its typos
    // (`postgers` is postgres, so also the page titled PostgreSQL), and, when one word is the
    // only correction at its fewest typos, that word's other forms by stem (`cnventional` is
    // conventional, so also "Conventions"; `comp`, come or com, is left alone).
    if (exactId === undefined && word.maxTypos > 0) {
      let fewest = Infinity;
      let corrections = 0;
      let correction = '';
      for (const [term, {typos, prefixLength}] of found) {
        if (typos === 0 || prefixLength !== null) continue;
        if (typos < fewest) [fewest, corrections, correction] = [typos, 0, term];
        if (typos === fewest) corrections += 1;
      }
      for (const [term, {typos}] of [...found]) {
        if (typos === 0) continue;
        for (const alternative of this.synonyms.get(term) ?? []) {
          const termId = this.index.terms.get(alternative);
          if (termId !== undefined && !found.has(alternative))
            found.set(alternative, {termId, typos, exact: false, prefixLength: null});
        }
      }
      const stem = corrections === 1 ? stemOf(correction) : null;
      for (const [other, termId] of (stem === null ? undefined : this.index.stems.get(stem)) ?? [])
        if (!found.has(other))
          found.set(other, {termId, typos: fewest, exact: false, prefixLength: null});
    }
    for (const [term, {typos, exact, prefixLength}] of found) {
      const matches = termMatches.get(term) ?? [];
      matches.push({queryIndex, typos, exact, prefixLength});
      termMatches.set(term, matches);
    }
    return [...found.values()].sort((a, b) => a.typos - b.typos);
  }

  /**
   * The terms within a word's typo budget, counted as Algolia counts typos (Damerau: a swap of
   * adjacent letters is one). MiniSearch's radix tree computes Levenshtein distance, where a
   * swap is two, so each adjacent swap of the word is also looked up: exactly (one typo), and
   * with one more edit when the budget is two (a swap and a dropped letter is two typos). The
   * last word, still being typed, also matches as a prefix after one swap (`kawal prjo`) when
   * no word starts with it as typed, and after any one edit when nothing else matched it. A
   * word of 5 to 7 letters that nothing in the index reaches (as typed, by stem, by synonym or
   * within its one typo) gets a second typo (`hahdbok`): it would otherwise match nothing, and a query word matching nothing only
   * lets pages without it win.
   */
  private typoCandidates(word: QueryWord, found: Map<string, FoundTerm>): void {
    const add = (term: string, termId: number, typos: number, prefixLength: number | null) => {
      const previous = found.get(term);
      if (!previous || previous.typos > typos)
        found.set(term, {termId, typos, exact: false, prefixLength});
    };
    const fuzzy = (text: string, budget: number, extra: number) => {
      for (const [term, [termId, distance]] of this.index.terms.fuzzyGet(text, budget))
        add(term, termId, distance + extra, null);
    };
    // A word being typed that starts some index words is most likely right so far: only the
    // plain lookups (as Algolia, and to keep every keystroke cheap).
    let typedPrefixMatched = false;
    for (const {prefixLength} of found.values())
      if (prefixLength !== null) typedPrefixMatched = true;
    const swaps = transpositions(word.text);
    for (const swapped of swaps) {
      const termId = this.index.terms.get(swapped);
      if (termId !== undefined) add(swapped, termId, 1, null);
    }
    fuzzy(word.text, word.maxTypos, 0);
    if (typedPrefixMatched) return;
    if (word.maxTypos >= 2) {
      for (const swapped of swaps) {
        fuzzy(swapped, 1, 1);
        for (const twice of transpositions(swapped)) {
          const termId = this.index.terms.get(twice);
          if (termId !== undefined) add(twice, termId, 2, null);
        }
      }
    }
    if (word.prefix && word.text.length >= 4) {
      for (const swapped of swaps)
        for (const [term, termId] of this.index.terms.atPrefix(swapped))
          if (!found.has(term)) add(term, termId, 1, word.text.length);
    }
    if (found.size === 0 && word.prefix && word.text.length >= 4) {
      // A word still being typed with a typo in it (`frontend tejpl`): the words that start
      // with any one edit of what was typed, when nothing else matched it.
      const text = word.text;
      const edits = new Set<string>();
      for (let i = 0; i <= text.length; i += 1) {
        if (i < text.length) edits.add(text.slice(0, i) + text.slice(i + 1));
        for (const letter of EDIT_LETTERS) {
          edits.add(text.slice(0, i) + letter + text.slice(i));
          if (i < text.length) edits.add(text.slice(0, i) + letter + text.slice(i + 1));
        }
      }
      edits.delete(text);
      for (const edit of edits)
        if (edit.length >= 3)
          for (const [term, termId] of this.index.terms.atPrefix(edit))
            add(term, termId, 1, edit.length);
    }
    if (found.size === 0 && word.maxTypos === 1 && word.text.length >= 5) {
      fuzzy(word.text, 2, 0);
      for (const swapped of swaps) fuzzy(swapped, 1, 1);
    }
  }

  /**
   * The words of one typed token ("next.js", "backend-template") name one thing: together they
   * weigh as much as the rarest of them, not the sum, or "our next.js projects" counts Next.js
   * twice and a record holding `next js projects` beats the one holding `axios`.
   */
  private weighTokens(query: readonly QueryWord[]): void {
    for (let first = 0; first < query.length;) {
      let end = first + 1;
      while (end < query.length && query[end]?.token === query[first]?.token) end += 1;
      if (end - first > 1) {
        let sum = 0;
        let max = 0;
        for (let i = first; i < end; i += 1) {
          const weight = this.wordWeights[i] as number;
          sum += weight;
          max = Math.max(max, weight);
        }
        const share = sum > 0 ? max / sum : 1;
        for (let i = first; i < end; i += 1)
          this.wordWeights[i] = share * (this.wordWeights[i] as number);
      }
      first = end;
    }
  }

  /** Walks the postings of every query word; returns how many records matched. */
  private match(
    query: readonly QueryWord[],
    admitted: Uint8Array,
    termMatches: Map<string, TermMatch[]>,
  ): number {
    this.generation += 1;
    const n = this.records.length;
    const {postings} = this.index;
    let count = 0;
    this.totalWeight = 0;
    this.queryLength = query.length;
    this.lengthNorm = query.length >= QUESTION_WORDS ? this.questionNorm : this.textNorm;
    // Each word's terms and rarity (an IDF over the records any of its terms reach): in a long
    // question the one rare word the question is about outweighs several common ones.
    const found = query.map((word, queryIndex) => {
      const candidates = this.candidates(word, queryIndex, termMatches);
      let reach = 0;
      for (const {termId} of candidates) reach += postings[termId]?.ids.length ?? 0;
      this.wordWeights[queryIndex] = Math.log(1 + n / (Math.min(n, reach) + 1));
      return candidates;
    });
    this.weighTokens(query);
    for (let queryIndex = 0; queryIndex < query.length; queryIndex += 1)
      this.totalWeight += this.wordWeights[queryIndex] as number;
    query.forEach((word, queryIndex) => {
      this.wordGeneration += 1;
      const bit = 1 << queryIndex;
      // The last of several words is the head noun ("flutter template" is a template): where
      // it matched breaks a tie of the attribute criterion.
      const head = query.length > 1 && queryIndex === query.length - 1;
      const candidates = found[queryIndex] as Candidate[];
      const weight = this.wordWeights[queryIndex] as number;
      // A last word of one letter after other words narrows rather than widens, as Algolia's
      // every-word-must-match does: it adds to the records the other words matched and touches
      // no new one. Its prefix reaches most of a large index (`s`: 280,000 postings at 100,000
      // records), and a record holding only some word starting with `s` would rank last anyway.
      const narrows = word.prefix && word.text.length === 1 && count > 0;
      const union = word.prefix ? this.prefixUnions.get(word.text) : undefined;
      const merged =
        union !== undefined &&
        candidates.every(
          ({termId, prefixLength}) => prefixLength !== null || !union.termIds.has(termId),
        );
      for (const {termId, typos, exact, prefixLength} of candidates) {
        if (merged && prefixLength !== null) continue;
        const list = postings[termId];
        if (!list) continue;
        const idf = Math.log(1 + (n - list.ids.length + 0.5) / (list.ids.length + 0.5));
        const lift = idf * (BM25_K1 + 1);
        count = this.walk(list, lift, {typos, exact, weight, bit, head, narrows}, admitted, count);
      }
      if (merged) {
        const word = {typos: 0, exact: false, weight, bit, head, narrows};
        count = this.walk(union, 0, word, admitted, count, union.relevance);
      }
    });
    if (this.queryLength >= QUESTION_WORDS) {
      // Which of the question's words each page holds, in any of its records.
      for (let i = 0; i < count; i += 1) {
        const id = this.touched[i] as number;
        const page = this.pageIds[id] as number;
        if (this.pageStamp[page] !== this.generation) {
          this.pageStamp[page] = this.generation;
          this.pageMask[page] = 0;
          this.pageWordRecords.fill(0, page * MAX_WORD_SLOTS, (page + 1) * MAX_WORD_SLOTS);
        }
        const mask = this.wordsMask[id] as number;
        (this.pageMask[page] as number) |= mask;
        for (let rest = mask; rest !== 0; rest &= rest - 1) {
          const slot = page * MAX_WORD_SLOTS + (31 - Math.clz32(rest & -rest));
          (this.pageWordRecords[slot] as number) += 1;
        }
      }
    }
    return count;
  }

  /**
   * Adds one term's postings to the records' criteria; returns how many records are touched.
   * A short prefix's merged postings come with each record's summed BM25F in `scores` (all
   * typo-free, none exact). The hot loop of a query: every array is a local so that V8 keeps
   * them in registers.
   */
  private walk(
    list: Pick<Postings, 'ids' | 'fields'> & {readonly tf?: Uint8Array},
    lift: number,
    word: {
      typos: number;
      exact: boolean;
      weight: number;
      bit: number;
      head: boolean;
      narrows: boolean;
    },
    admitted: Uint8Array,
    touchedCount: number,
    scores: Float32Array | null = null,
  ): number {
    const {typos, weight, bit, head, narrows} = word;
    const exact = word.exact ? 1 : 0;
    const {ids, fields} = list;
    const tfs = list.tf ?? EMPTY_TF;
    const {stamp, touched, lengthNorm, relevance, wordStamp, wordTypos, wordAttribute} = this;
    const {wordExact, wordsMask, matchedWeight, typoSum, attributeSum, exactCount} = this;
    const generation = this.generation;
    const wordGeneration = this.wordGeneration;
    let count = touchedCount;
    for (let k = 0; k < ids.length; k += 1) {
      const id = ids[k] as number;
      if (admitted[id] !== 1) continue;
      if (stamp[id] !== generation) {
        if (narrows) continue;
        this.touch(id);
        touched[count] = id;
        count += 1;
      }
      const field = BEST_FIELD[fields[k] as number] ?? CONTENT_RANK;
      if (scores === null) {
        const tf = tfs[k] as number;
        (relevance[id] as number) +=
          ((FIELD_WEIGHT[field] as number) * lift * tf) / (tf + (lengthNorm[id] as number));
      } else (relevance[id] as number) += scores[k] as number;
      if (wordStamp[id] !== wordGeneration) {
        // The first term of this word to reach the record has the fewest typos.
        wordStamp[id] = wordGeneration;
        wordTypos[id] = typos;
        wordAttribute[id] = field;
        wordExact[id] = exact;
        (wordsMask[id] as number) |= bit;
        (matchedWeight[id] as number) += weight;
        (typoSum[id] as number) += typos;
        (attributeSum[id] as number) += head ? 9 * field - HEAD_MISSING : 8 * field;
        (exactCount[id] as number) += exact;
      } else if (typos === wordTypos[id]) {
        // Another term of the same word and typo count: keep the better attribute.
        const previous = wordAttribute[id] as number;
        if (field < previous) {
          wordAttribute[id] = field;
          (attributeSum[id] as number) -= (head ? 9 : 8) * (previous - field);
        }
        if (exact === 1 && wordExact[id] === 0) {
          wordExact[id] = 1;
          (exactCount[id] as number) += 1;
        }
      }
    }
    return count;
  }

  /** The weight of the query words the record's page holds and the record itself does not. */
  private pageContext(id: number): number {
    const elsewhere =
      (this.pageMask[this.pageIds[id] as number] as number) & ~(this.wordsMask[id] as number);
    let weight = 0;
    for (let i = 0; i < this.queryLength; i += 1)
      if (elsewhere & (1 << i)) weight += this.wordWeights[i] as number;
    return weight;
  }

  private meanWeight(): number {
    return this.queryLength > 0 ? this.totalWeight / this.queryLength : 0;
  }

  /**
   * How much the record's page is about the question: each word's rarity weight times
   * ln(1 + the number of the page's records that hold it). The page context above says whether
   * the page holds a word at all; this says whether the page keeps coming back to it, so the
   * mobile road map, which names Flutter in a dozen sections, wins "what should a new flutter
   * dev learn first" over the frontend road map's one section on learning in the first months.
   */
  private pageTopic(id: number): number {
    const page = this.pageIds[id] as number;
    if (this.pageTopicStamp[page] !== this.generation) {
      this.pageTopicStamp[page] = this.generation;
      let weight = 0;
      for (let i = 0; i < this.queryLength; i += 1) {
        const count = this.pageWordRecords[page * MAX_WORD_SLOTS + i] as number;
        if (count > 0) weight += (this.wordWeights[i] as number) * Math.log(1 + count);
      }
      this.pageTopicWeight[page] = weight;
    }
    return this.pageTopicWeight[page] as number;
  }

  /**
   * A question's key: real page · text score · typos · level · position. The words matched are
   * part of the score, not a criterion above it: measured on the dev sets and once on the
   * holdout, a step of "words matched" (quarters) let a record holding one more common word
   * beat the page about the question (search/DESIGN.md).
   */
  private questionKeyOf(id: number): number {
    // A keyword query (no stop word, no question mark: `sonarqube qualty gate`) is a reader
    // looking for the reference page, so a blog post that repeats the topic in its long title
    // counts three quarters, as in Ask AI's retrieval; a post whose title holds the query still
    // ranks first. Not a criterion above the score: a page lacking one keyword must not fall
    // below every record that holds it (`pusaka staging api hostname`).
    const blog = this.keywordLike && this.pageKind[id] === 1 ? KEYWORD_BLOG_FACTOR : 1;
    const score =
      blog *
      ((this.relevance[id] ?? 0) +
        RECORD_WORDS * (this.matchedWeight[id] ?? 0) +
        PAGE_CONTEXT * this.pageContext(id) +
        (this.priors
          ? PAGE_TOPIC * this.pageTopic(id) +
            RECORD_LENGTH * this.meanWeight() * (this.lengthWeight[id] ?? 0)
          : 0));
    return (
      (this.realPage[id] ?? 1) * 2 ** 48 +
      Math.min(2 ** 22 - 1, Math.round(score * 1024)) * 2 ** 26 +
      (31 - Math.min(31, this.typoSum[id] ?? 0)) * 2 ** 21 +
      (this.levels[id] ?? 0) * 2 ** 12 +
      (4095 - (this.positions[id] ?? 0))
    );
  }

  private keyOf(id: number): number {
    if (this.queryLength >= QUESTION_WORDS) return this.questionKeyOf(id);
    // The share of the query's weight a record matched, in WORD_LEVELS steps: fine enough that
    // a rare word outweighs several common ones, coarse enough that near ties go on to the
    // attribute and relevance criteria (measured on the natural-question set, search/DESIGN.md).
    const share = this.totalWeight > 0 ? (this.matchedWeight[id] ?? 0) / this.totalWeight : 0;
    const words = Math.round(WORD_LEVELS * share);
    const relevance = Math.min(16383, Math.round((this.relevance[id] ?? 0) * 128));
    return (
      words * 2 ** 48 +
      (this.pageKind[id] ?? 2) * 2 ** 46 +
      (31 - Math.min(31, this.typoSum[id] ?? 0)) * 2 ** 41 +
      (1023 - Math.min(1023, this.attributeSum[id] ?? 0)) * 2 ** 31 +
      Math.min(15, this.exactCount[id] ?? 0) * 2 ** 27 +
      (this.levels[id] ?? 0) * 2 ** 24 +
      relevance * 2 ** 10 +
      (1023 - Math.min(1023, this.positions[id] ?? 0))
    );
  }

  /** Keeps the best record of each URL (DocSearch's distinct); returns how many URLs. */
  private bestPerUrl(touchedCount: number): number {
    let urls = 0;
    for (let i = 0; i < touchedCount; i += 1) {
      const id = this.touched[i] as number;
      const url = this.urlIds[id] as number;
      const key = this.keyOf(id);
      if (this.urlStamp[url] !== this.generation) {
        this.urlStamp[url] = this.generation;
        this.urlBest[url] = id;
        this.urlKey[url] = key;
        this.touchedUrls[urls] = url;
        urls += 1;
      } else if (
        key > (this.urlKey[url] as number) ||
        (key === this.urlKey[url] && id < (this.urlBest[url] as number))
      ) {
        this.urlBest[url] = id;
        this.urlKey[url] = key;
      }
    }
    return urls;
  }

  /** The best `count` records of distinct URLs, best first (a bounded heap when many match). */
  private top(urlCount: number, count: number): number[] {
    const better = (a: number, b: number) =>
      (this.urlKey[a] as number) > (this.urlKey[b] as number) ||
      (this.urlKey[a] === this.urlKey[b] &&
        (this.urlBest[a] as number) < (this.urlBest[b] as number));
    if (count <= 0) return [];
    const heap: number[] = []; // worst of the kept URLs at the root
    const siftDown = (start: number) => {
      let i = start;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let worst = i;
        if (left < heap.length && better(heap[worst] as number, heap[left] as number)) worst = left;
        if (right < heap.length && better(heap[worst] as number, heap[right] as number))
          worst = right;
        if (worst === i) return;
        [heap[i], heap[worst]] = [heap[worst] as number, heap[i] as number];
        i = worst;
      }
    };
    for (let i = 0; i < urlCount; i += 1) {
      const url = this.touchedUrls[i] as number;
      if (heap.length < count) {
        heap.push(url);
        for (let j = heap.length - 1; j > 0;) {
          const parent = (j - 1) >> 1;
          if (!better(heap[parent] as number, heap[j] as number)) break;
          [heap[parent], heap[j]] = [heap[j] as number, heap[parent] as number];
          j = parent;
        }
      } else if (better(url, heap[0] as number)) {
        heap[0] = url;
        siftDown(0);
      }
    }
    return heap
      .sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0))
      .map((url) => this.urlBest[url] as number);
  }
}
