import type {SearchEngine} from '@studio-handbook/search/engine';
import {
  SECTION_FEATURES,
  type RankedSection,
  type SectionRanking,
} from '@studio-handbook/search/sections';
import type {AskAiModel} from './model/weights';
import {treesLogOdds} from './model/trees';

/**
 * The sections an answer may use, best first: the search's ranking of the question's sections
 * (a weighted sum of their features, `model.section`), its first `RERANK_DEPTH` reordered by
 * boosted trees over the same features plus that score and its rank (`model.sectionTrees`),
 * the learning-to-rank cascade of a cheap linear first stage and a tree model over its top
 * candidates (Burges, "From RankNet to LambdaRank to LambdaMART", 2010; the trees fitted by
 * `bench/ask-ai-fit/fit.ts`). A linear score cannot say that the share of the question a
 * section holds matters only when the rare words are among it; trees can. Only numbers are
 * read here: the text was read by search/.
 */

/**
 * Sections the trees reorder. With the linear stage's weights (78 sets, in sample), a section that
 * states the most facts is first for 76.4% of the questions whose facts some section states, among
 * the first 5 for 96.9%, the first 20 for 99.6% and the first 40 for 99.9%: 20 leaves the trees
 * nearly every right section at a fifth of 100's cost (the screen in bench/README.md, round 23).
 */
export const RERANK_DEPTH = 20;

/** The trees' features of a section ranked `rank` (0 first) by the linear stage. */
export function rerankRow(ranked: RankedSection, rank: number): number[] {
  return [...SECTION_FEATURES.map((name) => ranked.features[name]), ranked.score, rank];
}
export const RERANK_FEATURES = SECTION_FEATURES.length + 2;

export type RankOptions = {
  readonly limit: number;
  readonly context?: string;
  readonly contextWeight?: number;
  readonly conversationPages?: readonly string[];
};

export function rankForAnswer(
  engine: SearchEngine,
  question: string,
  model: Pick<AskAiModel, 'section' | 'sectionTrees'>,
  options: RankOptions,
): SectionRanking {
  const {limit, ...leaning} = options;
  const trees = model.sectionTrees;
  const ranking = engine.rankSections(question, {
    weights: model.section,
    limit: trees ? Math.max(limit, RERANK_DEPTH) : limit,
    ...leaning,
  });
  if (!trees) return ranking;
  const reordered = ranking.sections
    .map((ranked, rank) => ({ranked, rank, score: treesLogOdds(trees, rerankRow(ranked, rank))}))
    .sort((a, b) => b.score - a.score || a.rank - b.rank)
    .slice(0, limit)
    .map(({ranked}) => ranked);
  return {question: ranking.question, sections: reordered};
}
