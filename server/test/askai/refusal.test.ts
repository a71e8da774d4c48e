import {describe, expect, it} from 'vitest';
import {refusalText} from '../../src/askai/answerers/refusal';
import {NOT_IN_HANDBOOK, type AnswerRequest, type RetrievedSection} from '../../src/askai/types';

function retrieved(heading: string): RetrievedSection {
  const anchor = heading.toLowerCase().replace(/\W+/g, '-');
  return {
    section: {
      url: `/docs/page#${anchor}`,
      page: '/docs/page',
      pageTitle: 'Page',
      heading,
      trail: ['Page', heading],
      anchors: [anchor],
      kind: 'doc',
      units: [],
    },
    score: 1,
  };
}

const refusal = (sections: RetrievedSection[], nearest: RetrievedSection[]) =>
  refusalText({
    question: 'Is there a parking allowance for the office?',
    history: [],
    sections,
    answerable: false,
    quote: null,
    nearest,
  } satisfies AnswerRequest);

describe('the refusal', () => {
  it('offers as nearest only the sections the plan found sharing the subject', () => {
    const leave = retrieved('Leave requests');
    const text = refusal([retrieved('Validation on both sides'), leave], [leave]);
    expect(text.startsWith(NOT_IN_HANDBOOK)).toBe(true);
    expect(text).toContain('[Page › Leave requests](/docs/page#leave-requests)');
    expect(text).not.toContain('Validation on both sides');
  });

  it('suggests other words when no section shares the subject', () => {
    const text = refusal([retrieved('Validation on both sides')], []);
    expect(text).toBe(`${NOT_IN_HANDBOOK} Try other words, or ask in the team's channel.`);
  });
});
