import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {mergeCv} from '../ask-ai-fit/mergeCv';

/** Round 22's cross-validation (75 sets), written by one run over every group. */
const whole = JSON.parse(
  readFileSync(path.join(__dirname, 'fixtures/ask-ai-cv-one-run.json'), 'utf8'),
) as Parameters<typeof mergeCv>[0][number];

/** The same run as two processes would have written it: half the sets each, pooled apart. */
function halves() {
  const sets = Object.keys(whole.results).filter((set) => set !== 'all, pooled');
  return [sets.slice(0, 30), sets.slice(30)].map((part) => ({
    measuredAt: whole.measuredAt,
    results: {
      ...Object.fromEntries(part.map((set) => [set, whole.results[set]])),
      'all, pooled': {...whole.results['all, pooled'], answerable: -1},
    },
  })) as Parameters<typeof mergeCv>[0];
}

describe('joining cross-validations run side by side', () => {
  it('pools the parts as one run over all their groups pooled them', () => {
    const merged = mergeCv(halves());
    const pooled = merged.results['all, pooled'];
    const single = whole.results['all, pooled'];
    expect(pooled?.answerable).toBe(single?.answerable);
    expect(pooled?.unanswerable).toBe(single?.unanswerable);
    for (const key of [
      'firstLinkRight',
      'factsContained',
      'rightPageAndFacts',
      'refusalsOnUnanswerable',
      'falseRefusals',
    ] as const)
      expect(pooled?.[key]).toBeCloseTo(single?.[key] ?? NaN, 12);
    expect(Object.keys(merged.results)).toHaveLength(Object.keys(whole.results).length);
  });

  it('refuses parts that measured the same set twice', () => {
    const first = halves()[0] as Parameters<typeof mergeCv>[0][number];
    expect(() => mergeCv([first, first])).toThrow(/more than one part/);
  });

  it('keeps which cross-validation the parts come from, and refuses parts from two', () => {
    const [first, second] = halves() as [
      Parameters<typeof mergeCv>[0][number],
      Parameters<typeof mergeCv>[0][number],
    ];
    const tenFold = {...first, method: 'grouped 10-fold'};
    expect(mergeCv([tenFold, {...second, method: 'grouped 10-fold'}]).method).toBe(
      'grouped 10-fold',
    );
    expect(() => mergeCv([tenFold, {...second, method: 'leave one group out'}])).toThrow(
      /different cross-validations/,
    );
  });
});
