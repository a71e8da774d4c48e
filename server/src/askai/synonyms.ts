import {readFileSync} from 'node:fs';
import {z} from 'zod';
import type {StemSynonyms} from './retriever';
import {stemsOf} from './terms';

/**
 * The writers' synonyms file (`site/search-synonyms.json`, Algolia's synonym records): a
 * two-way `synonym` makes every word of the group stand for every other; a `oneWaySynonym`
 * lets its `input` stand for its `synonyms` only. Ask AI reads it as stems; a phrase counts
 * through each of its words.
 */

const record = z.discriminatedUnion('type', [
  z.object({
    objectID: z.string().optional(),
    type: z.literal('synonym'),
    synonyms: z.array(z.string().min(1)).min(2),
  }),
  z.object({
    objectID: z.string().optional(),
    type: z.literal('oneWaySynonym'),
    input: z.string().min(1),
    synonyms: z.array(z.string().min(1)).min(1),
  }),
]);
const file = z.array(record);

export type SynonymRecord = z.infer<typeof record>;

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
  const parsed = file.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `The synonyms file ${path} is invalid at ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`,
    );
  }
  return stemSynonyms(parsed.data);
}
