/**
 * The Wilson score interval of a proportion (Wilson, "Probable inference, the law of succession,
 * and statistical inference", JASA 1927): the standard interval for a rate counted over a few
 * dozen questions, which unlike the normal approximation stays inside [0, 1] and holds near 0
 * and 1 (Brown, Cai and DasGupta, "Interval estimation for a binomial proportion", 2001).
 */
export type Interval = {readonly low: number; readonly high: number};

/** z for a two-sided 95% interval. */
export const Z_95 = 1.959964;

export function wilson(successes: number, trials: number, z = Z_95): Interval {
  if (!Number.isInteger(successes) || !Number.isInteger(trials) || trials <= 0)
    throw new RangeError(`wilson: need whole counts and trials > 0, got ${successes}/${trials}`);
  if (successes < 0 || successes > trials)
    throw new RangeError(`wilson: ${successes} successes out of ${trials} trials`);
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return {low: Math.max(0, centre - half), high: Math.min(1, centre + half)};
}

/** Student's t, two-sided 95% (upper 0.975 quantile), for 1 to 30 degrees of freedom. */
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145,
  2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048,
  2.045, 2.042,
];

/**
 * A 95% interval for the mean of per-set rates (Student's t over the sets). Questions of one set
 * share a writer and are not independent draws, which the Wilson interval assumes; the spread of
 * whole sets around their mean is the honest measure of what a new set will give.
 */
export function meanInterval(rates: readonly number[]): Interval & {readonly mean: number} {
  if (rates.length < 2) throw new RangeError('meanInterval: need at least two sets');
  const mean = rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
  const variance = rates.reduce((sum, rate) => sum + (rate - mean) ** 2, 0) / (rates.length - 1);
  const t = T_975[rates.length - 2] ?? Z_95;
  const half = (t * Math.sqrt(variance)) / Math.sqrt(rates.length);
  return {mean, low: Math.max(0, mean - half), high: Math.min(1, mean + half)};
}
