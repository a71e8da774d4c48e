import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {parseModel, WEIGHTS_FILE} from '../../src/askai/model/weights';
import {checkTrees, treesLogOdds, type Tree} from '../../src/askai/model/trees';

/** One split on feature 0 at 2.5: at most 2.5 goes left (−1), above it right (+1). */
const stump: Tree = {
  feature: [0, -1, -1],
  threshold: [2.5, 0, 0],
  left: [1, 0, 0],
  right: [2, 0, 0],
  value: [0, -1, 1],
};

const committed = () => JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8'));

describe('the answerability model (boosted trees)', () => {
  it('adds the leaf each tree sends the features to, a value equal to the split going left', () => {
    const model = {base: 0.5, trees: [stump, stump]};
    expect(treesLogOdds(model, [2.5])).toBe(0.5 - 2);
    expect(treesLogOdds(model, [2.6])).toBe(0.5 + 2);
  });

  it('refuses a tree whose child points back at its parent, naming the tree and node', () => {
    const loop = {...stump, left: [0, 0, 0]};
    expect(() => checkTrees({base: 0, trees: [stump, loop]}, 1, 'answerable')).toThrow(
      'answerable.trees[1] node 0 is malformed',
    );
  });

  it('refuses a tree that splits on a feature the model does not have', () => {
    expect(() => checkTrees({base: 0, trees: [{...stump, feature: [3, -1, -1]}]}, 2, 'x')).toThrow(
      'x.trees[0] node 0 is malformed',
    );
  });

  it('refuses a column whose length differs from the tree’s node count', () => {
    expect(() => checkTrees({base: 0, trees: [{...stump, value: [0, 1]}]}, 1, 'x')).toThrow(
      'x.trees[0].value is not a list of 3 numbers',
    );
  });

  it('loads the committed weights, and refuses them once their feature list differs from the code’s', () => {
    expect(parseModel(committed()).answerable.trees.length).toBeGreaterThan(0);
    const file = committed();
    file.answerable.features = [...file.answerable.features].reverse();
    expect(() => parseModel(file)).toThrow(
      'answerable.features is not the list of answerability.ts',
    );
  });
});
