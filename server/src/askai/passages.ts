import type {AnalyzedQuestion, RankedSection} from '@studio-handbook/search/sections';
import {answersKind, translatedShare} from '@studio-handbook/search/sections';
import {logOdds, type LinearModel} from './model/logistic';

/**
 * Which passage answers the question: each unit (a sentence, list item, table row or code
 * block) of the best-ranked sections is described by a few features, and the fitted passage
 * model picks the one most likely to state the answer. The answer quotes it first.
 */
export const PASSAGE_FEATURES = [
  /** The rarity-weighted share of the question's known words the unit holds. */
  'unitShare',
  /** ...that its passage holds: the unit, its neighbours and its heading trail. */
  'windowShare',
  /** 1 when the passage holds the question's rarest known word. */
  'rarest',
  /** 1 when the question asks for a kind of fact (a duration, a count, a person, a rule...). */
  'intentAsked',
  /** 1 when it does and the unit states one (a count of the noun asked about, for a count). */
  'intentMet',
  /** The share of the question's names (tools, products) the passage lacks. */
  'namedMissing',
  /** The section's score from the section ranking (its fitted utility). */
  'sectionScore',
  /** 1 for the first unit of its section. */
  'first',
  /** 1 for a code block. */
  'code',
  /**
   * In a follow-up that leans on an earlier question: the share of its own known words (not the
   * earlier question's) the unit holds; 0 otherwise. The earlier words find the section, the
   * reader's new words the sentence ("client yang kena limit dapet response apa?").
   */
  'ownShare',
  /**
   * The rarity-weighted share of the question's words known only through their dictionary
   * translation (weightless in the shares above) that the unit holds; 0 when it has none.
   */
  'translatedShare',
] as const;
export type PassageFeature = (typeof PASSAGE_FEATURES)[number];

/** Sections whose units are candidates: the ones an answer would quote from. */
export const PASSAGE_SECTIONS = 1;

export type Passage = {
  /** Index of the section in the ranking. */
  readonly section: number;
  readonly unit: number;
  readonly score: number;
  readonly window: number;
  readonly features: Readonly<Record<PassageFeature, number>>;
};

/**
 * The weighted share of the question's known words that a set of words (bits) holds; with
 * `among`, of those of its known words whose bits `among` sets (a follow-up's own words).
 */
export function knownShare(question: AnalyzedQuestion, mask: number, among = -1): number {
  let total = 0;
  let held = 0;
  question.terms.forEach((term, i) => {
    if (!term.known || !(among & (1 << i))) return;
    total += term.weight;
    if (mask & (1 << i)) held += term.weight;
  });
  return total > 0 ? held / total : 0;
}

/** The bit of the question's rarest word the handbook knows (its subject); 0 when none. */
export function rarestKnown(question: AnalyzedQuestion): number {
  let best = -1;
  let bestWeight = -Infinity;
  question.terms.forEach((term, i) => {
    if (term.known && term.weight > bestWeight) [best, bestWeight] = [i, term.weight];
  });
  return best < 0 ? 0 : 1 << best;
}

function namedBits(question: AnalyzedQuestion): number {
  let bits = 0;
  question.terms.forEach((term, i) => {
    if (term.known && term.named) bits |= 1 << i;
  });
  return bits;
}

/** The summed weight of the question's words whose bits a mask sets. */
export function weightOf(question: AnalyzedQuestion, mask: number): number {
  let weight = 0;
  question.terms.forEach((term, i) => {
    if (mask & (1 << i)) weight += term.weight;
  });
  return weight;
}

export function passageFeatures(
  question: AnalyzedQuestion,
  sections: readonly RankedSection[],
): {section: number; unit: number; window: number; features: Record<PassageFeature, number>}[] {
  const rarest = rarestKnown(question);
  const named = namedBits(question);
  const {kind, countTerm} = question.intent;
  let ownBits = 0;
  question.terms.forEach((term, i) => {
    if (!term.context) ownBits |= 1 << i;
  });
  const leaning = question.terms.some((term) => term.context && term.known);
  const out: ReturnType<typeof passageFeatures> = [];
  sections.slice(0, PASSAGE_SECTIONS).forEach((ranked, s) => {
    const {units, trailMask} = ranked;
    units.forEach((unit, u) => {
      const window = trailMask | (units[u - 1]?.mask ?? 0) | unit.mask | (units[u + 1]?.mask ?? 0);
      const countHeld = countTerm === null || (window & (1 << countTerm)) !== 0;
      const met = kind !== null && answersKind(unit.facts, kind) && countHeld;
      out.push({
        section: s,
        unit: u,
        window,
        features: {
          unitShare: knownShare(question, unit.mask),
          windowShare: knownShare(question, window),
          rarest: rarest !== 0 && (window & rarest) !== 0 ? 1 : 0,
          intentAsked: kind === null ? 0 : 1,
          intentMet: met ? 1 : 0,
          namedMissing:
            named === 0 ? 0 : weightOf(question, named & ~window) / weightOf(question, named),
          sectionScore: ranked.score,
          first: u === 0 ? 1 : 0,
          code: ranked.section.units[u]?.kind === 'code' ? 1 : 0,
          ownShare: leaning ? knownShare(question, unit.mask, ownBits) : 0,
          translatedShare: translatedShare(question.terms, unit.mask),
        },
      });
    });
  });
  return out;
}

/** Every candidate passage with the passage model's score (log-odds), best first. */
export function scorePassages(
  question: AnalyzedQuestion,
  sections: readonly RankedSection[],
  model: LinearModel<PassageFeature>,
): Passage[] {
  return passageFeatures(question, sections)
    .map((candidate) => ({
      ...candidate,
      score: logOdds(model, candidate.features, PASSAGE_FEATURES),
    }))
    .sort((a, b) => b.score - a.score);
}
