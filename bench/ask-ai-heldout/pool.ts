import {meanInterval, wilson, type Interval} from './wilson';

/** One held-out set's figures as `bench/results/ask-ai-heldout<round>.json` holds them. */
export type SetFigures = {
  readonly answerable: number;
  readonly unanswerable: number;
  readonly firstLinkRight: number;
  readonly factsContained: number;
  readonly rightPageAndFacts: number;
  readonly refusalsOnUnanswerable: number;
  readonly falseRefusals: number;
  readonly byKind?: Readonly<Record<string, SetFigures>>;
};

export type Family = 'en' | 'id' | 'conv';
export const FAMILY_LABELS: Readonly<Record<Family, string>> = {
  en: 'English',
  id: 'Indonesian',
  conv: 'follow-ups',
};
export type Rate = 'firstLinkRight' | 'factsContained' | 'rightPageAndFacts' | 'falseRefusals';
type Counts = Record<Rate | 'refusalsOnUnanswerable' | 'answerable' | 'unanswerable', number>;

/**
 * A pooled rate: its count, what it is counted over, its 95% Wilson interval over the questions,
 * and (with two sets or more) the 95% interval of the mean of the sets' own rates.
 */
export type PooledRate = {
  readonly count: number;
  readonly of: number;
  readonly rate: number;
  readonly interval: Interval;
  readonly bySet: Interval | null;
};
export type Pooled = {
  readonly sets: number;
  readonly figures: Readonly<Record<Rate | 'refusalsOnUnanswerable', PooledRate>>;
};

/** The family of a held-out set from its name: heldout-en-AE, heldout-id-AE, heldout-conv-AE. */
export function familyOf(set: string): Family {
  const family = /^heldout-(en|id|conv)-/.exec(set)?.[1];
  if (!family) throw new Error(`not a held-out set name: ${set}`);
  return family as Family;
}

const RATES: readonly Rate[] = [
  'firstLinkRight',
  'factsContained',
  'rightPageAndFacts',
  'falseRefusals',
];

/**
 * Pools sets' figures by recounting: every rate in a results file is a count over the set's
 * answerable (or unanswerable) questions, so rounding rate × total gives the count back.
 */
export function pool(sets: readonly SetFigures[]): Pooled {
  const counts: Counts = {
    answerable: 0,
    unanswerable: 0,
    refusalsOnUnanswerable: 0,
    firstLinkRight: 0,
    factsContained: 0,
    rightPageAndFacts: 0,
    falseRefusals: 0,
  };
  for (const set of sets) {
    counts.answerable += set.answerable;
    counts.unanswerable += set.unanswerable;
    counts.refusalsOnUnanswerable += Math.round(set.refusalsOnUnanswerable * set.unanswerable);
    for (const rate of RATES) counts[rate] += Math.round(set[rate] * set.answerable);
  }
  const pooled = (count: number, of: number, rates: number[]): PooledRate => ({
    count,
    of,
    rate: of === 0 ? 0 : count / of,
    interval: of === 0 ? {low: 0, high: 1} : wilson(count, of),
    bySet: rates.length >= 2 ? meanInterval(rates) : null,
  });
  const asked = sets.filter((set) => set.answerable > 0);
  const refusable = sets.filter((set) => set.unanswerable > 0);
  return {
    sets: sets.length,
    figures: {
      ...(Object.fromEntries(
        RATES.map((rate) => [
          rate,
          pooled(
            counts[rate],
            counts.answerable,
            asked.map((set) => set[rate]),
          ),
        ]),
      ) as Record<Rate, PooledRate>),
      refusalsOnUnanswerable: pooled(
        counts.refusalsOnUnanswerable,
        counts.unanswerable,
        refusable.map((set) => set.refusalsOnUnanswerable),
      ),
    },
  };
}

/** A goal of the issues: at least (or, for false refusals, at most) a rate. */
export type Goal = {
  readonly figure: keyof Pooled['figures'];
  readonly atLeast?: number;
  readonly atMost?: number;
};

/** Issue 26 (English) and issue 29 (Indonesian, follow-ups), as the issues state them. */
export const GOALS: Readonly<Record<Family, readonly Goal[]>> = {
  en: [
    {figure: 'firstLinkRight', atLeast: 0.85},
    {figure: 'factsContained', atLeast: 0.7},
    {figure: 'refusalsOnUnanswerable', atLeast: 0.8},
    {figure: 'falseRefusals', atMost: 0.1},
  ],
  id: [{figure: 'rightPageAndFacts', atLeast: 0.8}],
  conv: [{figure: 'rightPageAndFacts', atLeast: 0.8}],
};

/**
 * How a pooled rate stands against its goal: met with both 95% intervals (over the questions and
 * over the sets) on the right side, met by the pooled rate alone, or not met.
 */
export function verdict(rate: PooledRate, goal: Goal): 'met, intervals clear' | 'met' | 'not met' {
  const intervals = [rate.interval, ...(rate.bySet ? [rate.bySet] : [])];
  if (goal.atLeast !== undefined) {
    const least = goal.atLeast;
    if (intervals.every((interval) => interval.low >= least)) return 'met, intervals clear';
    return rate.rate >= least ? 'met' : 'not met';
  }
  const most = goal.atMost ?? 1;
  if (intervals.every((interval) => interval.high <= most)) return 'met, intervals clear';
  return rate.rate <= most ? 'met' : 'not met';
}
