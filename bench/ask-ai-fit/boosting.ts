/**
 * Gradient-boosted regression trees for a binary label (Friedman, "Greedy function
 * approximation: a gradient boosting machine", 2001), as XGBoost grows them (Chen and Guestrin,
 * 2016): each round fits one tree to the logistic loss's gradient and Hessian, splits chosen by
 * the exact greedy algorithm over every feature's sorted values, level by level, with the gain
 * G_L²/(H_L+λ) + G_R²/(H_R+λ) − G²/(H+λ) and leaf values −G/(H+λ) shrunk by the learning rate.
 * No JavaScript build of XGBoost or LightGBM is kept up (ml-xgboost is a 2018 Emscripten build
 * without sample weights or a readable model); ml-random-forest returns vote shares, not log-odds,
 * and fits too slowly for leave-one-group-out cross-validation of 51 groups.
 */
import type {BoostedTrees, Tree} from '../../server/src/askai/model/trees';
import {treesLogOdds} from '../../server/src/askai/model/trees';

export type BoostingParams = {
  readonly rounds: number;
  readonly learningRate: number;
  readonly maxDepth: number;
  /** The fewest rows a leaf may hold. */
  readonly minLeaf: number;
  /** The L2 penalty on leaf values (XGBoost's `lambda`, default 1). */
  readonly lambda: number;
};

export function fitBoostedTrees(
  rows: readonly (readonly number[])[],
  labels: readonly number[],
  params: BoostingParams,
  sampleWeights?: readonly number[],
): BoostedTrees {
  const n = rows.length;
  const p = rows[0]?.length ?? 0;
  const weight = (i: number) => sampleWeights?.[i] ?? 1;
  const column = (j: number) => Float64Array.from(rows, (row) => row[j] ?? 0);
  const columns = Array.from({length: p}, (_, j) => column(j));
  const sorted = columns.map((values) =>
    Uint32Array.from({length: n}, (_, i) => i).sort((a, b) => (values[a] ?? 0) - (values[b] ?? 0)),
  );
  let positive = 0;
  let total = 0;
  for (let i = 0; i < n; i += 1) {
    positive += weight(i) * (labels[i] ?? 0);
    total += weight(i);
  }
  const mean = Math.min(1 - 1e-6, Math.max(1e-6, positive / Math.max(total, 1e-12)));
  const base = Math.log(mean / (1 - mean));
  const margin = new Float64Array(n).fill(base);
  const gradient = new Float64Array(n);
  const hessian = new Float64Array(n);
  const trees: Tree[] = [];
  for (let round = 0; round < params.rounds; round += 1) {
    for (let i = 0; i < n; i += 1) {
      const prob = 1 / (1 + Math.exp(-(margin[i] ?? 0)));
      gradient[i] = weight(i) * (prob - (labels[i] ?? 0));
      hessian[i] = weight(i) * prob * (1 - prob);
    }
    const {tree, leafOf} = growTree(columns, sorted, gradient, hessian, params);
    for (let i = 0; i < n; i += 1) margin[i] = (margin[i] ?? 0) + (tree.value[leafOf[i] ?? 0] ?? 0);
    trees.push(tree);
  }
  return {base, trees};
}

type Node = {g: number; h: number; count: number; depth: number};

