/**
 * A fitted ensemble of regression trees (gradient boosting with the logistic loss): the
 * log-odds is the base plus, for every tree, the value of the leaf the features reach. Each
 * tree is stored flat, node by node from the root; an inner node sends a row left when
 * `features[feature] <= threshold`. Fitted offline by `bench/ask-ai-fit/boosting.ts`.
 */
export type Tree = {
  /** Per node: the feature index it splits on, or -1 for a leaf. */
  readonly feature: readonly number[];
  readonly threshold: readonly number[];
  readonly left: readonly number[];
  readonly right: readonly number[];
  /** Per node: the leaf's contribution to the log-odds (0 for an inner node). */
  readonly value: readonly number[];
};

export type BoostedTrees = {readonly base: number; readonly trees: readonly Tree[]};

export function treeValue(tree: Tree, row: readonly number[]): number {
  let node = 0;
  for (;;) {
    const feature = tree.feature[node] ?? -1;
    if (feature < 0) return tree.value[node] ?? 0;
    node =
      (row[feature] ?? 0) <= (tree.threshold[node] ?? 0)
        ? (tree.left[node] ?? 0)
        : (tree.right[node] ?? 0);
  }
}

export function treesLogOdds(model: BoostedTrees, row: readonly number[]): number {
  let sum = model.base;
  for (const tree of model.trees) sum += treeValue(tree, row);
  return sum;
}

/** Throws unless `raw` is a well-formed ensemble over `features` features (names the field). */
export function checkTrees(raw: unknown, features: number, what: string): BoostedTrees {
  const value = raw as {base?: unknown; trees?: unknown} | null;
  if (typeof value?.base !== 'number' || !Number.isFinite(value.base))
    throw new Error(`${what}.base is not a number`);
  if (!Array.isArray(value.trees)) throw new Error(`${what}.trees is not a list`);
  value.trees.forEach((tree: Partial<Record<keyof Tree, unknown>>, t) => {
    const columns = ['feature', 'threshold', 'left', 'right', 'value'] as const;
    const nodes = Array.isArray(tree.feature) ? tree.feature.length : 0;
    for (const column of columns) {
      const list = tree[column];
      if (
        !Array.isArray(list) ||
        list.length !== nodes ||
        !list.every((x) => typeof x === 'number' && Number.isFinite(x))
      )
        throw new Error(`${what}.trees[${t}].${column} is not a list of ${nodes} numbers`);
    }
    const {feature, left, right} = tree as Tree;
    feature.forEach((f, node) => {
      if (f < 0) return;
      const [l, r] = [left[node] ?? 0, right[node] ?? 0];
      // Children come after their parent, so a walk always ends at a leaf.
      if (
        f >= features ||
        !Number.isInteger(f) ||
        l <= node ||
        r <= node ||
        l >= nodes ||
        r >= nodes
      )
        throw new Error(`${what}.trees[${t}] node ${node} is malformed`);
    });
  });
  return value as BoostedTrees;
}
