import {describe, expect, it} from 'vitest';
import {NOT_IN_HANDBOOK, score, scoreByKind, type Judged} from '../lib/askAiScore';

const asked = (question: string, style: string): Judged => ({
  question,
  answerable: true,
  expectedPages: ['/docs/tools/kong'],
  facts: ['receive HTTP 429'],
  style,
});
const answer = (question: string, text: string) => ({question, text, firstDeltaMs: 5});

describe('the kinds of an answerable miss', () => {
  const judged = [
    asked('right', 'id'),
    asked('refused', 'id'),
    asked('other page', 'mixed'),
    asked('no facts', 'mixed'),
    {question: 'unanswerable', answerable: false} as const,
  ];
  const outcomes = [
    answer('right', 'From [Kong](/docs/tools/kong#rate-limiting):\n\n> Clients receive HTTP 429.'),
    answer('refused', `${NOT_IN_HANDBOOK} The nearest sections: [Kong](/docs/tools/kong).`),
    answer('other page', 'From [Git](/docs/tools/git#undo):\n\n> Clients receive HTTP 429.'),
    answer(
      'no facts',
      'From [Kong](/docs/tools/kong#rate-limiting):\n\n> Defaults are 60 a second.',
    ),
    answer('unanswerable', 'From [Kong](/docs/tools/kong):\n\n> Something.'),
  ];

  it('counts refused, answered from another page first, and the right page without the facts', () => {
    const figures = score(judged, outcomes);
    expect(figures.missKinds).toEqual({refused: 1, wrongPage: 1, factsMissing: 1});
    expect(figures.rightPageAndFacts).toBeCloseTo(1 / 4, 10);
    // An unanswerable question answered is a miss too, but not of these kinds.
    expect(figures.misses).toHaveLength(4);
  });

  it('counts them by style as well, without the misses themselves', () => {
    const byKind = scoreByKind(judged, outcomes, ['id', 'id', 'mixed', 'mixed', undefined]);
    expect(byKind.id?.missKinds).toEqual({refused: 1, wrongPage: 0, factsMissing: 0});
    expect(byKind.mixed?.missKinds).toEqual({refused: 0, wrongPage: 1, factsMissing: 1});
    expect(byKind.id).not.toHaveProperty('misses');
  });
});
