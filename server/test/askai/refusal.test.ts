import {describe, expect, it} from 'vitest';
import {NEAREST_COVERAGE, refusalText} from '../../src/askai/answerers/refusal';
import {NOT_IN_HANDBOOK, type AnswerRequest, type RetrievedSection} from '../../src/askai/types';

function retrieved(heading: string, coverage: number): RetrievedSection {
  const anchor = heading.toLowerCase().replace(/\W+/g, '-');
  return {
    section: {
      url: `/docs/page#${anchor}`,
      page: '/docs/page',
      pageTitle: 'Page',
      heading,
      trail: ['Page', heading],
      anchors: [anchor],
      blocks: [],
    },
    score: 1,
    coverage,
  };
}

const refusal = (sections: RetrievedSection[]) =>
  refusalText({
    question: 'Is there a parking allowance for the office?',
    history: [],
    sections,
    terms: [],
    answerable: false,
  } satisfies AnswerRequest);

describe('the refusal', () => {
  it('offers as nearest only sections that hold a good part of the question', () => {
    const text = refusal([
      retrieved('Validation on both sides', 0.28),
      retrieved('Leave requests', NEAREST_COVERAGE + 0.05),
    ]);
    expect(text.startsWith(NOT_IN_HANDBOOK)).toBe(true);
    expect(text).toContain('[Page › Leave requests](/docs/page#leave-requests)');
    expect(text).not.toContain('Validation on both sides');
  });

  it('suggests other words when no section comes near the question', () => {
    const text = refusal([retrieved('Validation on both sides', 0.28)]);
    expect(text).toBe(`${NOT_IN_HANDBOOK} Try other words, or ask in the team's channel.`);
  });
});
