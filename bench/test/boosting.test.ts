import {describe, expect, it} from 'vitest';
import {fitBoostedTrees, predictTrees, type BoostingParams} from '../ask-ai-fit/boosting';
import {fitLogistic, predict} from '../ask-ai-fit/logistic';
import {treeValue} from '../../server/src/askai/model/trees';

const params: BoostingParams = {rounds: 60, learningRate: 0.3, maxDepth: 2, minLeaf: 5, lambda: 1};

/**
 * A grid of points labelled by whether both coordinates share a sign (an XOR), its quadrants of
 * unequal size: on an even grid no single split gains, and greedy trees (XGBoost too) never start.
 */
function xor(): {rows: number[][]; labels: number[]} {
  const rows: number[][] = [];
  const labels: number[] = [];
  for (let x = -13; x <= 9; x += 2)
    for (let y = -9; y <= 15; y += 2) {
      rows.push([x, y]);
      labels.push(x * y > 0 ? 1 : 0);
    }
  return {rows, labels};
}

const accuracy = (p: (row: number[]) => number, rows: number[][], labels: number[]) =>
  rows.filter((row, i) => (p(row) >= 0.5 ? 1 : 0) === labels[i]).length / rows.length;

describe('gradient-boosted trees', () => {
  it('learns an interaction of two features that a logistic model cannot', () => {
    const {rows, labels} = xor();
    const trees = fitBoostedTrees(rows, labels, params);
    const linear = fitLogistic(rows, labels);
    expect(accuracy((row) => predictTrees(trees, row), rows, labels)).toBe(1);
    expect(accuracy((row) => predict(linear, row), rows, labels)).toBeLessThan(0.7);
  });

  it('never grows a leaf holding fewer rows than minLeaf', () => {
    const {rows, labels} = xor();
    const trees = fitBoostedTrees(rows, labels, {...params, minLeaf: 12});
    for (const tree of trees.trees) {
      const held = new Map<number, number>();
      for (const row of rows) {
        let node = 0;
        while ((tree.feature[node] ?? -1) >= 0)
          node =
            (row[tree.feature[node] ?? 0] ?? 0) <= (tree.threshold[node] ?? 0)
              ? (tree.left[node] ?? 0)
              : (tree.right[node] ?? 0);
        held.set(node, (held.get(node) ?? 0) + 1);
      }
      expect(Math.min(...held.values())).toBeGreaterThanOrEqual(12);
    }
  });

  it('weighs rows by their sample weights: a heavier class pulls the base towards it', () => {
    const rows = [[0], [0], [0], [0]];
    const labels = [1, 0, 0, 0];
    const flat = fitBoostedTrees(rows, labels, {...params, rounds: 0});
    const weighted = fitBoostedTrees(rows, labels, {...params, rounds: 0}, [3, 1, 1, 1]);
    expect(flat.base).toBeCloseTo(Math.log(1 / 3), 6);
    expect(weighted.base).toBeCloseTo(0, 6);
  });

  it('splits between two values and stores the split short, as weights.json keeps it', () => {
    const rows = [[0.1234567891], [0.1234567891], [0.9876543219], [0.9876543219]];
    const trees = fitBoostedTrees(rows, [0, 0, 1, 1], {...params, rounds: 1, minLeaf: 1});
    const [tree] = trees.trees;
    if (!tree) throw new Error('no tree was grown');
    expect(tree.threshold[0]).toBe(0.555556);
    expect(treeValue(tree, [0.1234567891])).toBeLessThan(0);
    expect(treeValue(tree, [0.9876543219])).toBeGreaterThan(0);
  });

  it('splits every node where no other split of its rows gains more, and leaves a node whole only when none gains', () => {
    // Rows with ties (a feature of 6 values, one of 21) and one continuous feature.
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const rows = Array.from({length: 240}, () => [
      Math.floor(random() * 6),
      random(),
      Math.round(random() * 20) / 20,
    ]);
    const labels = rows.map(([a = 0, b = 0, c = 0]) => (a / 5 + b + c + random() > 1.6 ? 1 : 0));
    const settings: BoostingParams = {
      rounds: 4,
      learningRate: 0.3,
      maxDepth: 3,
      minLeaf: 8,
      lambda: 1,
    };
    const fitted = fitBoostedTrees(rows, labels, settings);
    const margin = rows.map(() => fitted.base);
    const score = (g: number, h: number) => (g * g) / (h + settings.lambda);
    let splits = 0;
    for (const tree of fitted.trees) {
      const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
      const gradient = rows.map((_, i) => sigmoid(margin[i] ?? 0) - (labels[i] ?? 0));
      const hessian = rows.map((_, i) => sigmoid(margin[i] ?? 0) * (1 - sigmoid(margin[i] ?? 0)));
      const sum = (rowsOf: number[], of: number[]) => rowsOf.reduce((t, i) => t + (of[i] ?? 0), 0);
      const gainOf = (reaching: number[], goLeft: (i: number) => boolean) => {
        const leftRows = reaching.filter(goLeft);
        const rightRows = reaching.filter((i) => !goLeft(i));
        if (leftRows.length < settings.minLeaf || rightRows.length < settings.minLeaf) return -1;
        return (
          score(sum(leftRows, gradient), sum(leftRows, hessian)) +
          score(sum(rightRows, gradient), sum(rightRows, hessian)) -
          score(sum(reaching, gradient), sum(reaching, hessian))
        );
      };
      // The best gain over every feature and every cut between two distinct values, by brute force.
      const bestGain = (reaching: number[]) => {
        let best = -1;
        for (let j = 0; j < 3; j += 1) {
          const values = [...new Set(reaching.map((i) => rows[i]?.[j] ?? 0))].sort((a, b) => a - b);
          for (let k = 1; k < values.length; k += 1) {
            const cut = values[k - 1] ?? 0;
            best = Math.max(
              best,
              gainOf(reaching, (i) => (rows[i]?.[j] ?? 0) <= cut),
            );
          }
        }
        return best;
      };
      const visit = (node: number, reaching: number[], depth: number) => {
        const feature = tree.feature[node] ?? -1;
        const cut = tree.threshold[node] ?? 0;
        if (feature < 0) {
          if (depth < settings.maxDepth) expect(bestGain(reaching)).toBeLessThanOrEqual(1e-12);
          return;
        }
        splits += 1;
        const goLeft = (i: number) => (rows[i]?.[feature] ?? 0) <= cut;
        expect(gainOf(reaching, goLeft)).toBeCloseTo(bestGain(reaching), 9);
        visit(tree.left[node] ?? 0, reaching.filter(goLeft), depth + 1);
        visit(
          tree.right[node] ?? 0,
          reaching.filter((i) => !goLeft(i)),
          depth + 1,
        );
      };
      visit(
        0,
        rows.map((_, i) => i),
        0,
      );
      rows.forEach((row, i) => (margin[i] = (margin[i] ?? 0) + treeValue(tree, row)));
    }
    expect(splits).toBeGreaterThan(8);
  });
});
