/**
 * A fitted logistic model: a bias and one weight per named feature, applied as
 * bias + Σ weight · feature (the log-odds). The weights are fitted offline by
 * `bench/ask-ai-fit/fit.ts` (L2-regularised logistic regression) and read from `weights.json`.
 */
export type LinearModel<Name extends string> = Readonly<Record<Name | 'bias', number>>;

export function logOdds<Name extends string>(
  model: LinearModel<Name>,
  features: Readonly<Record<Name, number>>,
  names: readonly Name[],
): number {
  let sum = model.bias;
  for (const name of names) sum += (model[name] ?? 0) * features[name];
  return sum;
}

export function probability(logit: number): number {
  return 1 / (1 + Math.exp(-logit));
}
