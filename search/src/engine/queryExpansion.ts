import type SearchableMap from 'minisearch/SearchableMap';
import type {QueryWord} from '../analysis/queryWords';
import {MAX_QUERY_WORDS} from '../analysis/queryWords';
import {indonesianVariants, loanwordForms} from '../analysis/indonesian';
import {stemOf} from '../analysis/stems';
import type {SynonymMap} from '../analysis/synonyms';
import {englishTranslations} from '../analysis/translations';
import {transpositions} from '../analysis/typos';
import type {TermMatch} from './hits';

/**
 * Query expansion: the index terms a query word stands for. Each query word is looked up in
 * MiniSearch's radix tree (chosen by measurement, search/DESIGN.md): as typed, through the
 * writers' synonyms, as two typed words the index holds as one, as a prefix when it is the last
 * word, by its English stem, and within its typo budget when the index does not hold it as typed.
 * The same expansion serves the records (the modal, /search) and the sections (Ask AI).
 */

/** The terms of an index, their stems and the writers' synonyms: what expansion looks up. */
export type Lexicon = {
  readonly terms: SearchableMap<number>;
  /** Stem → the terms with that stem. */
  readonly stems: ReadonlyMap<string, readonly (readonly [term: string, termId: number])[]>;
  readonly synonyms: SynonymMap;
};

export type Candidate = {
  readonly termId: number;
  readonly typos: number;
  readonly exact: boolean;
  readonly prefixLength: number | null;
  /** Reached only through an Indonesian word's English translation (analysis/translations.ts). */
  readonly translated?: true;
};
type FoundTerm = {
  termId: number;
  typos: number;
  exact: boolean;
  prefixLength: number | null;
  translated?: true;
};

/** The letters a one-letter edit of a word being typed may put in (the index is lower case). */
const EDIT_LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** The shortest part of a word typed without its space that is split off (`splitRunTogether`). */
const SPLIT_PART = 3;

/**
 * A word typed without its space (`sharingsession`, `docsday`) that matches nothing, as typed
 * or with typos, becomes the two index words it is made of, as Algolia splits a query word in
 * two. Only then: a word that matches something keeps its match (`rollback` is one word).
 * The parts keep the word's token, so they weigh together as one word (`weighTokens`).
 */
