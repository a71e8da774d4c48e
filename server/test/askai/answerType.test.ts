import {describe, expect, it} from 'vitest';
import {
  TYPED_EVIDENCE_SHARE,
  expectedFigure,
  expectsQuantity,
  hasExpectedAnswer,
  quantityEvidence,
} from '../../src/askai/answerType';
import type {EvidenceTerm} from '../../src/askai/passageEvidence';
import type {Block, RetrievedSection} from '../../src/askai/types';

function section(heading: string, texts: string[]): RetrievedSection {
  const blocks: Block[] = texts.map((text) => ({kind: 'text', text, markdown: text}));
  return {
    section: {
      url: `/docs/page#${heading.toLowerCase().replace(/\W+/g, '-')}`,
      page: '/docs/page',
      pageTitle: 'Local Development Setup',
      heading,
      trail: ['Local Development Setup', heading],
      anchors: [],
      blocks,
    },
    score: 1,
    coverage: 1,
  };
}

const own = (term: string, weight: number): EvidenceTerm => ({
  term,
  weight,
  alternatives: [{term, factor: 1}],
});

const laptopTerms: EvidenceTerm[] = [own('laptop', 3), own('replac', 2), own('develop', 1)];

describe('the answer a question expects', () => {
  it.each([
    'How many days of annual leave do I get?',
    'How long are production logs kept in Loki?',
    'How often are database restores practised?',
    'What time does the review start on Fridays?',
    'What is the minimum Git version we expect on laptops?',
    "What's the maximum number of reviewers on a merge request?",
  ])('expects a figure for "%s"', (question) => {
    expect(expectsQuantity(question)).toBe(true);
  });

  it.each([
    'How do I roll back a bad production release?',
    'Which icon package do our web apps use?',
    'Why should I force-push with --force-with-lease?',
    "Which editor setting makes VS Code use the workspace's TypeScript version?",
  ])('expects no particular kind of answer for "%s"', (question) => {
    expect(expectsQuantity(question)).toBe(false);
  });
});

describe('evidence for a question that asks for a figure', () => {
  const noFigure = section('Laptop', [
    'Every developer laptop runs the same toolchain, installed by the setup script.',
    'Ask in #devops when the setup script fails on your laptop.',
  ]);
  const figure = section('Laptop refresh', [
    'Developer laptops are replaced every three years, or sooner when repairs cost more.',
  ]);
  const figureElsewhere = section('Versions', ['Node 22 and pnpm 9 are the versions we pin.']);

  it('refuses a how-often question whose sections hold its words but no figure near them', () => {
    const question = 'How often are developer laptops replaced?';
    expect(quantityEvidence([noFigure], laptopTerms)).toBe(0);
    expect(hasExpectedAnswer(question, [noFigure], laptopTerms)).toBe(false);
  });

  it('does not count a figure that sits beside none of the question words', () => {
    // Only the page title's "Development" is shared: far below the share an answer needs.
    expect(quantityEvidence([noFigure, figureElsewhere], laptopTerms)).toBeLessThan(
      TYPED_EVIDENCE_SHARE,
    );
  });

  it('answers when one passage holds the figure and the question words', () => {
    const question = 'How often are developer laptops replaced?';
    expect(quantityEvidence([noFigure, figure], laptopTerms)).toBeCloseTo(1);
    expect(hasExpectedAnswer(question, [noFigure, figure], laptopTerms)).toBe(true);
  });

  it('counts a question word through its synonym beside the figure, at the synonym factor', () => {
    // "How often is a notebook swapped?": the handbook says "laptop" and "replaced".
    const terms: EvidenceTerm[] = [
      {term: 'notebook', weight: 3, alternatives: [{term: 'laptop', factor: 0.8}]},
      {term: 'swap', weight: 2, alternatives: [{term: 'replac', factor: 0.8}]},
    ];
    expect(quantityEvidence([figure], terms)).toBeCloseTo(0.8);
    expect(hasExpectedAnswer('How often is a notebook swapped?', [figure], terms)).toBe(true);
  });

  it('leaves questions that ask for no figure to coverage alone', () => {
    expect(hasExpectedAnswer('How do I set up my laptop?', [noFigure], laptopTerms)).toBe(true);
  });
});

describe('the kind of figure a question asks for', () => {
  it.each([
    ['How long are production logs kept in Loki?', 'duration'],
    ['How many days does Sentry keep error events?', 'duration'],
    ['How soon after rollout do we remove a feature flag?', 'duration'],
    ['How often do we test restoring the database backups?', 'frequency'],
    ['How many Kong replicas run in the production cluster?', 'count'],
    ['What time does the review start on Fridays?', 'quantity'],
    ['Which Node version do we pin?', 'quantity'],
  ])('"%s" asks for a %s', (question, kind) => {
    expect(expectedFigure(question)?.kind).toBe(kind);
  });

  it('takes the head of the noun phrase as the thing a count is said of', () => {
    expect(expectedFigure('How many Kong replicas run in production?')).toEqual({
      kind: 'count',
      noun: ['replica'],
    });
  });
});

describe('evidence of the kind of figure asked for', () => {
  const kong = section('Rate limiting', [
    'In the clusters the policy is redis, backed by the shared Redis 7 instance, so limits are consistent across Kong replicas.',
  ]);
  const replicas = section('Scaling', [
    'Production runs three Kong replicas behind the load balancer.',
  ]);
  const kongTerms = [own('kong', 2), own('replica', 4), own('product', 1)];

  it('refuses "how many replicas" when the only number beside replicas is a product version', () => {
    const question = 'How many Kong replicas run in production?';
    expect(hasExpectedAnswer(question, [kong], kongTerms)).toBe(false);
    expect(hasExpectedAnswer(question, [kong, replicas], kongTerms)).toBe(true);
  });

  it('refuses "how long" when the passage about its subject gives a date but no duration', () => {
    const timeline = section('Timeline', [
      '2025-06-10T03:16Z: Sentry receives no events because the SDK fails to load.',
    ]);
    const sentryTerms = [own('sentri', 3), own('event', 2), own('keep', 1)];
    expect(hasExpectedAnswer('How long does Sentry keep events?', [timeline], sentryTerms)).toBe(
      false,
    );
    const retention = section('Retention', ['Sentry keeps error events for 90 days.']);
    expect(
      hasExpectedAnswer('How long does Sentry keep events?', [timeline, retention], sentryTerms),
    ).toBe(true);
  });

  it('takes "twice a year" as how often, but not as how many of something', () => {
    const reviews = section('Reviews', ['Performance reviews happen twice a year.']);
    const terms = [own('perform', 2), own('review', 2)];
    expect(hasExpectedAnswer('How often do performance reviews happen?', [reviews], terms)).toBe(
      true,
    );
    expect(
      hasExpectedAnswer('How many reviewers sit on a performance review?', [reviews], terms),
    ).toBe(false);
  });
});
