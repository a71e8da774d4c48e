import type {EvidenceTerm} from './passageEvidence';
import {stemsOf} from './terms';
import type {RetrievedSection} from './types';

/**
 * What kind of answer a question expects, when its wording says so. "How many days…", "How
 * long…", "What time…", "the minimum version…" are answered by a number, a duration, a time or
 * a frequency: a section that holds the question's words but no such figure near them does not
 * answer it (the handbook mentions laptops, but says nothing of how often they are replaced).
 * A classic answer-type check from question answering, kept to the one type whose evidence a
 * plain pattern recognises reliably.
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
 * The best share of the question that a single block holding a quantity covers, with its
 * section's headings, among the first sections; 0 when no block holds a quantity. A question
 * word counts through what may stand for it (a synonym, a typo's neighbour) at that match's
 * factor, as in the passage check.
 */
export function quantityEvidence(
  sections: readonly RetrievedSection[],
  terms: readonly EvidenceTerm[],
): number {
  const total = terms.reduce((sum, {weight}) => sum + weight, 0);
  if (total <= 0) return 0;
  let best = 0;
  for (const {section} of sections.slice(0, SECTIONS_CHECKED)) {
    const headings = stemsOf([...section.trail, section.heading].join(' '));
    for (const block of section.blocks) {
      if (!QUANTITY.test(block.text)) continue;
      const stems = new Set([...headings, ...stemsOf(block.text)]);
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
  return !expectsQuantity(question) || quantityEvidence(sections, terms) >= TYPED_EVIDENCE_SHARE;
}
