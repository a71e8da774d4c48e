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
});
