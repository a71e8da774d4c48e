/**
 * Joins the results of cross-validations run side by side over disjoint groups (one process per
 * core, each with its own `CV_GROUPS` and `CV_RESULTS`) into one results file, as one run over
 * all the groups would have written it: the sets' own figures as they are, and "all, pooled"
 * recounted from each set's counts (every rate is a count over the set's answerable or
 * unanswerable questions). The pooled time to first text cannot be recounted from percentiles;
 * it is the largest of the parts' own, an upper bound (no more than 5% of the union lies above
 * the largest of the parts' 95th percentiles).
 *
 *   node --import tsx bench/ask-ai-fit/mergeCv.ts OUT.json A.json B.json [...]
 */
import {readFileSync, writeFileSync} from 'node:fs';

type Figures = {
  answerable: number;
  unanswerable: number;
  firstLinkRight: number;
  rightPageAndFacts: number;
  factsContained: number;
  refusalsOnUnanswerable: number;
  falseRefusals: number;
  firstDeltaP50Ms: number;
  firstDeltaP95Ms: number;
  misses: string[];
};
/** `method`: which cross-validation wrote the file (fit.ts); the parts must agree on it. */
type CvFile = {measuredAt: string; method?: string; results: Record<string, Figures>};

const POOLED = 'all, pooled';
const PER_ANSWERABLE = ['firstLinkRight', 'rightPageAndFacts', 'factsContained', 'falseRefusals'];

export function mergeCv(parts: readonly CvFile[]): CvFile {
  const results: Record<string, Figures> = {};
  for (const part of parts)
    for (const [set, figures] of Object.entries(part.results)) {
      if (set === POOLED) continue;
      if (results[set]) throw new Error(`set ${set} is in more than one part`);
      results[set] = figures;
    }
  const sets = Object.values(results);
  const sum = (of: (figures: Figures) => number) => sets.reduce((total, f) => total + of(f), 0);
  const answerable = sum((f) => f.answerable);
  const unanswerable = sum((f) => f.unanswerable);
  const rate = (key: keyof Figures, over: 'answerable' | 'unanswerable') => {
    const total = over === 'answerable' ? answerable : unanswerable;
    return total === 0 ? 0 : sum((f) => Math.round((f[key] as number) * f[over])) / total;
  };
  const pooledParts = parts.flatMap((part) => part.results[POOLED] ?? []);
  const largest = (key: 'firstDeltaP50Ms' | 'firstDeltaP95Ms') =>
    Math.max(...pooledParts.map((f) => f[key]));
  results[POOLED] = {
    answerable,
    unanswerable,
    ...(Object.fromEntries(
      PER_ANSWERABLE.map((key) => [key, rate(key as keyof Figures, 'answerable')]),
    ) as Pick<
      Figures,
      'firstLinkRight' | 'rightPageAndFacts' | 'factsContained' | 'falseRefusals'
    >),
    refusalsOnUnanswerable: rate('refusalsOnUnanswerable', 'unanswerable'),
    firstDeltaP50Ms: largest('firstDeltaP50Ms'),
    firstDeltaP95Ms: largest('firstDeltaP95Ms'),
    misses: [],
  };
  const methods = new Set(parts.map((part) => part.method));
  if (methods.size > 1)
    throw new Error(`the parts come from different cross-validations: ${[...methods].join(', ')}`);
  const [method] = methods;
  const measuredAt =
    parts
      .map((part) => part.measuredAt)
      .sort()
      .at(-1) ?? new Date().toISOString();
  return {measuredAt, ...(method === undefined ? {} : {method}), results};
}

if (process.argv[1]?.endsWith('mergeCv.ts')) {
  const [out, ...inputs] = process.argv.slice(2);
  if (!out || inputs.length < 2) {
    console.error('usage: mergeCv.ts OUT.json A.json B.json [...]');
    process.exit(2);
  }
  const merged = mergeCv(inputs.map((file) => JSON.parse(readFileSync(file, 'utf8')) as CvFile));
  writeFileSync(out, `${JSON.stringify(merged, null, 2)}\n`);
  const pooled = merged.results[POOLED] as Figures;
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
  console.log(
    `${Object.keys(merged.results).length - 1} sets, ${pooled.answerable} + ${pooled.unanswerable}: first link ${pct(pooled.firstLinkRight)}, facts ${pct(pooled.factsContained)}, right page and facts ${pct(pooled.rightPageAndFacts)}, refusals ${pct(pooled.refusalsOnUnanswerable)}, false refusals ${pct(pooled.falseRefusals)}`,
  );
}
