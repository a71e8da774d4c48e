import {describe, expect, it} from 'vitest';
import {familyOf, pool, verdict, type SetFigures} from '../ask-ai-heldout/pool';
import {meanInterval, wilson} from '../ask-ai-heldout/wilson';

describe('the Wilson score interval', () => {
  it('gives the textbook interval for 5 of 10', () => {
    const {low, high} = wilson(5, 10);
    expect(low).toBeCloseTo(0.2366, 4);
    expect(high).toBeCloseTo(0.7634, 4);
  });

  it('stays inside [0, 1] at none and all', () => {
    expect(wilson(0, 10)).toEqual({low: 0, high: expect.closeTo(0.2775, 4)});
    const all = wilson(10, 10);
    expect(all.low).toBeCloseTo(0.7225, 4);
    expect(all.high).toBeCloseTo(1, 10);
    expect(all.high).toBeLessThanOrEqual(1);
  });

  it('refuses counts that are not a proportion', () => {
    expect(() => wilson(11, 10)).toThrow(/11 successes out of 10/);
    expect(() => wilson(1, 0)).toThrow(/trials > 0/);
  });
});

describe("the interval over sets' own rates", () => {
  it("is Student's t around their mean", () => {
    const {mean, low, high} = meanInterval([0.5, 0.6, 0.7]);
    expect(mean).toBeCloseTo(0.6, 10);
    expect(low).toBeCloseTo(0.6 - (4.303 * 0.1) / Math.sqrt(3), 6);
    expect(high).toBeCloseTo(0.6 + (4.303 * 0.1) / Math.sqrt(3), 6);
  });

  it('needs two sets', () => {
    expect(() => meanInterval([0.5])).toThrow(/two sets/);
  });
});

const set = (answerable: number, unanswerable: number, right: number, refused: number) =>
  ({
    answerable,
    unanswerable,
    firstLinkRight: right / answerable,
    factsContained: right / answerable,
    rightPageAndFacts: right / answerable,
    refusalsOnUnanswerable: refused / unanswerable,
    falseRefusals: 1 / answerable,
  }) satisfies SetFigures;

describe('held-out sets pooled', () => {
  it("recounts each set's rates into one count over all their questions", () => {
    const pooled = pool([set(44, 22, 40, 17), set(44, 22, 38, 21)]);
    expect(pooled.figures.firstLinkRight).toMatchObject({count: 78, of: 88});
    expect(pooled.figures.refusalsOnUnanswerable).toMatchObject({count: 38, of: 44});
    expect(pooled.figures.falseRefusals).toMatchObject({count: 2, of: 88});
    expect(pooled.figures.refusalsOnUnanswerable.bySet?.low).toBeLessThan(
      pooled.figures.refusalsOnUnanswerable.interval.low,
    );
  });

  it('calls a goal met with intervals clear only when both intervals clear it', () => {
    const steady = pool([set(44, 22, 40, 20), set(44, 22, 40, 20), set(44, 22, 40, 20)]);
    expect(verdict(steady.figures.firstLinkRight, {figure: 'firstLinkRight', atLeast: 0.8})).toBe(
      'met, intervals clear',
    );
    const spread = pool([set(44, 22, 44, 22), set(44, 22, 31, 12)]);
    expect(spread.figures.firstLinkRight.rate).toBeGreaterThan(0.85);
    expect(verdict(spread.figures.firstLinkRight, {figure: 'firstLinkRight', atLeast: 0.85})).toBe(
      'met',
    );
    expect(verdict(spread.figures.falseRefusals, {figure: 'falseRefusals', atMost: 0.01})).toBe(
      'not met',
    );
  });

  it('knows a set by its name, and refuses a name that is not a held-out set', () => {
    expect(familyOf('heldout-conv-AE')).toBe('conv');
    expect(familyOf('heldout-id-AD')).toBe('id');
    expect(() => familyOf('ask-en-A')).toThrow(/not a held-out set/);
  });
});
