import type {Corpus} from './corpus';
import {CONTENT_RANK} from './invertedIndex';

/** Slots for a query's words (word weights, per-page counts): at least `MAX_QUERY_WORDS`. */
export const MAX_WORD_SLOTS = 16;
/** The head noun's share of the attribute criterion when the record does not hold it. */
export const HEAD_MISSING = CONTENT_RANK + 1;

/**
 * Scratch space for one query over the records: per-record criteria, indexed by record id and
 * valid only where the record's stamp is the run's generation, so nothing is cleared between
 * queries. Allocated once per engine and lent to one query at a time (`ScratchPool`).
 */
export class Scratch {
  generation = 0;
  wordGeneration = 0;
  readonly stamp: Uint32Array;
  readonly wordsMask: Uint16Array;
  readonly typoSum: Uint8Array;
  /**
   * 8 × the sum over matched words of where each matched, plus where the last word of several
   * (the head noun) matched, 7 when it did not: one number for both criteria.
   */
  readonly attributeSum: Uint16Array;
  readonly exactCount: Uint8Array;
  readonly relevance: Float32Array;
  readonly matchedWeight: Float32Array;
  readonly wordStamp: Uint32Array;
  readonly wordTypos: Uint8Array;
  readonly wordAttribute: Uint8Array;
  readonly wordExact: Uint8Array;
  readonly touched: Int32Array;
  readonly urlStamp: Uint32Array;
  readonly urlBest: Int32Array;
  readonly urlKey: Float64Array;
  readonly touchedUrls: Int32Array;
  /** Which query words each page holds, and how many of its records hold each (16 slots). */
  readonly pageStamp: Uint32Array;
  readonly pageMask: Uint16Array;
  readonly pageWordRecords: Uint16Array;
  readonly pageTopicStamp: Uint32Array;
  readonly pageTopicWeight: Float32Array;

  constructor(corpus: Corpus) {
    const n = corpus.records.length;
    this.stamp = new Uint32Array(n);
    this.wordsMask = new Uint16Array(n);
    this.typoSum = new Uint8Array(n);
    this.attributeSum = new Uint16Array(n);
    this.exactCount = new Uint8Array(n);
    this.relevance = new Float32Array(n);
    this.matchedWeight = new Float32Array(n);
    this.wordStamp = new Uint32Array(n);
    this.wordTypos = new Uint8Array(n);
    this.wordAttribute = new Uint8Array(n);
    this.wordExact = new Uint8Array(n);
    this.touched = new Int32Array(n);
    this.urlStamp = new Uint32Array(corpus.urlCount);
    this.urlBest = new Int32Array(corpus.urlCount);
    this.urlKey = new Float64Array(corpus.urlCount);
    this.touchedUrls = new Int32Array(corpus.urlCount);
    this.pageStamp = new Uint32Array(corpus.pageCount);
    this.pageMask = new Uint16Array(corpus.pageCount);
    this.pageWordRecords = new Uint16Array(corpus.pageCount * MAX_WORD_SLOTS);
    this.pageTopicStamp = new Uint32Array(corpus.pageCount);
    this.pageTopicWeight = new Float32Array(corpus.pageCount);
  }

  /** Starts a record's criteria afresh for the current generation. */
  touch(id: number): void {
    this.stamp[id] = this.generation;
    this.wordsMask[id] = 0;
    this.typoSum[id] = 0;
    this.attributeSum[id] = HEAD_MISSING;
    this.exactCount[id] = 0;
    this.relevance[id] = 0;
    this.matchedWeight[id] = 0;
  }
}

/**
 * Scratch buffers lent to queries: a query takes one and gives it back when its hits are
 * shaped. Queries run one at a time in a process, so one buffer is normally enough; a
 * re-entrant call gets its own instead of corrupting another's.
 */
export class ScratchPool {
  private readonly free: Scratch[] = [];

  constructor(private readonly corpus: Corpus) {}

  take(): Scratch {
    return this.free.pop() ?? new Scratch(this.corpus);
  }

  give(scratch: Scratch): void {
    this.free.push(scratch);
  }
}

/** What one query decided before scoring: held by the query, never by the engine. */
export type QueryRun = {
  readonly scratch: Scratch;
  /** Rarity of each query word (an IDF over the records its terms reach), and their sum. */
  readonly wordWeights: Float64Array;
  totalWeight: number;
  queryLength: number;
  /** Nothing dropped as a stop word and no question mark: a keyword query, however long. */
  readonly keywordLike: boolean;
  /** The BM25 length normalisation this query uses (see `Corpus`). */
  lengthNorm: Float64Array;
};

export function newQueryRun(corpus: Corpus, scratch: Scratch, keywordLike: boolean): QueryRun {
  return {
    scratch,
    wordWeights: new Float64Array(MAX_WORD_SLOTS),
    totalWeight: 0,
    queryLength: 0,
    keywordLike,
    lengthNorm: corpus.textNorm,
  };
}