export function splitRunTogether(lexicon: Lexicon, query: QueryWord[]): QueryWord[] {
  const result: QueryWord[] = [];
  query.forEach((word, queryIndex) => {
    // The split is looked for first: a few lookups, and most words have none, so the costlier
    // check that the word matches nothing runs rarely (not on every keystroke of a long word).
    const split =
      word.text.length >= 2 * SPLIT_PART &&
      query.length + result.length - queryIndex < MAX_QUERY_WORDS &&
      !lexicon.terms.has(word.text)
        ? bestSplit(lexicon, word.text)
        : null;
    if (split === null || candidates(lexicon, word, queryIndex, new Map()).length > 0) {
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
function bestSplit(lexicon: Lexicon, text: string): [string, string] | null {
  let best: [string, string] | null = null;
  let bestShorter = 0;
  for (let at = SPLIT_PART; at <= text.length - SPLIT_PART; at += 1) {
    const left = text.slice(0, at);
    const right = text.slice(at);
    const shorter = Math.min(left.length, right.length);
    if (shorter > bestShorter && lexicon.terms.has(left) && lexicon.terms.has(right)) {
      best = [left, right];
      bestShorter = shorter;
    }
  }
  return best;
}

/** The index terms a query word matches, fewest typos first. */
export function candidates(
  lexicon: Lexicon,
  word: QueryWord,
  queryIndex: number,
  termMatches: Map<string, TermMatch[]>,
): Candidate[] {
  const found = new Map<string, FoundTerm>();
  const exactId = lexicon.terms.get(word.text);
  if (exactId !== undefined)
    found.set(word.text, {termId: exactId, typos: 0, exact: true, prefixLength: null});
  // The writers' synonyms count as the word itself, as Algolia's alternativesAsExact does.
  for (const alternative of lexicon.synonyms.get(word.text) ?? []) {
    const termId = lexicon.terms.get(alternative);
    if (termId !== undefined && !found.has(alternative))
      found.set(alternative, {termId, typos: 0, exact: true, prefixLength: null});
  }
  // Two typed words that the index holds as one ("back up", "backed up": backup; "roll
  // back": rollback) match as either word, as Algolia's concatenation does; not as exact.
  for (const [left, right] of word.pairs ?? []) {
    const leftStem = stemOf(left);
    for (const joined of new Set([left + right, leftStem === null ? '' : leftStem + right])) {
      if (joined === '' || found.has(joined)) continue;
      const termId = lexicon.terms.get(joined);
      if (termId !== undefined)
        found.set(joined, {termId, typos: 0, exact: false, prefixLength: null});
      // The joined word's other forms, whether or not the index holds it as joined ("backed
      // up": backup, which the index holds only as "backups").
      const joinedStem = stemOf(joined);
      for (const [other, otherId] of (joinedStem === null
        ? undefined
        : lexicon.stems.get(joinedStem)) ?? [])
        if (!found.has(other))
          found.set(other, {termId: otherId, typos: 0, exact: false, prefixLength: null});
    }
  }
  if (word.prefix) {
    for (const [term, termId] of lexicon.terms.atPrefix(word.text)) {
      if (!found.has(term))
        found.set(term, {termId, typos: 0, exact: false, prefixLength: word.text.length});
    }
  }
  // Typo tolerance only for a word the index does not hold as typed: typo matches rank below
  // exact ones anyway, and the lookup is the costliest part of a query.
  // A stem match (hotfix → hotfixes, approve → approvals) ranks below an exact one: it is
  // not exact, as a prefix match is not.
  const stem = stemOf(word.text);
  for (const [term, termId] of (stem === null ? undefined : lexicon.stems.get(stem)) ?? []) {
    if (!found.has(term)) found.set(term, {termId, typos: 0, exact: false, prefixLength: null});
  }
  // A word the handbook does not hold in any form may be Indonesian: its stem, its colloquial
  // base or the English word it was borrowed from (analysis/indonesian.ts), looked up exactly,
  // through the synonyms and by stem, before any typo is assumed.
  const asIndonesian = found.size === 0 && indonesianCandidates(lexicon, word, found);
  if (exactId === undefined && word.maxTypos > 0 && !asIndonesian)
    typoCandidates(lexicon, word, found);
  if (found.size === 0) borrowedWithTypo(lexicon, word, found);
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
      for (const alternative of lexicon.synonyms.get(term) ?? []) {
        const termId = lexicon.terms.get(alternative);
        if (termId !== undefined && !found.has(alternative))
          found.set(alternative, {termId, typos, exact: false, prefixLength: null});
      }
    }
    const stem = corrections === 1 ? stemOf(correction) : null;
    for (const [other, termId] of (stem === null ? undefined : lexicon.stems.get(stem)) ?? [])
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
/**
 * Adds the terms of a word's Indonesian forms (stem, colloquial base, English original),
 * looked up exactly, through the synonyms and by stem; when none is held, those of its English
 * translations. Returns whether any was found.
 */
function indonesianCandidates(
  lexicon: Lexicon,
  word: QueryWord,
  found: Map<string, FoundTerm>,
): boolean {
  if (word.text.length < 4) return false;
  const forms = indonesianVariants(word.text);
  const add = (term: string, termId: number, translated = false) => {
    if (!found.has(term))
      found.set(term, {
        termId,
        typos: 0,
        exact: false,
        prefixLength: null,
        ...(translated ? {translated: true} : {}),
      });
  };
  for (const form of forms) {
    const termId = lexicon.terms.get(form);
    if (termId !== undefined) add(form, termId);
    for (const alternative of lexicon.synonyms.get(form) ?? []) {
      const id = lexicon.terms.get(alternative);
      if (id !== undefined) add(alternative, id);
    }
    const stem = stemOf(form);
    for (const [term, id] of (stem === null ? undefined : lexicon.stems.get(stem)) ?? [])
      add(term, id);
    if (found.size > 0) return true;
  }
  // Then the English words it translates to (analysis/translations.ts): gagal, fail.
  for (const english of englishTranslations(word.text)) {
    const termId = lexicon.terms.get(english);
    if (termId !== undefined) add(english, termId, true);
    const stem = stemOf(english);
    for (const [term, id] of (stem === null ? undefined : lexicon.stems.get(stem)) ?? [])
      add(term, id, true);
  }
  return found.size > 0;
}

/**
 * A borrowed word of eight letters or more that nothing else matched may be one typo from its
 * English spelling (instalasi: installation, with its double l).
 */
function borrowedWithTypo(lexicon: Lexicon, word: QueryWord, found: Map<string, FoundTerm>) {
  if (word.text.length < 4) return;
  for (const form of loanwordForms(word.text))
    if (form.length >= 8)
      for (const [term, [termId]] of lexicon.terms.fuzzyGet(form, 1))
        if (!found.has(term)) found.set(term, {termId, typos: 1, exact: false, prefixLength: null});
}

function typoCandidates(lexicon: Lexicon, word: QueryWord, found: Map<string, FoundTerm>): void {
  const add = (term: string, termId: number, typos: number, prefixLength: number | null) => {
    const previous = found.get(term);
    if (!previous || previous.typos > typos)
      found.set(term, {termId, typos, exact: false, prefixLength});
  };
  const fuzzy = (text: string, budget: number, extra: number) => {
    for (const [term, [termId, distance]] of lexicon.terms.fuzzyGet(text, budget))
      add(term, termId, distance + extra, null);
  };
  // A word being typed that starts some index words is most likely right so far: only the
  // plain lookups (as Algolia, and to keep every keystroke cheap).
  let typedPrefixMatched = false;
  for (const {prefixLength} of found.values()) if (prefixLength !== null) typedPrefixMatched = true;
  const swaps = transpositions(word.text);
  for (const swapped of swaps) {
    const termId = lexicon.terms.get(swapped);
    if (termId !== undefined) add(swapped, termId, 1, null);
  }
  fuzzy(word.text, word.maxTypos, 0);
  if (typedPrefixMatched) return;
  if (word.maxTypos >= 2) {
    for (const swapped of swaps) {
      fuzzy(swapped, 1, 1);
      for (const twice of transpositions(swapped)) {
        const termId = lexicon.terms.get(twice);
        if (termId !== undefined) add(twice, termId, 2, null);
      }
    }
  }
  if (word.prefix && word.text.length >= 4) {
    for (const swapped of swaps)
      for (const [term, termId] of lexicon.terms.atPrefix(swapped))
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
        for (const [term, termId] of lexicon.terms.atPrefix(edit))
          add(term, termId, 1, edit.length);
  }
  if (found.size === 0 && word.maxTypos === 1 && word.text.length >= 5) {
    fuzzy(word.text, 2, 0);
    for (const swapped of swaps) fuzzy(swapped, 1, 1);
  }
}
