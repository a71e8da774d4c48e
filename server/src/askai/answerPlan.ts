import type {SearchEngine} from '@studio-handbook/search/engine';
import type {SectionRanking} from '@studio-handbook/search/sections';
import {answerability, answerabilityFeatures, type AnswerabilityFeature} from './answerability';
import type {AskAiModel} from './model/weights';
import {rarestKnown, scorePassages, type Passage} from './passages';
import {comparable, quotedUnits} from './quotedUnits';
import {rankForAnswer} from './sectionRerank';
import type {Quote, RetrievedSection} from './types';

/**
 * One question's plan: the sections the search ranks for it, the passage that answers it, and
 * whether the handbook answers it at all. Every answerer writes from this plan; the extractive
 * one quotes it.
 */
export type AnswerPlan = {
  readonly ranking: SectionRanking;
  /** The sections an answer may use and link, best first (the quoted one first). */
  readonly sections: readonly RetrievedSection[];
  readonly passage: Passage | null;
  readonly features: Readonly<Record<AnswerabilityFeature, number>>;
  /** The probability that the handbook answers the question. */
  readonly probability: number;
  readonly answerable: boolean;
  /** What the extractive answer quotes: the answering unit first, then its neighbours. */
  readonly quote: Quote | null;
  /** Sections offered with a refusal: those that share the question's subject. */
  readonly nearest: readonly RetrievedSection[];
  /** The earlier question the plan leaned on (a follow-up), if any. */
  readonly buildsOn: string | null;
};

export type PlanOptions = {
  /** An earlier question of the conversation to lean on, its words weighing `weight`. */
  readonly context?: {readonly text: string; readonly weight: number};
  /** What the conversation has shown already: no unit quoted there is quoted again first. */
  readonly shown?: string;
  /** The pages the conversation's previous answer quoted. */
  readonly conversationPages?: readonly string[];
};

/**
 * A follow-up ("and for staging?") leans on the conversation: the reader's previous question
 * joins it as context, its words weighing this share of their rarity. Cross-validated on 48 sets
 * (round 13's tree): 0.5 → follow-ups' right page and facts 49.5%, pooled 59.5%; 1 → 52.0%,
 * 60.4% (search/DESIGN.md, "Constants"; earlier sweeps there too).
 */
export const CONTEXT_WEIGHT = 1;

/** Sections handed to an answerer (and the only ones an answer may link). */
export const SECTIONS = 5;

export function planAnswer(
  engine: SearchEngine,
  question: string,
  model: AskAiModel,
  options: PlanOptions = {},
): AnswerPlan {
  const {context} = options;
  const ranking = rankForAnswer(engine, question, model, {
    limit: SECTIONS,
    ...(context ? {context: context.text, contextWeight: context.weight} : {}),
    ...(options.conversationPages ? {conversationPages: options.conversationPages} : {}),
  });
  const shown = options.shown ? comparable(options.shown) : '';
  const passages = scorePassages(ranking.question, ranking.sections, model.passage);
  const passage = passages[0] ?? null;
  // The verdict is judged without the follow-up's own words (`ownShare`): they choose the
  // sentence to quote, not whether the handbook answers (cross-validated: bench/README.md).
  const judged = passages.some((p) => p.features.ownShare > 0)
    ? scorePassages(ranking.question, ranking.sections, {...model.passage, ownShare: 0})
    : passages;
  const features = answerabilityFeatures(
    ranking.question,
    ranking.sections,
    judged[0] ?? null,
    judged[1] ?? null,
    passage,
  );
  const p = answerability(model.answerable, features);
  const answerable = passage !== null && p >= model.answerable.threshold;
  // The quoted section leads: it is the first link of the answer.
  const ranked = ranking.sections.map((ranked) => ({section: ranked.section, score: ranked.score}));
  const lead = passage ? ranked[passage.section] : undefined;
  const sections = lead ? [lead, ...ranked.filter((entry) => entry !== lead)] : ranked;
  const quote =
    passage && lead
      ? {section: lead.section, units: quotedUnits(passage, passages, lead.section, shown)}
      : null;
  const subject = rarestKnown(ranking.question);
  const nearest = ranking.sections
    .filter((ranked) => subject !== 0 && (ranked.mask & subject) !== 0)
    .slice(0, 2)
    .map((ranked) => ({section: ranked.section, score: ranked.score}));
  return {
    ranking,
    sections,
    passage,
    features,
    probability: p,
    answerable,
    quote,
    nearest,
    buildsOn: context?.text ?? null,
  };
}
