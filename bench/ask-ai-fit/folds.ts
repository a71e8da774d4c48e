/**
 * The folds of a cross-validation over groups of judged sets (a group, e.g. a set with the typo
 * twins of its questions, always stays in one fold). By default every group is its own fold
 * (leave-one-group-out: 88 fits of about four minutes each, the headline figures in
 * bench/README.md). `CV_FOLDS=k` groups them into k folds instead (grouped k-fold, as Hastie,
 * Tibshirani and Friedman, "The Elements of Statistical Learning", §7.10, recommend with k = 5
 * or 10): k fits, each on about (k − 1)/k of the questions, so that a change to the fit can be
 * compared with the tree before it on every set in one sitting. Both arms of such a comparison
 * must use the same k; its figures are a little below leave-one-group-out's, whose folds train
 * on more questions, and are not comparable with them.
 *
 * Groups are dealt round-robin in name order (the same rule as the threshold's folds in
 * fit.ts), so each fold holds about as many English, Indonesian and conversation sets, and a
 * fold's groups do not depend on which are measured (`CV_GROUPS`) or on the machine.
 * `CV_FOLD_PART=i/n` runs the folds f with f mod n = i, so n processes can share the folds
 * (mergeCv.ts joins their results).
 */
export type Fold = {
  /** Names the fold's kept model (foldModels.ts): the group's name when it is alone. */
  readonly label: string;
  /** The groups the fold leaves out of the fit and answers. */
  readonly held: readonly string[];
};

export function cvFolds(groupNames: readonly string[], k: number | null): Fold[] {
  if (k === null) return groupNames.map((name) => ({label: name, held: [name]}));
  const sorted = [...groupNames].sort();
  return Array.from({length: k}, (_, f) => ({
    label: `fold-${f + 1}-of-${k}`,
    held: sorted.filter((_, position) => position % k === f),
  }));
}

/** `CV_FOLDS`: unset for leave-one-group-out, else a whole number from 2 to the groups' count. */
export function foldCount(value: string | undefined, groups: number): number | null {
  if (value === undefined || value === '') return null;
  const k = Number(value);
  if (!Number.isInteger(k) || k < 2 || k > groups)
    throw new Error(
      `CV_FOLDS must be a whole number from 2 to ${groups} (the groups of judged sets), or unset for leave-one-group-out; got "${value}".`,
    );
  return k;
}

/** `CV_FOLD_PART=i/n`: this process runs the folds f with f mod n = i (0 ≤ i < n). */
export function foldPart(value: string | undefined): {index: number; of: number} | null {
  if (value === undefined || value === '') return null;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const of = Number(match?.[2]);
  if (!match || of < 1 || index >= of)
    throw new Error(`CV_FOLD_PART must be i/n with 0 <= i < n (e.g. 0/2 and 1/2); got "${value}".`);
  return {index, of};
}