function growTree(
  columns: readonly Float64Array[],
  sorted: readonly Uint32Array[],
  gradient: Float64Array,
  hessian: Float64Array,
  params: BoostingParams,
): {tree: Tree; leafOf: Int32Array} {
  const n = gradient.length;
  const {lambda, minLeaf} = params;
  const feature: number[] = [-1];
  const threshold: number[] = [0];
  const left: number[] = [0];
  const right: number[] = [0];
  const value: number[] = [0];
  const nodes: Node[] = [{g: 0, h: 0, count: n, depth: 0}];
  const nodeOf = new Int32Array(n);
  for (let i = 0; i < n; i += 1) {
    (nodes[0] as Node).g += gradient[i] ?? 0;
    (nodes[0] as Node).h += hessian[i] ?? 0;
  }
  const score = (g: number, h: number) => (g * g) / (h + lambda);
  let frontier = [0];
  for (let depth = 0; depth < params.maxDepth && frontier.length > 0; depth += 1) {
    // The best split of every node of this level, found in one pass over each sorted feature.
    const size = nodes.length;
    const open = new Uint8Array(size);
    for (const node of frontier) open[node] = 1;
    const bestGain = new Float64Array(size);
    const bestFeature = new Int32Array(size).fill(-1);
    const bestThreshold = new Float64Array(size);
    const runG = new Float64Array(size);
    const runH = new Float64Array(size);
    const runCount = new Int32Array(size);
    const runLast = new Float64Array(size);
    for (let j = 0; j < columns.length; j += 1) {
      const values = columns[j] as Float64Array;
      runG.fill(0);
      runH.fill(0);
      runCount.fill(0);
      for (const i of sorted[j] as Uint32Array) {
        const node = nodeOf[i] ?? 0;
        if (open[node] !== 1) continue;
        const parent = nodes[node] as Node;
        const count = runCount[node] ?? 0;
        const x = values[i] ?? 0;
        // A split falls between two distinct values: rows left of it are those seen so far.
        if (count >= minLeaf && parent.count - count >= minLeaf && x > (runLast[node] ?? 0)) {
          const g = runG[node] ?? 0;
          const h = runH[node] ?? 0;
          const gain = score(g, h) + score(parent.g - g, parent.h - h) - score(parent.g, parent.h);
          if (gain > 1e-12 && gain > (bestGain[node] ?? 0)) {
            bestGain[node] = gain;
            bestFeature[node] = j;
            bestThreshold[node] = between(runLast[node] ?? 0, x);
          }
        }
        runG[node] = (runG[node] ?? 0) + (gradient[i] ?? 0);
        runH[node] = (runH[node] ?? 0) + (hessian[i] ?? 0);
        runCount[node] = count + 1;
        runLast[node] = x;
      }
    }
    const next: number[] = [];
    const children = new Map<number, [number, number]>();
    for (const node of frontier) {
      const split = bestFeature[node] ?? -1;
      if (split < 0) continue;
      const [l, r] = [nodes.length, nodes.length + 1];
      for (const child of [l, r]) {
        nodes.push({g: 0, h: 0, count: 0, depth: depth + 1});
        feature.push(-1);
        threshold.push(0);
        left.push(0);
        right.push(0);
        value.push(0);
        next.push(child);
      }
      feature[node] = split;
      threshold[node] = bestThreshold[node] ?? 0;
      left[node] = l;
      right[node] = r;
      children.set(node, [l, r]);
    }
    for (let i = 0; i < n; i += 1) {
      const pair = children.get(nodeOf[i] ?? 0);
      if (!pair) continue;
      const node = feature[nodeOf[i] ?? 0] ?? 0;
      const child =
        ((columns[node] as Float64Array)[i] ?? 0) <= (threshold[nodeOf[i] ?? 0] ?? 0)
          ? pair[0]
          : pair[1];
      nodeOf[i] = child;
      const stats = nodes[child] as Node;
      stats.g += gradient[i] ?? 0;
      stats.h += hessian[i] ?? 0;
      stats.count += 1;
    }
    frontier = next;
  }
  nodes.forEach((node, index) => {
    if (feature[index] === -1)
      value[index] = Number(((-node.g / (node.h + lambda)) * params.learningRate).toPrecision(6));
  });
  return {tree: {feature, threshold, left, right, value}, leafOf: nodeOf};
}

/**
 * A split point a ≤ t < b, short when it can be: the midpoint to six significant digits, as
 * weights.json stores numbers, when that still falls between the two values.
 */
function between(a: number, b: number): number {
  const mid = (a + b) / 2;
  const short = Number(mid.toPrecision(6));
  return short >= a && short < b ? short : mid;
}

export function predictTrees(model: BoostedTrees, row: readonly number[]): number {
  return 1 / (1 + Math.exp(-treesLogOdds(model, row)));
}
