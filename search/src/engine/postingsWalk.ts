import type {QueryWord} from '../analysis/queryWords';
import {BM25, bm25Idf} from './bm25';
import type {Corpus} from './corpus';
import type {TermMatch} from './hits';
import {BEST_FIELD, CONTENT_RANK, FIELD_WEIGHT, type Postings} from './invertedIndex';
import {candidates, type Candidate, type Lexicon} from './queryExpansion';
import {HEAD_MISSING, MAX_WORD_SLOTS, type QueryRun} from './queryRun';
import {QUESTION_WORDS} from './recordScoring';

/**
 * The postings walk: each query word's terms (from query expansion) are walked once, adding to
 * every record they reach the criteria the ranking folds together (words matched and their
 * weight, typos, attributes, exact words, BM25F relevance).
 */

/**
 * The words of one typed token ("next.js", "backend-template") name one thing: together they
 * weigh as much as the rarest of them, not the sum, or "our next.js projects" counts Next.js
 * twice and a record holding `next js projects` beats the one holding `axios`.
 */
function weighTokens(run: QueryRun, query: readonly QueryWord[]): void {
  const weights = run.wordWeights;
  for (let first = 0; first < query.length;) {
    let end = first + 1;
    while (end < query.length && query[end]?.token === query[first]?.token) end += 1;
    if (end - first > 1) {
      let sum = 0;
      let max = 0;
      for (let i = first; i < end; i += 1) {
        const weight = weights[i] as number;
        sum += weight;
        max = Math.max(max, weight);
      }
      const share = sum > 0 ? max / sum : 1;
      for (let i = first; i < end; i += 1) weights[i] = share * (weights[i] as number);
    }
    first = end;
  }
}

/** Walks the postings of every query word; returns how many records matched. */
export function match(
  corpus: Corpus,
  lexicon: Lexicon,
  run: QueryRun,
  query: readonly QueryWord[],
  admitted: Uint8Array,
  termMatches: Map<string, TermMatch[]>,
): number {
  const {scratch} = run;
  scratch.generation += 1;
  const n = corpus.records.length;
  const {postings} = corpus.index;
  let count = 0;
  run.totalWeight = 0;
  run.queryLength = query.length;
  run.lengthNorm = query.length >= QUESTION_WORDS ? corpus.questionNorm : corpus.textNorm;
  // Each word's terms and rarity (an IDF over the records any of its terms reach): in a long
  // question the one rare word the question is about outweighs several common ones.
  const found = query.map((word, queryIndex) => {
    const terms = candidates(lexicon, word, queryIndex, termMatches);
    let reach = 0;
    for (const {termId} of terms) reach += postings[termId]?.ids.length ?? 0;
    run.wordWeights[queryIndex] = Math.log(1 + n / (Math.min(n, reach) + 1));
    return terms;
  });
  weighTokens(run, query);
  for (let queryIndex = 0; queryIndex < query.length; queryIndex += 1)
    run.totalWeight += run.wordWeights[queryIndex] as number;
  query.forEach((word, queryIndex) => {
    scratch.wordGeneration += 1;
    const bit = 1 << queryIndex;
    // The last of several words is the head noun ("flutter template" is a template): where
    // it matched breaks a tie of the attribute criterion.
    const head = query.length > 1 && queryIndex === query.length - 1;
    const terms = found[queryIndex] as Candidate[];
    const weight = run.wordWeights[queryIndex] as number;
    // A last word of one letter after other words narrows rather than widens, as Algolia's
    // every-word-must-match does: it adds to the records the other words matched and touches
    // no new one. Its prefix reaches most of a large index (`s`: 280,000 postings at 100,000
    // records), and a record holding only some word starting with `s` would rank last anyway.
    const narrows = word.prefix && word.text.length === 1 && count > 0;
    const union = word.prefix ? corpus.prefixUnions.get(word.text) : undefined;
    const merged =
      union !== undefined &&
      terms.every(({termId, prefixLength}) => prefixLength !== null || !union.termIds.has(termId));
    for (const {termId, typos, exact, prefixLength} of terms) {
      if (merged && prefixLength !== null) continue;
      const list = postings[termId];
      if (!list) continue;
      const lift = bm25Idf(n, list.ids.length) * (BM25.k1 + 1);
      count = walk(run, list, lift, {typos, exact, weight, bit, head, narrows}, admitted, count);
    }
    if (merged) {
      const merge = {typos: 0, exact: false, weight, bit, head, narrows};
      count = walk(run, union, 0, merge, admitted, count, union.relevance);
    }
  });
  if (run.queryLength >= QUESTION_WORDS) countPageWords(corpus, run, count);
  return count;
}

/** For a question: which of its words each page holds, in any of its records, and in how many. */
function countPageWords(corpus: Corpus, run: QueryRun, count: number): void {
  const {scratch} = run;
  for (let i = 0; i < count; i += 1) {
    const id = scratch.touched[i] as number;
    const page = corpus.pageIds[id] as number;
    if (scratch.pageStamp[page] !== scratch.generation) {
      scratch.pageStamp[page] = scratch.generation;
      scratch.pageMask[page] = 0;
      scratch.pageWordRecords.fill(0, page * MAX_WORD_SLOTS, (page + 1) * MAX_WORD_SLOTS);
    }
    const mask = scratch.wordsMask[id] as number;
    (scratch.pageMask[page] as number) |= mask;
    for (let rest = mask; rest !== 0; rest &= rest - 1) {
      const slot = page * MAX_WORD_SLOTS + (31 - Math.clz32(rest & -rest));
      (scratch.pageWordRecords[slot] as number) += 1;
    }
  }
}

type WalkedWord = {
  typos: number;
  exact: boolean;
  weight: number;
  bit: number;
  head: boolean;
  narrows: boolean;
};
const EMPTY_TF = new Uint8Array(0);

/**
 * Adds one term's postings to the records' criteria; returns how many records are touched.
 * A short prefix's merged postings come with each record's summed BM25F in `scores` (all
 * typo-free, none exact). The hot loop of a query: every array is a local so that V8 keeps
 * them in registers.
 */
function walk(
  run: QueryRun,
  list: Pick<Postings, 'ids' | 'fields'> & {readonly tf?: Uint8Array},
  lift: number,
  word: WalkedWord,
  admitted: Uint8Array,
  touchedCount: number,
  scores: Float32Array | null = null,
): number {
  const {typos, weight, bit, head, narrows} = word;
  const exact = word.exact ? 1 : 0;
  const {ids, fields} = list;
  const tfs = list.tf ?? EMPTY_TF;
  const {scratch, lengthNorm} = run;
  const {stamp, touched, relevance, wordStamp, wordTypos, wordAttribute} = scratch;
  const {wordExact, wordsMask, matchedWeight, typoSum, attributeSum, exactCount} = scratch;
  const generation = scratch.generation;
  const wordGeneration = scratch.wordGeneration;
  let count = touchedCount;
  for (let k = 0; k < ids.length; k += 1) {
    const id = ids[k] as number;
    if (admitted[id] !== 1) continue;
    if (stamp[id] !== generation) {
      if (narrows) continue;
      scratch.touch(id);
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
