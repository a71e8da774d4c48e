import {readFileSync} from 'node:fs';
import {parseSynonyms, type SynonymRecord} from '@studio-handbook/search/synonyms';
import type {StemSynonyms} from './retriever';
import {stemsOf} from './terms';

/**
 * The writers' synonyms file (`site/search-synonyms.json`, Algolia's synonym records), read
 * with search's own parser. Search expands query words; Ask AI compares stems, and a phrase
 * ("roll back") counts through each of its words.
 */
export function stemSynonyms(records: readonly SynonymRecord[]): StemSynonyms {
  const map = new Map<string, Set<string>>();
  const link = (from: string, to: string) => {
    for (const source of stemsOf(from)) {
      const targets = map.get(source) ?? new Set<string>();
      for (const target of stemsOf(to)) if (target !== source) targets.add(target);
      map.set(source, targets);
    }
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

/** Reads and checks the file; a broken file stops start-up with its path and the reason. */
export function readSynonymsFile(path: string): StemSynonyms {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`The synonyms file ${path} cannot be read: ${(error as Error).message}`);
  }
  return stemSynonyms(parseSynonyms(raw, path));
}
