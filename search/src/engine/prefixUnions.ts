import {BM25, bm25Idf} from './bm25';
import {BEST_FIELD, CONTENT_RANK, FIELD_WEIGHT, type InvertedIndex} from './invertedIndex';

/**
 * A prefix of one or two letters typed as the last word reaches hundreds of terms and most of a
 * large index (`t`: 261 terms, 306,000 postings at 100,000 records). As Meilisearch keeps
 * prefix postings for its frequent prefixes, the engine merges, once when it is built, the
 * postings of every term longer than such a prefix: one entry per record, with the best
 * attribute and the summed BM25F of those terms. Only prefixes whose terms hold at least half
 * as many postings as the index has records are merged (27 at 100,000 records, 16 MB beside
 * 20 MB of postings); the others cost little term by term.
 */
export type PrefixUnion = {
  readonly termIds: ReadonlySet<number>;
  readonly ids: Int32Array;
  /** The best attribute of each record, as a one-bit mask like a posting's. */
  readonly fields: Uint8Array;
  readonly relevance: Float32Array;
};

const PREFIX_UNION_LENGTH = 2;
/** A prefix is merged when its terms hold at least this many postings per record of the index. */
const PREFIX_UNION_SHARE = 0.5;

export function buildPrefixUnions(
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
      const lift = bm25Idf(n, list.ids.length) * (BM25.k1 + 1);
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
