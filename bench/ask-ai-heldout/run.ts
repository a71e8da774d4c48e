/**
 * The held-out rounds pooled: every set of `results/ask-ai-heldout<round>.json` was written by a
 * new helper who saw neither the code nor other sets, and asked once through the gate. A round
 * has 22 unanswerable English questions and 14 answerable questions per Indonesian style, so a
 * single round's rate swings by ten points or more; pooled over rounds, with a 95% Wilson
 * interval, the figure says what a new reader should expect.
 *
 *   npm run ask-ai-heldout -w bench                  # the last ten rounds
 *   npm run ask-ai-heldout -w bench -- --from 26     # rounds 26 to the latest
 */
import path from 'node:path';
import {FAMILY_LABELS, GOALS, pool, verdict, type PooledRate} from './pool';
import {heldOutRounds, POOLED_ROUNDS, setsByFamily} from './rounds';

const RESULTS = path.join(import.meta.dirname, '../results');
const rounds = heldOutRounds(RESULTS);
if (rounds.length === 0) throw new Error(`no ask-ai-heldout<round>.json in ${RESULTS}`);

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value)) throw new Error(`${name} takes a round number`);
  return value;
}
const latest = rounds[rounds.length - 1] as number;
const to = option('--to', latest);
const from = option('--from', Math.max(rounds[0] as number, to - POOLED_ROUNDS + 1));
const byFamily = setsByFamily(RESULTS, from, to);

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const range = (interval: {low: number; high: number} | null) =>
  interval ? `${percent(interval.low)}–${percent(interval.high)}` : '–';
const shown = (rate: PooledRate) =>
  `${percent(rate.rate)} (${rate.count} of ${rate.of}) | ${range(rate.interval)} | ${range(rate.bySet)}`;
const NAMES: Record<keyof ReturnType<typeof pool>['figures'], string> = {
  firstLinkRight: 'first link right',
  factsContained: 'facts',
  rightPageAndFacts: 'right page and facts',
  refusalsOnUnanswerable: 'unanswerable refused',
  falseRefusals: 'answerable refused',
};

console.log(
  `Held-out rounds ${from}–${to}, pooled; 95% intervals over the questions (Wilson) and over the sets (t)`,
);
console.log(
  '| questions | rounds | figure | goal | pooled | over the questions | over the sets | goal met |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const family of ['en', 'id', 'conv'] as const) {
  const {rounds: measured, sets} = byFamily[family];
  if (sets.length === 0) continue;
  const pooled = pool(sets);
  const label = FAMILY_LABELS[family];
  const span = `${measured.length} (${measured.join(', ')})`;
  for (const goal of GOALS[family]) {
    const rate = pooled.figures[goal.figure];
    const bound =
      goal.atLeast !== undefined ? `≥ ${percent(goal.atLeast)}` : `≤ ${percent(goal.atMost ?? 1)}`;
    console.log(
      `| ${label} | ${span} | ${NAMES[goal.figure]} | ${bound} | ${shown(rate)} | ${verdict(rate, goal)} |`,
    );
  }
  if (family === 'en') continue;
  const kinds = [...new Set(sets.flatMap((set) => Object.keys(set.byKind ?? {})))].sort();
  for (const kind of kinds) {
    const rate = pool(sets.flatMap((set) => set.byKind?.[kind] ?? [])).figures.rightPageAndFacts;
    console.log(`| ${label}, ${kind} | ${span} | right page and facts | | ${shown(rate)} | |`);
  }
}
