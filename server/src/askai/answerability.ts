import {
  answersKind,
  translatedShare,
  type AnalyzedQuestion,
  type RankedSection,
} from '@studio-handbook/search/sections';
import {probability} from './model/logistic';
import {treesLogOdds, type BoostedTrees} from './model/trees';
import {weightOf, type Passage} from './passages';

/**
 * Whether the handbook answers the question, judged from its subject: does the passage the
 * answer would quote hold the question's rarest words and its names, and state the kind of fact
 * asked for; and how much of the question is a name the handbook never uses (a tool the studio
 * does not use). Words of either language that the handbook does not use are features like the
 * others, weighed by the fit (an ordinary word is usually phrasing). The fitted model, boosted
 * trees over these features (they interact: a passage that holds every word but states no number
 * is no answer to "how long"), gives a probability; the question is answered when it reaches the
 * threshold (both in weights.json; cross-validated against a logistic model in bench/README.md).
 */
export const ANSWERABILITY_FEATURES = [
  /** The chosen passage's score from the passage model (log-odds). */
  'passageScore',
  /** Its section's score from the section ranking (its utility in the choice among sections). */
  'sectionScore',
  /** The share of the question's known words the passage (unit, neighbours, headings) holds. */
  'windowShare',
  /** The share of the question (unknown words included) the best-ranked section holds. */
  'topCoverage',
  /** ...that the best passage of the best-ranked section holds. */
  'topWindow',
  /** ...that the best-ranked section's page holds. */
  'topPage',
  /** 1 when the passage holds the question's rarest known word. */
  'rarest',
  /** 1 when the question asks for a kind of fact... */
  'intentAsked',
  /** ...and the passage states one. */
  'intentMet',
  /** The share of the question's names (tools, products) the passage lacks. */
  'namedMissing',
  /**
   * The share of the question's weight in names the handbook never uses (Kafka, Jira). Ordinary
   * words of either language it never uses are neutral: no feature counts them.
   */
  'unknownNames',
  /** ln(1 + the number of the question's words the handbook knows). */
  'knownWords',
  /** The share of the question's weight the handbook holds only one or two typos away. */
  'typoOnly',
  /** The share of the question's two rarest known words the chosen passage holds. */
  'subjectHeld',
  /** 1 when the question asks for a kind of fact and a unit of the best-ranked section states one. */
  'sectionMet',
  /** How far the chosen passage leads the next best (the difference of their log-odds). */
  'passageMargin',
  /** How many of the question's words are names in the handbook (its tools, products, projects). */
  'names',
  /**
   * In a plan that leans on an earlier question (a follow-up): the rarity-weighted share of the
   * reader's own new known words the passage lacks. The earlier question's words find a passage
   * that holds them; whether it answers what the reader asks now ("and if they're on leave?")
   * is in the new words. 0 for a question planned alone.
   */
  'ownMissing',
  /** ...and how many own known words the follow-up has (0 for a question planned alone). */
  'ownWords',
  /**
   * The rarity-weighted share of the question's words known only through their dictionary
   * translation (a standard-Indonesian noun: "cadangan", backup) that the passage holds; 0 when
   * it has none. Such words weigh nothing in the shares above (`TRANSLATED_WEIGHT`: the
   * dictionary's senses are noisy), so without this a passage that holds them looks no better
   * than one that does not.
   */
  'translatedHeld',
] as const;
export type AnswerabilityFeature = (typeof ANSWERABILITY_FEATURES)[number];

export type AnswerabilityModel = BoostedTrees & {readonly threshold: number};

/** The score of a passage or section that is not there (one no ranked one reaches in practice). */
const NO_SCORE = -10;

export function answerabilityFeatures(
  question: AnalyzedQuestion,
  sections: readonly RankedSection[],
  passage: Passage | null,
  /** The passage the passage model ranks second, if any. */
  runnerUp: Passage | null = null,
  /** The passage the answer quotes, if not the judged one (a follow-up's own words pick it). */
  quoted: Passage | null = passage,
): Record<AnswerabilityFeature, number> {
  const kind = question.intent.kind;
  const total = question.terms
    .filter((term) => term.known || term.unknown === 'name')
    .reduce((sum, term) => sum + term.weight, 0);
  const unknown = (kind: 'name') =>
    total > 0
      ? question.terms
          .filter((term) => term.unknown === kind)
          .reduce((sum, term) => sum + term.weight, 0) / total
      : 0;
  return {
    passageScore: passage?.score ?? NO_SCORE,
    sectionScore: passage ? (sections[passage.section]?.score ?? NO_SCORE) : NO_SCORE,
    windowShare: passage?.features.windowShare ?? 0,
    topCoverage: sections[0]?.features.coverage ?? 0,
    topWindow: sections[0]?.features.bestWindow ?? 0,
    topPage: sections[0]?.features.pageCoverage ?? 0,
    rarest: passage?.features.rarest ?? 0,
    intentAsked: question.intent.kind === null ? 0 : 1,
    intentMet: passage?.features.intentMet ?? 0,
    namedMissing: passage?.features.namedMissing ?? 0,
    unknownNames: unknown('name'),
    knownWords: Math.log(1 + question.terms.filter((term) => term.known).length),
    typoOnly:
      total > 0
        ? question.terms.filter((term) => term.typoOnly).reduce((sum, t) => sum + t.weight, 0) /
          total
        : 0,
    subjectHeld: passage ? subjectShare(question, passage.window) : 0,
    sectionMet:
      kind !== null && (sections[0]?.units.some((unit) => answersKind(unit.facts, kind)) ?? false)
        ? 1
        : 0,
    passageMargin: (passage?.score ?? NO_SCORE) - (runnerUp?.score ?? NO_SCORE),
    names: question.terms.filter((term) => term.named).length,
    ...ownWordsFeatures(question, quoted),
    translatedHeld: translatedShare(question.terms, passage?.window ?? 0),
  };
}

/**
 * A follow-up's own words against the passage: `ownMissing` and `ownWords`, both 0 unless the
 * plan leans on an earlier question (some known word of the question comes from it).
 */
function ownWordsFeatures(
  question: AnalyzedQuestion,
  passage: Passage | null,
): {ownMissing: number; ownWords: number} {
  if (!question.terms.some((term) => term.context && term.known))
    return {ownMissing: 0, ownWords: 0};
  let own = 0;
  question.terms.forEach((term, i) => {
    if (term.known && !term.context) own |= 1 << i;
  });
  const ownWords = question.terms.filter((term) => term.known && !term.context).length;
  const total = weightOf(question, own);
  const missing = weightOf(question, own & ~(passage?.window ?? 0));
  return {ownMissing: total > 0 ? missing / total : 0, ownWords};
}

/** The probability that the handbook answers the question. */
export function answerability(
  model: AnswerabilityModel,
  features: Readonly<Record<AnswerabilityFeature, number>>,
): number {
  return probability(
    treesLogOdds(
      model,
      ANSWERABILITY_FEATURES.map((name) => features[name]),
    ),
  );
}

/** The share of the question's two rarest known words (its subject) that a set of words holds. */
function subjectShare(question: AnalyzedQuestion, mask: number): number {
  const subject = question.terms
    .map((term, i) => ({term, i}))
    .filter(({term}) => term.known)
    .sort((a, b) => b.term.weight - a.term.weight)
    .slice(0, 2);
  if (subject.length === 0) return 0;
  return subject.filter(({i}) => (mask & (1 << i)) !== 0).length / subject.length;
}
