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

/** Query word → the index words it also stands for. Only one-word inputs expand (as Algolia's
 * engine does for the common case; a phrase input like "merge request" is matched word by word
 * anyway). */
export type SynonymMap = ReadonlyMap<string, readonly string[]>;

export function synonymMap(records: readonly SynonymRecord[]): SynonymMap {
  const map = new Map<string, Set<string>>();
  const link = (from: string, to: string) => {
    const input = words(from);
    if (input.length !== 1) return;
    const key = input[0] as string;
    const targets = map.get(key) ?? new Set<string>();
    for (const word of words(to)) if (word !== key) targets.add(word);
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

/** A record of the file, checked by hand (the file is small and written by people). */
export function parseSynonyms(raw: unknown, source: string): SynonymRecord[] {
  if (!Array.isArray(raw)) throw new Error(`${source}: expected an array of synonym records`);
  return raw.map((entry: unknown, index) => {
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
}
