import type {SearchRecord} from '../types';
import {BM25, lengthNorms} from './bm25';
import {buildInvertedIndex, type InvertedIndex} from './invertedIndex';
import {buildPrefixUnions, type PrefixUnion} from './prefixUnions';

/**
 * What the engine knows of each record, computed once when it is built and never changed by a
 * query: its URL and page, level and position, kind, lengths, and the inverted index.
 */

/** A record's page kind, from its `kind` (set by the indexer): what a keyword query prefers. */
export const PAGE_KIND = {category: 0, blog: 1, doc: 2, page: 2} as const;

const LEVEL: Readonly<Record<SearchRecord['type'], number>> = {
  lvl1: 6,
  lvl2: 5,
  lvl3: 4,
  lvl4: 3,
  lvl5: 2,
  lvl6: 1,
  content: 0,
};

export type Corpus = {
  readonly records: readonly SearchRecord[];
  readonly index: InvertedIndex;
  /** The URL (with its anchor) of each record, as a dense id; and how many there are. */
  readonly urlIds: Int32Array;
  readonly urlCount: number;
  /** The page (URL without its anchor) of each record, as a dense id; and how many. */
  readonly pageIds: Int32Array;
  readonly pageCount: number;
  readonly levels: Uint8Array;
  readonly positions: Uint16Array;
  /** 0 for a generated category index (a list of links), 1 for a real page. */
  readonly realPage: Uint8Array;
  /** For a short query: a handbook page (2) before a blog post (1) before a category index (0). */
  readonly pageKind: Uint8Array;
  /**
   * ln(1 + the record's length in words), a prior for questions: BM25's length normalisation
   * favours a heading or a one-line record that happens to hold two of a question's words, while
   * the answer is usually a paragraph (Singhal et al.'s pivoted length normalisation: longer
   * documents are more often relevant than the normalisation assumes).
   */
  readonly lengthWeight: Float32Array;
  /**
   * BM25's length normalisation of each record: `textNorm` (the record's own text) for a
   * keyword query, `questionNorm` (its page keywords counted too) for a question. Keywords are
   * metadata: a page with more of them must not lose "dscord" to its sibling, but for a
   * question a title record that holds a page's keywords reads like a longer, answering record
   * (measured: search/DESIGN.md).
   */
  readonly questionNorm: Float64Array;
  readonly textNorm: Float64Array;
  /** Short prefixes' merged postings, see `buildPrefixUnions`. */
  readonly prefixUnions: ReadonlyMap<string, PrefixUnion>;
};

function denseIds(values: readonly string[]): {ids: Int32Array; count: number} {
  const seen = new Map<string, number>();
  const ids = Int32Array.from(values, (value) => {
    let id = seen.get(value);
    if (id === undefined) {
      id = seen.size;
      seen.set(value, id);
    }
    return id;
  });
  return {ids, count: seen.size};
}

export function buildCorpus(
  records: readonly SearchRecord[],
  phrases: readonly (readonly string[])[] = [],
): Corpus {
  const index = buildInvertedIndex(records, phrases);
  const urls = denseIds(records.map((record) => record.url));
  const pages = denseIds(records.map((record) => record.url.split('#', 1)[0] ?? record.url));
  const {lengths, averageLength, textLengths, averageTextLength} = index;
  const textNorm = lengthNorms(textLengths, averageTextLength, BM25);
  return {
    records,
    index,
    urlIds: urls.ids,
    urlCount: urls.count,
    pageIds: pages.ids,
    pageCount: pages.count,
    levels: Uint8Array.from(records, (record) => LEVEL[record.type]),
    positions: Uint16Array.from(records, (record) => Math.min(4095, record.position)),
    realPage: Uint8Array.from(records, (record) => (record.kind === 'category' ? 0 : 1)),
    pageKind: Uint8Array.from(records, (record) => PAGE_KIND[record.kind]),
    lengthWeight: Float32Array.from(lengths, (length) => Math.log(1 + length)),
    questionNorm: lengthNorms(lengths, averageLength, BM25),
    textNorm,
    // Short prefixes are typed in keyword queries; a question ending in one scores that last
    // word with the text norm too (measured: no judged set's figure changes either way).
    prefixUnions: buildPrefixUnions(index, textNorm),
  };
}
