import type {EvidenceTerm} from './passageEvidence';
import {stemsOf} from './terms';
import type {RetrievedSection} from './types';

/**
 * What kind of answer a question expects, when its wording says so. "How many days…", "How
 * long…", "What time…", "the minimum version…" are answered by a number, a duration, a time or
 * a frequency: a section that holds the question's words but no such figure near them does not
 * answer it (the handbook mentions laptops, but says nothing of how often they are replaced).
 * A classic answer-type check from question answering, kept to figures, whose evidence a plain
 * pattern recognises reliably.
 */
const WANTS_QUANTITY =
  /\bhow (many|much|long|often|soon|quickly|frequently|big|large|old|far)\b|\bwhat time\b|\bnumber of\b|\b(maximum|minimum|max|min)\b|\b(which|what) (\w+ ){0,2}version\b/i;

/** Digits, number words and frequency words: what a quantity looks like in the handbook. */
const QUANTITY =
  /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|once|twice|daily|weekly|monthly|quarterly|yearly|annually|fortnightly|nightly|hourly)\b|\b(every|each|per)\s+(minute|hour|day|working day|week|fortnight|month|quarter|year|sprint|release)s?\b/i;

/** Sections searched for the figure: the ones an answer would quote first. */
const SECTIONS_CHECKED = 3;
/**
 * The rarity-weighted share of the question a passage (a block with its headings) must hold
 * beside the figure. Measured on bench/ask-ai's judged questions and a set of unanswerable
 * questions built from the handbook's own words.
 */
export const TYPED_EVIDENCE_SHARE = 0.4;

export function expectsQuantity(question: string): boolean {
  return WANTS_QUANTITY.test(question);
}

/**
 * The figure a question asks for, as precisely as its wording says: "how long" wants a
 * duration ("15 minutes", "one working day"), "how often" a frequency ("every quarter", "twice
 * a year"), "how many replicas" a count said of replicas; anything else ("how much", "what
 * time", "which version") any quantity. A date, a clock time or a product's version number
 * ("Redis 7", "2025-06-10") is no answer to "how many" or "how long".
 */
export type ExpectedFigure =
  | {readonly kind: 'duration' | 'frequency' | 'quantity'}
  | {readonly kind: 'count'; readonly noun: readonly string[]};

const NUMBER_WORD =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred|thousand|a dozen';
const TIME_UNIT = 'second|minute|min|hour|hr|day|week|fortnight|month|quarter|year|sprint';
const DURATION = new RegExp(
  `(\\d+(?:[.,]\\d+)?|\\b(?:${NUMBER_WORD}|a|an|few|several|half an?))[\\s-]+(?:working[\\s-]+|business[\\s-]+|calendar[\\s-]+)?(?:${TIME_UNIT})s?\\b|\\b\\d+\\s?(?:ms|s|m|h|d)\\b`,
  'i',
);
const FREQUENCY = new RegExp(
  `\\b(?:once|twice|daily|weekly|monthly|quarterly|yearly|annually|fortnightly|nightly|hourly)\\b|\\b(?:every|each|per|a)\\s+(?:(?:\\d+|${NUMBER_WORD}|other)\\s+)?(?:working\\s+)?(?:${TIME_UNIT}|release|merge request|deploy)s?\\b|\\b(?:\\d+|${NUMBER_WORD}) times\\b`,
  'i',
);
const COUNT = new RegExp(`\\d|\\b(?:${NUMBER_WORD}|a few|several)\\b`, 'i');
/** Dates, clock times and version numbers, which are not counts or durations. */
const NOT_A_COUNT =
  /\b\d{4}-\d{2}-\d{2}(?:T[\d:]+Z?)?\b|\b\d{1,2}:\d{2}\b|\bv?\d+(?:\.\d+)+\b|\b[A-Z][\w+#-]*\s+v?\d+\b/g;
const TIME_NOUN = new RegExp(`^(?:${TIME_UNIT})s?$`, 'i');

export function expectedFigure(question: string): ExpectedFigure | null {
  if (!expectsQuantity(question)) return null;
  if (/\bhow often\b|\bhow frequently\b/i.test(question)) return {kind: 'frequency'};
  if (/\bhow (?:long|soon|quickly|far)\b/i.test(question)) return {kind: 'duration'};
  const many =
    /\bhow many ((?:[\w-]+\s+){0,2}?[\w-]+)(?=\s+(?:do|does|did|am|are|is|were|was|can|could|should|must|will|would|have|has|had|get|got|run|in|of|for|on|per|a|at)\b|\s*[?.!]?$)/i.exec(
      question,
    );
  if (many?.[1]) {
    const words = many[1].split(/\s+/);
    if (words.some((word) => TIME_NOUN.test(word))) return {kind: 'duration'};
    // The head of the noun phrase is its last word ("Kong replicas": replicas).
    return {kind: 'count', noun: stemsOf(words[words.length - 1] as string)};
  }
  return {kind: 'quantity'};
}

/** Whether a passage's text gives the figure the question expects. */
function givesFigure(
  text: string,
  expected: ExpectedFigure,
  stems: ReadonlySet<string>,
  noun: readonly string[],
): boolean {
  switch (expected.kind) {
    case 'duration':
      return DURATION.test(text) || FREQUENCY.test(text);
    case 'frequency':
      return FREQUENCY.test(text);
    case 'count':
      return COUNT.test(text.replace(NOT_A_COUNT, ' ')) && noun.some((stem) => stems.has(stem));
    default:
      return QUANTITY.test(text);
  }
}

/**
 * The best share of the question that a single block holding a quantity covers, with its
 * section's headings, among the first sections; 0 when no block holds a quantity. A question
 * word counts through what may stand for it (a synonym, a typo's neighbour) at that match's
 * factor, as in the passage check.
 */
export function quantityEvidence(
  sections: readonly RetrievedSection[],
  terms: readonly EvidenceTerm[],
  expected: ExpectedFigure = {kind: 'quantity'},
): number {
  // A count must be said of the thing counted: its words, or what may stand for them.
  const noun =
    expected.kind === 'count'
      ? [
          ...expected.noun,
          ...terms
            .filter(({term}) => expected.noun.includes(term))
            .flatMap(({alternatives}) => alternatives.map((a) => a.term)),
        ]
      : [];
  const total = terms.reduce((sum, {weight}) => sum + weight, 0);
  if (total <= 0) return 0;
  let best = 0;
  for (const {section} of sections.slice(0, SECTIONS_CHECKED)) {
    const headings = stemsOf([...section.trail, section.heading].join(' '));
    for (const block of section.blocks) {
      const stems = new Set([...headings, ...stemsOf(block.text)]);
      if (!givesFigure(block.text, expected, stems, noun)) continue;
      let held = 0;
      for (const {weight, alternatives} of terms)
        held +=
          weight *
          Math.max(0, ...alternatives.filter((a) => stems.has(a.term)).map((a) => a.factor));
      best = Math.max(best, held / total);
    }
  }
  return best;
}

/** False when the question asks for a quantity and no passage near its words gives one. */
export function hasExpectedAnswer(
  question: string,
  sections: readonly RetrievedSection[],
  terms: readonly EvidenceTerm[],
): boolean {
  const expected = expectedFigure(question);
  return expected === null || quantityEvidence(sections, terms, expected) >= TYPED_EVIDENCE_SHARE;
}
