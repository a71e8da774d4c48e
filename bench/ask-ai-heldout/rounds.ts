import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {familyOf, type Family, type SetFigures} from './pool';

/** The rounds with a `ask-ai-heldout<round>.json` in the results folder, in order. */
export function heldOutRounds(results: string): number[] {
  return readdirSync(results)
    .flatMap((name) => {
      const round = /^ask-ai-heldout(\d+)\.json$/.exec(name)?.[1];
      return round === undefined ? [] : [Number(round)];
    })
    .sort((a, b) => a - b);
}

export type FamilySets = {readonly rounds: number[]; readonly sets: SetFigures[]};

/** Every held-out set of the rounds from `from` to `to`, by family (English, Indonesian, follow-ups). */
export function setsByFamily(
  results: string,
  from: number,
  to: number,
): Record<Family, FamilySets> {
  const byFamily: Record<Family, FamilySets> = {
    en: {rounds: [], sets: []},
    id: {rounds: [], sets: []},
    conv: {rounds: [], sets: []},
  };
  for (const round of heldOutRounds(results).filter((r) => r >= from && r <= to)) {
    const file = JSON.parse(
      readFileSync(path.join(results, `ask-ai-heldout${round}.json`), 'utf8'),
    ) as {results: Record<string, SetFigures>};
    for (const [set, figures] of Object.entries(file.results)) {
      const family = byFamily[familyOf(set)];
      family.rounds.push(round);
      family.sets.push(figures);
    }
  }
  return byFamily;
}

/** The last ten rounds: what `npm run ask-ai-heldout` and the summary pool by default. */
export const POOLED_ROUNDS = 10;
