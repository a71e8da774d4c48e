/** What Ask AI reads of the search: ranked sections and the fact kinds of their units. */
export {answersKind, factBit, FACT_KINDS, type FactKind} from '../analysis/facts';
export {
  SECTION_FEATURES,
  type AnalyzedQuestion,
  type QuestionTerm,
  type RankedSection,
  type RankSectionsOptions,
  type SectionFeature,
  type SectionRanking,
  type SectionWeights,
  translatedShare,
} from './rankSections';
export type {PageMeta, Section, Unit} from './types';
