import {readFileSync} from 'node:fs';
import type {SectionWeights} from '@studio-handbook/search/sections';
import {SECTION_FEATURES} from '@studio-handbook/search/sections';
import {ANSWERABILITY_FEATURES, type AnswerabilityModel} from '../answerability';
import {PASSAGE_FEATURES, type PassageFeature} from '../passages';
import {RERANK_FEATURES} from '../sectionRerank';
import type {LinearModel} from './logistic';
import {checkTrees, type BoostedTrees} from './trees';

/**
 * Ask AI's fitted weights: the section ranking's and the passage model's (logistic), and the
 * answerability model's (boosted trees) with its decision threshold. `bench/ask-ai-fit/fit.ts` writes them to `weights.json`
 * from the judged sets, with where they came from; nothing here is set by hand.
 */
export type AskAiModel = {
  readonly section: SectionWeights;
  /** Trees that reorder the section ranking's first sections (`sectionRerank.ts`); null: none. */
  readonly sectionTrees: BoostedTrees | null;
  readonly passage: LinearModel<PassageFeature>;
  readonly answerable: AnswerabilityModel;
};

export const WEIGHTS_FILE = new URL('./weights.json', import.meta.url);

function checked<Name extends string>(
  raw: unknown,
  names: readonly Name[],
  what: string,
): LinearModel<Name> {
  const value = raw as Record<string, unknown> | null;
  for (const name of ['bias', ...names])
    if (typeof value?.[name] !== 'number' || !Number.isFinite(value[name]))
      throw new Error(`${WEIGHTS_FILE.pathname}: ${what}.${name} is not a number`);
  return value as LinearModel<Name>;
}

export function parseModel(raw: unknown): AskAiModel {
  const file = raw as {
    section?: unknown;
    sectionTrees?: unknown;
    passage?: unknown;
    answerable?: {threshold?: unknown};
  };
  const answerable = checkTrees(
    file.answerable,
    ANSWERABILITY_FEATURES.length,
    `${WEIGHTS_FILE.pathname}: answerable`,
  );
  const names = (file.answerable as {features?: unknown} | undefined)?.features;
  if (JSON.stringify(names) !== JSON.stringify(ANSWERABILITY_FEATURES))
    throw new Error(
      `${WEIGHTS_FILE.pathname}: answerable.features is not the list of answerability.ts (refit: bench/ask-ai-fit/fit.ts)`,
    );
  const threshold = file.answerable?.threshold;
  if (typeof threshold !== 'number' || threshold <= 0 || threshold >= 1)
    throw new Error(`${WEIGHTS_FILE.pathname}: answerable.threshold is not a probability`);
  return {
    section: checked(file.section, SECTION_FEATURES, 'section'),
    sectionTrees:
      file.sectionTrees === undefined
        ? null
        : checkTrees(file.sectionTrees, RERANK_FEATURES, `${WEIGHTS_FILE.pathname}: sectionTrees`),
    passage: checked(file.passage, PASSAGE_FEATURES, 'passage'),
    answerable: {...answerable, threshold},
  };
}

let loaded: AskAiModel | null = null;

/** The committed weights (read once). */
export function fittedModel(): AskAiModel {
  loaded ??= parseModel(JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8')));
  return loaded;
}
