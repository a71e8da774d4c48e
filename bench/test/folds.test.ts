import {describe, expect, it} from 'vitest';
import {GROUPS} from '../ask-ai-fit/fit';
import {cvFolds, foldCount, foldPart} from '../ask-ai-fit/folds';

const names = GROUPS.map((group) => group.name);

describe('cross-validation folds', () => {
  it('leaves every group out on its own by default, named as before so kept models still match', () => {
    const folds = cvFolds(names, null);
    expect(folds).toHaveLength(names.length);
    expect(folds.map((fold) => fold.held)).toEqual(names.map((name) => [name]));
    expect(folds.map((fold) => fold.label)).toEqual(names);
  });

  it('deals the groups into k folds, each group in exactly one, sizes within one of each other', () => {
    const folds = cvFolds(names, 10);
    expect(folds).toHaveLength(10);
    expect(folds.flatMap((fold) => fold.held).sort()).toEqual([...names].sort());
    const sizes = folds.map((fold) => fold.held.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('spreads each kind of set over the folds, whatever order the groups are listed in', () => {
    const folds = cvFolds([...names].reverse(), 10);
    expect(folds).toEqual(cvFolds(names, 10));
    for (const kind of ['conv-', 'id-', 'en-']) {
      const perFold = folds.map((fold) => fold.held.filter((name) => name.startsWith(kind)).length);
      expect(Math.max(...perFold) - Math.min(...perFold), kind).toBeLessThanOrEqual(1);
    }
  });

  it('refuses a CV_FOLDS that is not a whole number from 2 to the number of groups, naming it', () => {
    expect(foldCount(undefined, 88)).toBeNull();
    expect(foldCount('10', 88)).toBe(10);
    for (const bad of ['1', '89', 'ten', '2.5'])
      expect(() => foldCount(bad, 88)).toThrow(/CV_FOLDS must be a whole number from 2 to 88/);
  });

  it('reads CV_FOLD_PART as i/n and refuses anything else, naming it', () => {
    expect(foldPart(undefined)).toBeNull();
    expect(foldPart('1/2')).toEqual({index: 1, of: 2});
    for (const bad of ['2/2', '1', 'a/b', '0/0'])
      expect(() => foldPart(bad)).toThrow(/CV_FOLD_PART must be i\/n/);
  });
});
