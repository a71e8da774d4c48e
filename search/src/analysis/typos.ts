import type {QueryWord} from './queryWords';

/** Algolia's typo tolerance: one typo from 4 letters, two from 8. */
export function maxTyposFor(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/**
 * Damerau distance (optimal string alignment: a swap of two adjacent letters is one typo, as
 * with Algolia), or `max + 1` as soon as it is known to exceed `max`.
 */
export function boundedDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** The word with each pair of adjacent letters swapped: one typo each, by Damerau's count. */
export function transpositions(word: string): string[] {
  const swapped: string[] = [];
  for (let i = 0; i + 1 < word.length; i += 1) {
    if (word[i] === word[i + 1]) continue;
    swapped.push(word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2));
  }
  return swapped;
}

export type WordMatch = {
  readonly typos: number;
  readonly exact: boolean;
  readonly prefixLength: number | null;
};

/** How a word of the text matches a word of the query, if it does. */
export function matchWord(query: QueryWord, word: string): WordMatch | null {
  if (word === query.text) return {typos: 0, exact: true, prefixLength: null};
  if (query.prefix && word.startsWith(query.text))
    return {typos: 0, exact: false, prefixLength: query.text.length};
  if (query.maxTypos === 0) return null;
  const typos = boundedDistance(query.text, word, query.maxTypos);
  return typos <= query.maxTypos ? {typos, exact: false, prefixLength: null} : null;
}
