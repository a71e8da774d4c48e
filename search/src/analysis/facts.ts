/**
 * The kinds of fact a question can ask for, and whether a passage states one. A classic
 * answer-type check from question answering (Harabagiu et al., "FALCON", TREC-9; Li and Roth's
 * question classes), kept to kinds whose evidence a plain pattern recognises reliably: a number
 * with a time unit, a frequency, a count, any quantity, a person or role, a rule.
 */
export type FactKind = 'duration' | 'frequency' | 'count' | 'quantity' | 'person' | 'rule';

export const FACT_KINDS: readonly FactKind[] = [
  'duration',
  'frequency',
  'count',
  'quantity',
  'person',
  'rule',
];

/** One bit per kind, in `FACT_KINDS` order. */
export function factBit(kind: FactKind): number {
  return 1 << FACT_KINDS.indexOf(kind);
}

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
  /\b\d{4}-\d{2}-\d{2}(?:T[\d:]+Z?)?\b|\b\d{1,2}:\d{2}\b|\bv?\d+(?:\.\d+)+\b|\b[A-Z][\w+#-]*\s+v?\d+(?:\.\d+)*\b/g;
const QUANTITY =
  /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|once|twice|daily|weekly|monthly|quarterly|yearly|annually|fortnightly|nightly|hourly)\b/i;
/** A role or a person: "the Backend Lead", "Head of Engineering", "@dimas", "the on-call engineer". */
const PERSON =
  /\b(?:Lead|Head of|Manager|Owner|owner|CTO|CEO|engineer on call|on-call engineer|reviewer|approver|maintainer|team|QA|DevOps)\b|@\w+|\b[A-Z][a-z]+ [A-Z][a-z]+\b/;
/** A rule: an obligation, a prohibition or a permission. */
const RULE =
  /\b(?:must|mustn't|must not|never|always|should|shouldn't|should not|only|not allowed|allowed|may|may not|can't|cannot|required|require[sd]?|forbidden|do not|don't|no one|nobody)\b/i;

/** The fact kinds a passage states, as a bit set (`factBit`). */
export function factsOf(text: string): number {
  let bits = 0;
  if (DURATION.test(text)) bits |= factBit('duration');
  if (FREQUENCY.test(text)) bits |= factBit('frequency');
  if (COUNT.test(text.replace(NOT_A_COUNT, ' '))) bits |= factBit('count');
  if (QUANTITY.test(text)) bits |= factBit('quantity');
  if (PERSON.test(text)) bits |= factBit('person');
  if (RULE.test(text)) bits |= factBit('rule');
  return bits;
}

/** Whether a passage's facts answer the kind asked ("how long" is also met by a frequency). */
export function answersKind(facts: number, kind: FactKind): boolean {
  if (kind === 'duration') return (facts & (factBit('duration') | factBit('frequency'))) !== 0;
  return (facts & factBit(kind)) !== 0;
}
