/**
 * BM25's two parameters, one type for every score the search computes (records for the wire,
 * sections for Ask AI). The values are Robertson and Zaragoza's usual ones ("The Probabilistic
 * Relevance Framework: BM25 and Beyond", 2009), also Lucene's and Elasticsearch's defaults; no
 * judged set chose them.
 */
export type Bm25Params = {
  /** Term-frequency saturation. */
  readonly k1: number;
  /** Length normalisation: 0 none, 1 full. */
  readonly b: number;
};

export const BM25: Bm25Params = {k1: 1.2, b: 0.75};

/** Robertson–Spärck Jones IDF as BM25 uses it (Lucene's form, never negative). */
export function bm25Idf(documents: number, documentFrequency: number): number {
  return Math.log(1 + (documents - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** Each document's k1 · (1 − b + b · length / average): the denominator's length part. */
export function lengthNorms(
  lengths: ArrayLike<number>,
  averageLength: number,
  params: Bm25Params = BM25,
): Float64Array {
  return Float64Array.from(
    {length: lengths.length},
    (_, id) => params.k1 * (1 - params.b + (params.b * (lengths[id] ?? 0)) / averageLength),
  );
}

/** One term's BM25 contribution: idf · tf · (k1 + 1) / (tf + norm). */
export function bm25Term(idf: number, tf: number, norm: number, params: Bm25Params = BM25): number {
  return (idf * tf * (params.k1 + 1)) / (tf + norm);
}
