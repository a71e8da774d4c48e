import {stemOf} from './stems';
import {isStopWord} from './stopWords';
import {words} from './tokens';

/**
 * The writers' synonyms (site/search-synonyms.json, Algolia's synonym records), applied at query
 * time: a two-way `synonym` lets every entry of the group stand for every other; a
 * `oneWaySynonym` lets its `input` stand for its `synonyms`, not the other way round. A query
 * word then also matches the words of its alternatives, as the same query word.
 */
export type SynonymRecord =
  | {readonly objectID?: string; readonly type: 'synonym'; readonly synonyms: readonly string[]}
  | {
      readonly objectID?: string;
      readonly type: 'oneWaySynonym';
      readonly input: string;
      readonly synonyms: readonly string[];
    };

/**
 * Query word → the index terms it also stands for. Only one-word inputs expand (as Algolia's
 * engine does for the common case; a phrase input like "merge request" is matched word by word
 * anyway). A target of several words is one term, the phrase (`not allowed`), which the indexer
 * adds wherever the text holds those words in a row (`phrasesOf`): a synonym stands for the
 * phrase, never for each of its words ("banned" must not match every record with "not").
 */
export type SynonymMap = ReadonlyMap<string, readonly string[]>;

/** The index term of a synonym target: its words, joined by a space when there are several. */
export function phraseTerm(text: string): string {
  return words(text).join(' ');
}

export function synonymMap(records: readonly SynonymRecord[]): SynonymMap {
  const map = new Map<string, Set<string>>();
  const link = (from: string, to: string) => {
    const input = words(from);
    if (input.length !== 1) return;
    const key = input[0] as string;
    const targets = map.get(key) ?? new Set<string>();
    const target = phraseTerm(to);
    if (target !== '' && target !== key) targets.add(target);
    map.set(key, targets);
  };
  for (const entry of records) {
    if (entry.type === 'synonym') {
      for (const a of entry.synonyms) for (const b of entry.synonyms) if (a !== b) link(a, b);
    } else {
      for (const target of entry.synonyms) link(entry.input, target);
    }
  }
  return new Map([...map].map(([key, values]) => [key, [...values]]));
}

/** The synonym targets of several words, each as its words: what the indexer adds as phrases. */
export function phrasesOf(records: readonly SynonymRecord[]): (readonly string[])[] {
  const phrases = new Map<string, string[]>();
  for (const entry of records) {
    for (const target of entry.synonyms) {
      const parts = words(target);
      if (parts.length > 1) phrases.set(parts.join(' '), parts);
    }
  }
  return [...phrases.values()];
}

/**
 * Finds the phrases in a text's words, each occurrence as the phrase's term (`phraseTerm`).
 * Words compare by their English stem, as single words match: "merge requests" holds the phrase
 * "merge request".
 */
export function phraseMatcher(
  phrases: readonly (readonly string[])[],
): (text: readonly string[]) => string[] {
  const base = (word: string) => stemOf(word) ?? word;
  const byFirst = new Map<string, {term: string; stems: string[]}[]>();
  for (const phrase of phrases) {
    const stems = phrase.map(base);
    const first = stems[0] as string;
    byFirst.set(first, [...(byFirst.get(first) ?? []), {term: phrase.join(' '), stems}]);
  }
  return (text) => {
    if (byFirst.size === 0) return [];
    const stems = text.map(base);
    const found: string[] = [];
    stems.forEach((stem, at) => {
      for (const phrase of byFirst.get(stem) ?? [])
        if (phrase.stems.every((part, offset) => stems[at + offset] === part))
          found.push(phrase.term);
    });
    return found;
  };
}

/** A record of the file, checked by hand (the file is small and written by people). */
export function parseSynonyms(raw: unknown, source: string): SynonymRecord[] {
  if (!Array.isArray(raw)) throw new Error(`${source}: expected an array of synonym records`);
  const records = raw.map((entry: unknown, index): SynonymRecord => {
    const value = entry as Record<string, unknown>;
    const list = value.synonyms;
    const strings = Array.isArray(list) && list.every((item) => typeof item === 'string');
    if (value.type === 'synonym' && strings && list.length >= 2)
      return {type: 'synonym', synonyms: list as string[]};
    if (
      value.type === 'oneWaySynonym' &&
      strings &&
      list.length >= 1 &&
      typeof value.input === 'string'
    )
      return {type: 'oneWaySynonym', input: value.input, synonyms: list as string[]};
    throw new Error(
      `${source}[${index}]: a synonym record is {type: "synonym", synonyms: [2+ strings]} or {type: "oneWaySynonym", input, synonyms: [1+ strings]}`,
    );
  });
  records.forEach((entry, index) => {
    for (const target of entry.synonyms) {
      if (words(target).every(isStopWord))
        throw new Error(
          `${source}[${index}]: the synonym "${target}" is made only of stop words, so it would match nearly every page; write the word it stands for`,
        );
    }
  });
  return records;
}
