/**
 * Fits Ask AI's three models on the judged sets and reports them cross-validated:
 * 1. the section ranking: "which of its sections answers the question?" (features of
 *    search/src/sections/rankSections.ts; positive: a section of an expected page holding every
 *    expected fact, else the most of them);
 * 2. the passage model: "is this unit the answering one?" (server/src/askai/passages.ts, over
 *    the units of the best-ranked section; positive: a unit of an expected page holding a fact);
 * 3. answerability: "does the handbook answer this question?" (server/src/askai/answerability.ts;
 *    positive: an answerable question), with the decision threshold that maximises Youden's J
 *    (true-answer rate + true-refusal rate − 1) on the out-of-fold probabilities of the training
 *    data's questions asked alone (not its follow-ups).
 * The first is a conditional logit, a choice among each question's sections (conditionalLogit.ts),
 * the second an L2-regularised logistic regression (logistic.ts), the third gradient-boosted
 * trees (boosting.ts). Cross-validation leaves one group of
 * judged sets out at a time (a set and the typo twins of its questions stay together), fits on
 * the rest, and answers the left-out group through the real Ask AI service with those weights:
 * the figures reported are those of questions the weights never saw.
 *
 *   node --import tsx bench/ask-ai-fit/fit.ts            # cross-validate, then fit on all and write weights.json
 *   node --import tsx bench/ask-ai-fit/fit.ts --cv-only  # cross-validate only
 *   CV_RESULTS=/tmp/cv.json node --import tsx bench/ask-ai-fit/fit.ts --cv-only  # elsewhere
 *   node --import tsx bench/ask-ai-fit/fit.ts --fit-only # write weights.json, no cross-validation
 *   CV_GROUPS=<regexp> ... --cv-only                    # only those groups; mergeCv.ts joins such runs
 *   CV_FOLD_MODELS=<dir> ... --cv-only                  # keep fold models, reuse them while the fit's inputs hold
 *   CV_FOLDS=10 [CV_FOLD_PART=0/2] ... --cv-only        # grouped 10-fold, to compare two fits quickly (folds.ts)
 */
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {SearchEngine} from '@studio-handbook/search/engine';
import {readIndexFile} from '@studio-handbook/search/indexFile';
import {talaStem, useIndonesianStemmer} from '../../search/src/analysis/indonesian';
import {
  SECTION_FEATURES,
  type RankSectionsOptions,
  type SectionFeature,
  type SectionRanking,
  type SectionWeights,
} from '@studio-handbook/search/sections';
import {CONTEXT_WEIGHT, planAnswer, SECTIONS} from '../../server/src/askai/answerPlan';
import {ANSWERABILITY_FEATURES} from '../../server/src/askai/answerability';
import {ExtractiveAnswerer} from '../../server/src/askai/answerers/extractiveAnswerer';
import {AskAiService} from '../../server/src/askai/askService';
import type {BoostedTrees} from '../../server/src/askai/model/trees';
import type {AskAiModel} from '../../server/src/askai/model/weights';
import {
  PASSAGE_FEATURES,
  passageFeatures,
  type PassageFeature,
} from '../../server/src/askai/passages';
import {
  askConversation,
  pagePath,
  plain,
  score,
  type HistoryTurn,
  type Judged,
  type Outcome,
} from '../lib/askAiScore';
import {RERANK_DEPTH, rankForAnswer} from '../../server/src/askai/sectionRerank';
import {readJudgedSet} from '../lib/judgedSets';
import {repoRoot} from '../lib/gateProcess';
import {fitBoostedTrees, predictTrees, type BoostingParams} from './boosting';
import {fitInputsDigest, FoldModels} from './foldModels';
import {cvFolds, foldCount, foldPart} from './folds';
import {fitConditionalLogit, type Choice} from './conditionalLogit';
import {bootstrapThreshold} from './threshold';
import {fitLogistic, type Fitted} from './logistic';

type Item = Judged & {
  readonly set: string;
  readonly group: string;
  /** For a turn of a conversation: which conversation, which turn, and the question before. */
  readonly conversation?: number;
  readonly turn?: number;
  readonly context?: string;
  /**
   * The pages the previous turn's answer quoted, taken while fitting as the previous turn's
   * expected pages (the answer it should have given; none after an unanswerable turn). When
   * answering, the service reads them from the answer actually given.
   */
  readonly contextPages?: readonly string[];
};

/** Groups of judged sets left out together: a typo twin leaves with its original question. */
export const GROUPS: readonly {readonly name: string; readonly sets: readonly string[]}[] = [
  {name: 'questions+dev2+typos', sets: ['questions', 'questions-dev2', 'questions-typos']},
  {name: 'holdout', sets: ['questions-holdout']},
  {name: 'unanswerable-dev', sets: ['unanswerable-dev']},
  {name: 'dev3', sets: ['questions-dev3']},
  {name: 'dev4', sets: ['questions-dev4']},
  {name: 'dev5', sets: ['questions-dev5']},
  {name: 'id-A', sets: ['ask-id-A']},
  {name: 'conv-A', sets: ['conv-A']},
  {name: 'en-A', sets: ['ask-en-A']},
  {name: 'en-B', sets: ['ask-en-B']},
  {name: 'id-B', sets: ['ask-id-B']},
  {name: 'conv-B', sets: ['conv-B']},
  {name: 'en-C', sets: ['ask-en-C']},
  {name: 'en-D', sets: ['ask-en-D']},
  {name: 'id-C', sets: ['ask-id-C']},
  {name: 'conv-C', sets: ['conv-C']},
  {name: 'en-E', sets: ['ask-en-E']},
  {name: 'id-D', sets: ['ask-id-D']},
  {name: 'conv-D', sets: ['conv-D']},
  {name: 'en-F', sets: ['ask-en-F']},
  {name: 'id-E', sets: ['ask-id-E']},
  {name: 'conv-E', sets: ['conv-E']},
  {name: 'en-G', sets: ['ask-en-G']},
  {name: 'id-F', sets: ['ask-id-F']},
  {name: 'conv-F', sets: ['conv-F']},
  {name: 'en-H', sets: ['ask-en-H']},
  {name: 'id-G', sets: ['ask-id-G']},
  {name: 'conv-G', sets: ['conv-G']},
  {name: 'en-I', sets: ['ask-en-I']},
  {name: 'id-H', sets: ['ask-id-H']},
  {name: 'conv-H', sets: ['conv-H']},
  {name: 'en-J', sets: ['ask-en-J']},
  {name: 'id-I', sets: ['ask-id-I']},
  {name: 'conv-I', sets: ['conv-I']},
  {name: 'en-K', sets: ['ask-en-K']},
  {name: 'id-J', sets: ['ask-id-J']},
  {name: 'conv-J', sets: ['conv-J']},
  {name: 'en-L', sets: ['ask-en-L']},
  {name: 'id-K', sets: ['ask-id-K']},
  {name: 'conv-K', sets: ['conv-K']},
  {name: 'en-M', sets: ['ask-en-M']},
  {name: 'id-L', sets: ['ask-id-L']},
  {name: 'conv-L', sets: ['conv-L']},
  {name: 'en-N', sets: ['ask-en-N']},
  {name: 'id-M', sets: ['ask-id-M']},
  {name: 'conv-M', sets: ['conv-M']},
  {name: 'en-O', sets: ['ask-en-O']},
  {name: 'id-N', sets: ['ask-id-N']},
  {name: 'conv-N', sets: ['conv-N']},
  {name: 'en-P', sets: ['ask-en-P']},
  {name: 'id-O', sets: ['ask-id-O']},
  {name: 'conv-O', sets: ['conv-O']},
  {name: 'en-Q', sets: ['ask-en-Q']},
  {name: 'id-P', sets: ['ask-id-P']},
  {name: 'conv-P', sets: ['conv-P']},
  {name: 'en-R', sets: ['ask-en-R']},
  {name: 'id-Q', sets: ['ask-id-Q']},
  {name: 'conv-Q', sets: ['conv-Q']},
  {name: 'en-S', sets: ['ask-en-S']},
  {name: 'id-R', sets: ['ask-id-R']},
  {name: 'conv-R', sets: ['conv-R']},
  {name: 'en-T', sets: ['ask-en-T']},
  {name: 'id-S', sets: ['ask-id-S']},
  {name: 'conv-S', sets: ['conv-S']},
  {name: 'en-U', sets: ['ask-en-U']},
  {name: 'id-T', sets: ['ask-id-T']},
  {name: 'conv-T', sets: ['conv-T']},
  {name: 'en-V', sets: ['ask-en-V']},
  {name: 'id-U', sets: ['ask-id-U']},
  {name: 'conv-U', sets: ['conv-U']},
  {name: 'en-W', sets: ['ask-en-W']},
  {name: 'id-V', sets: ['ask-id-V']},
  {name: 'conv-V', sets: ['conv-V']},
  {name: 'en-X', sets: ['ask-en-X']},
  {name: 'id-W', sets: ['ask-id-W']},
  {name: 'conv-W', sets: ['conv-W']},
  {name: 'en-Y', sets: ['ask-en-Y']},
  {name: 'id-X', sets: ['ask-id-X']},
  {name: 'conv-X', sets: ['conv-X']},
  {name: 'en-Z', sets: ['ask-en-Z']},
  {name: 'id-Y', sets: ['ask-id-Y']},
  {name: 'conv-Y', sets: ['conv-Y']},
  {name: 'en-AA', sets: ['ask-en-AA']},
  {name: 'id-Z', sets: ['ask-id-Z']},
  {name: 'conv-Z', sets: ['conv-Z']},
  {name: 'en-AB', sets: ['ask-en-AB']},
  {name: 'id-AA', sets: ['ask-id-AA']},
  {name: 'conv-AA', sets: ['conv-AA']},
];

export function loadItems(groups = GROUPS): Item[] {
  return groups.flatMap((group) =>
    group.sets.flatMap((set) => {
      const file = readJudgedSet(set);
      const questions = (file.questions ?? []).map((item) => ({...item, set, group: group.name}));
      const turns = (file.conversations ?? []).flatMap((conversation, c) =>
        conversation.turns.map((turn, t) => ({
          ...turn,
          set,
          group: group.name,
          conversation: c,
          turn: t,
          ...(t > 0 ? previousTurn(conversation.turns[t - 1]) : {}),
        })),
      );
      return [...questions, ...turns];
    }),
  );
}

function previousTurn(turn: Judged | undefined): {context: string; contextPages: string[]} {
  return {
    context: turn?.question ?? '',
    contextPages: turn?.answerable ? turn.expectedPages.map(pagePath) : [],
  };
}

/** A follow-up is ranked leaning on the question before it, as the service does. */
const leaning = (item: Item) =>
  item.context === undefined
    ? {}
    : {
        context: item.context,
        contextWeight: CONTEXT_WEIGHT,
        conversationPages: item.contextPages ?? [],
      };

const searchEngine = SearchEngine.fromIndexFile(
  readIndexFile(path.join(repoRoot, 'search/dist/index.json')),
);

/**
 * The engine as the fit uses it: within a fold, the passage rows and the answerability rows rank
 * every question with the same section weights, so each ranking is computed once per weights
 * object and kept (a profiled fold before: 38 s ranking the questions for the passage rows, then
 * 33 s planning them again, ranking included, for the answerability rows, of 241 s). Search's
 * `rankSections` keeps no state between calls, so the kept ranking is the one a second call
 * would give, and the fit's output does not change.
 */
const rankings = new WeakMap<SectionWeights, Map<string, SectionRanking>>();
const engine: SearchEngine = Object.create(searchEngine, {
  rankSections: {
    value: (question: string, options: RankSectionsOptions): SectionRanking => {
      // The sections' features for the section model (`all`) are kept per item already.
      if (options.all === true) return searchEngine.rankSections(question, options);
      const {weights, ...rest} = options;
      let kept = rankings.get(weights);
      if (kept === undefined) rankings.set(weights, (kept = new Map()));
      const key = JSON.stringify([question, rest]);
      let ranking = kept.get(key);
      if (ranking === undefined)
        kept.set(key, (ranking = searchEngine.rankSections(question, options)));
      return ranking;
    },
  },
}) as SearchEngine;

/** Any weights: the features of a section do not depend on them, only the order does. */
const FLAT: SectionWeights = {
  bias: 0,
  ...Object.fromEntries(SECTION_FEATURES.map((name) => [name, 0])),
} as SectionWeights;

const expectedPages = (item: Item) =>
  new Set(item.answerable ? item.expectedPages.map(pagePath) : []);

/** How many of the item's facts a text holds. */
function factsIn(item: Judged, text: string): number {
  if (!item.answerable) return 0;
  const haystack = plain(text);
  return item.facts.filter((fact) => haystack.includes(plain(fact))).length;
}

/**
 * Each item's section rows: every section holding one of its words, its features and whether
 * it states the most facts. They depend on the item alone (FLAT weights: the features do not
 * depend on the weights), so a cross-validation computes them once, not once per fold.
 */
const itemSectionRows = new WeakMap<Item, {rows: number[][]; labels: number[]} | null>();

function sectionRowsOf(item: Item): {rows: number[][]; labels: number[]} | null {
  const known = itemSectionRows.get(item);
  if (known !== undefined) return known;
  const ranking = engine.rankSections(item.question, {
    weights: FLAT,
    all: true,
    ...leaning(item),
  });
  const pages = expectedPages(item);
  const held = ranking.sections.map((ranked) =>
    pages.has(pagePath(ranked.section.page))
      ? factsIn(item, ranked.section.units.map((unit) => unit.text).join('\n'))
      : 0,
  );
  const most = Math.max(0, ...held);
  // No section states a fact: nothing to learn the ranking from.
  const out =
    most === 0
      ? null
      : {
          rows: ranking.sections.map((ranked) =>
            SECTION_FEATURES.map((name) => ranked.features[name]),
          ),
          labels: held.map((count) => (count === most ? 1 : 0)),
        };
  itemSectionRows.set(item, out);
  return out;
}

function sectionRows(items: readonly Item[]): {
  rows: number[][];
  labels: number[];
  followUp: boolean[];
  question: number[];
} {
  const rows: number[][] = [];
  const labels: number[] = [];
  const followUp: boolean[] = [];
  const question: number[] = [];
  for (const [q, item] of items.entries()) {
    if (!item.answerable) continue;
    const own = sectionRowsOf(item);
    if (own === null) continue;
    own.rows.forEach((row, index) => {
      rows.push(row);
      labels.push(own.labels[index] ?? 0);
      followUp.push(item.context !== undefined);
      question.push(q);
    });
  }
  return {rows, labels, followUp, question};
}

/**
 * Follow-up features: fitted on the follow-ups alone, after the rest (`fitSection`). `ownCoverage`
 * was screened on the section ranking alone first (top-ranked section holds the facts, follow-ups
 * 65.6 → 68.4%, standalone unchanged) and then cross-validated through the pipeline
 * (bench/README.md, round 17).
 */
const FOLLOW_UP_FEATURES: readonly SectionFeature[] = ['conversationPage', 'ownCoverage'];

/**
 * The section model: a choice among each question's sections (a conditional logit,
 * conditionalLogit.ts), since the answer quotes the one ranked first. Cross-validated against a
 * logistic regression over every section of every question (bench/README.md, round 16). In two
 * stages: first every feature but the follow-ups' own, on every question; then the weights of
 * `conversationPage` and `ownCoverage` on the follow-ups alone, beside the first stage's score (a
 * three-feature choice model, its weights brought to that score's scale). Fitted together, the one feature that
 * only follow-ups have moved the other weights, and with them the standalone questions' figures
 * (cross-validated: bench/README.md).
 */
function fitSection(data: ReturnType<typeof sectionRows>): SectionWeights {
  return fitTwoStage(SECTION_FEATURES, FOLLOW_UP_FEATURES, data, (rows, labels, rowsOf) =>
    fitConditionalLogit(
      choicesOf(
        rows,
        labels,
        rowsOf.map((i) => data.question[i] ?? -1),
      ),
    ),
  ) as SectionWeights;
}

/** Rows grouped into one choice per question (rows of one question are adjacent). */
function choicesOf(
  rows: readonly number[][],
  labels: readonly number[],
  question: readonly number[],
): Choice[] {
  const choices: {rows: number[][]; labels: number[]}[] = [];
  rows.forEach((row, i) => {
    if (i === 0 || question[i] !== question[i - 1]) choices.push({rows: [], labels: []});
    const choice = choices[choices.length - 1] as {rows: number[][]; labels: number[]};
    choice.rows.push(row);
    choice.labels.push(labels[i] ?? 0);
  });
  return choices;
}

/**
 * A linear model in two stages: every feature but `followUpOnly` on every row, then the
 * `followUpOnly` weights on the follow-ups' rows alone, beside the first stage's score, brought
 * to that score's scale. `fit` fits one stage (a logistic regression unless given; it is told
 * which of `data`'s rows it gets, `rowsOf`).
 */
function fitTwoStage<Name extends string>(
  names: readonly Name[],
  followUpOnly: readonly Name[],
  data: {rows: number[][]; labels: number[]; followUp: boolean[]},
  fit: (rows: number[][], labels: number[], rowsOf: number[]) => Fitted = (rows, labels) =>
    fitLogistic(rows, labels),
): Record<Name | 'bias', number> {
  const shared = names.filter((name) => !followUpOnly.includes(name));
  const column = (name: Name) => names.indexOf(name);
  const sharedRows = data.rows.map((row) => shared.map((name) => row[column(name)] ?? 0));
  const first = toModel(
    shared,
    fit(
      sharedRows,
      data.labels,
      data.rows.map((_, i) => i),
    ),
  );
  const base = (row: readonly number[]) =>
    shared.reduce((sum, name) => sum + first[name] * (row[column(name)] ?? 0), first.bias);
  const followUps = data.rows.flatMap((row, i) => (data.followUp[i] ? [i] : []));
  const second = fit(
    followUps.map((i) => {
      const row = data.rows[i] as number[];
      return [base(row), ...followUpOnly.map((name) => row[column(name)] ?? 0)];
    }),
    followUps.map((i) => data.labels[i] ?? 0),
    followUps,
  );
  const scale = second.weights[0] ?? 0;
  return {
    ...first,
    ...Object.fromEntries(
      followUpOnly.map((name, j) => [name, scale > 0 ? (second.weights[j + 1] ?? 0) / scale : 0]),
    ),
  } as Record<Name | 'bias', number>;
}

/** The section ranking an answer uses: the linear stage, then the trees' reordering. */
type Ranker = Pick<AskAiModel, 'section' | 'sectionTrees'>;

function rankWith(item: Item, ranker: Ranker): SectionRanking {
  return rankForAnswer(engine, item.question, ranker, {limit: SECTIONS, ...leaning(item)});
}

/**
 * The trees that reorder the linear stage's first `RERANK_DEPTH` sections of each question:
 * gradient-boosted trees with the logistic loss on "does this section state the most facts?"
 * (the labels of the section model), over the section's features, its linear score and its rank,
 * with the answerability model's boosting (`BOOSTING`). Pointwise, as the screen in
 * bench/README.md (round 23) measured it; only the order within a question matters.
 */
function fitSectionTrees(
  data: ReturnType<typeof sectionRows>,
  section: SectionWeights,
): BoostedTrees {
  const rows: number[][] = [];
  const labels: number[] = [];
  const score = (row: readonly number[]) =>
    SECTION_FEATURES.reduce((sum, name, j) => sum + section[name] * (row[j] ?? 0), section.bias);
  for (let start = 0; start < data.rows.length;) {
    let end = start + 1;
    while (end < data.rows.length && data.question[end] === data.question[start]) end += 1;
    const own = Array.from({length: end - start}, (_, k) => start + k)
      .map((i) => ({i, score: score(data.rows[i] as number[])}))
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .slice(0, RERANK_DEPTH);
    own.forEach(({i, score: linear}, rank) => {
      rows.push([...(data.rows[i] as number[]), linear, rank]);
      labels.push(data.labels[i] ?? 0);
    });
    start = end;
  }
  return fitBoostedTrees(rows, labels, BOOSTING);
}

function passageRows(items: readonly Item[], ranker: Ranker) {
  const rows: number[][] = [];
  const labels: number[] = [];
  const followUp: boolean[] = [];
  // An unanswerable question's passages are all negatives: no passage answers it.
  for (const item of items) {
    const ranking = rankWith(item, ranker);
    const pages = expectedPages(item);
    const candidates = passageFeatures(ranking.question, ranking.sections);
    const positive = candidates.map(({section: s, unit}) => {
      const ranked = ranking.sections[s];
      if (!ranked || !pages.has(pagePath(ranked.section.page))) return 0;
      return factsIn(item, ranked.section.units[unit]?.text ?? '') > 0 ? 1 : 0;
    });
    if (item.answerable && !positive.includes(1)) continue;
    candidates.forEach((candidate, index) => {
      rows.push(PASSAGE_FEATURES.map((name) => candidate.features[name]));
      labels.push(positive[index] ?? 0);
      followUp.push(item.context !== undefined);
    });
  }
  return {rows, labels, followUp};
}

/** Passage features only a follow-up has: fitted on the follow-ups alone (`fitPassage`). */
const FOLLOW_UP_PASSAGE_FEATURES: readonly PassageFeature[] = ['ownShare'];

/** The passage model in two stages, as `fitSection`: the follow-ups' own feature second. */
function fitPassage(data: ReturnType<typeof passageRows>): Record<PassageFeature | 'bias', number> {
  return fitTwoStage(PASSAGE_FEATURES, FOLLOW_UP_PASSAGE_FEATURES, data);
}

const toModel = <Name extends string>(
  names: readonly Name[],
  fitted: {bias: number; weights: readonly number[]},
) =>
  ({
    bias: fitted.bias,
    ...Object.fromEntries(names.map((name, j) => [name, fitted.weights[j] ?? 0])),
  }) as Record<Name | 'bias', number>;

/**
 * The answerability model's boosting: 300 rounds at a learning rate of 0.05, trees of depth 5
 * whose leaves hold 10 questions or more, XGBoost's default L2 penalty (λ = 1). Chosen by the
 * sweep in bench/README.md ("The sweeps behind the constants"): each setting's pooled
 * leave-one-group-out AUC and false refusals at 80% refusals, over the 51 sets.
 */
export const BOOSTING: BoostingParams = {
  rounds: 300,
  learningRate: 0.05,
  maxDepth: 5,
  minLeaf: 10,
  lambda: 1,
};

/** Sample weights under which both labels weigh alike. */
function balanced(labels: readonly number[]): number[] {
  const positives = labels.filter((label) => label === 1).length;
  const negatives = labels.length - positives;
  return labels.map((label) =>
    label === 1 ? labels.length / (2 * positives) : labels.length / (2 * negatives),
  );
}

/** Folds of groups for the threshold's out-of-fold probabilities (a group stays in one fold). */
const THRESHOLD_FOLDS = 5;

/**
 * Each row's probability from trees fitted without its fold of groups: what the model says of
 * questions it did not see, for choosing a threshold. Five folds of whole groups (not one per
 * group) keep a cross-validation of 51 groups within minutes.
 */
function outOfFoldTrees(
  rows: readonly (readonly number[])[],
  labels: readonly number[],
  groups: readonly string[],
): number[] {
  const names = [...new Set(groups)].sort();
  const fold = (group: string) => names.indexOf(group) % THRESHOLD_FOLDS;
  const out = new Array<number>(rows.length).fill(0.5);
  for (let k = 0; k < THRESHOLD_FOLDS; k += 1) {
    const train = groups.flatMap((group, i) => (fold(group) === k ? [] : [i]));
    const trainLabels = train.map((i) => labels[i] ?? 0);
    const fitted = fitBoostedTrees(
      train.map((i) => rows[i] as number[]),
      trainLabels,
      BOOSTING,
      balanced(trainLabels),
    );
    groups.forEach((group, i) => {
      if (fold(group) === k) out[i] = predictTrees(fitted, rows[i] as number[]);
    });
  }
  return out;
}

export function fitModel(items: readonly Item[]): AskAiModel {
  const sectionData = sectionRows(items);
  const section = fitSection(sectionData);
  const sectionTrees = fitSectionTrees(sectionData, section);
  const passageData = passageRows(items, {section, sectionTrees});
  const passage = fitPassage(passageData);
  const answerRows: number[][] = [];
  const answerLabels: number[] = [];
  const provisional: AskAiModel = {
    section,
    sectionTrees,
    passage,
    answerable: {base: 0, trees: [], threshold: 0.5},
  };
  for (const item of items) {
    const plan = planAnswer(
      engine,
      item.question,
      provisional,
      item.context === undefined
        ? {}
        : {
            context: {text: item.context, weight: CONTEXT_WEIGHT},
            conversationPages: item.contextPages ?? [],
          },
    );
    answerRows.push(ANSWERABILITY_FEATURES.map((name) => plan.features[name]));
    answerLabels.push(item.answerable ? 1 : 0);
  }
  // Both outcomes weigh alike in the fit (balanced classes), as in Youden's J.
  const balance = balanced(answerLabels);
  const fitted = fitBoostedTrees(answerRows, answerLabels, BOOSTING, balance);
  // The threshold is chosen on probabilities the model gave without seeing the question, as it
  // will meet new questions: trees fit their own rows far better than they predict new ones.
  const probabilities = outOfFoldTrees(
    answerRows,
    answerLabels,
    items.map((item) => item.group),
  );
  // The threshold is chosen on the questions asked alone, where a refusal answers "does the
  // handbook say this?". A follow-up's rows would pull it up: their plans borrow the earlier
  // question's words, so their probabilities run high, and Youden's J weighs their few
  // unanswerable turns as much as all their answerable ones (bench/README.md, round 18).
  const alone = items.map((item) => item.context === undefined);
  const threshold = process.env.FIT_THRESHOLD
    ? Number(process.env.FIT_THRESHOLD)
    : bootstrapThreshold(
        probabilities.filter((_, i) => alone[i]),
        answerLabels.filter((_, i) => alone[i]),
      );
  return {
    section,
    sectionTrees,
    passage,
    answerable: {...fitted, threshold},
  };
}

/**
 * Answers the items through the service: questions alone, conversations turn by turn with the
 * answers actually given. Returns the items scored (a conversation's first turn is not: it is
 * a plain question, the follow-ups are what the set measures) and their outcomes.
 */
async function answerAll(
  items: readonly Item[],
  model: AskAiModel,
): Promise<{judged: Item[]; outcomes: Outcome[]}> {
  const service = new AskAiService(engine, model, new ExtractiveAnswerer(), () => undefined);
  const ask = async (question: string, history: readonly HistoryTurn[] = []) => {
    const started = performance.now();
    const prepared = service.prepare({chatId: null, question, history});
    let text = '';
    let firstDeltaMs: number | null = null;
    for await (const delta of prepared.text(new AbortController().signal)) {
      firstDeltaMs ??= performance.now() - started;
      text += delta;
    }
    return {question, text, firstDeltaMs};
  };
  const judged: Item[] = [];
  const outcomes: Outcome[] = [];
  for (const item of items) {
    if (item.conversation === undefined) {
      judged.push(item);
      outcomes.push(await ask(item.question));
    } else if (item.turn === 0) {
      const turns = items.filter(
        (other) => other.set === item.set && other.conversation === item.conversation,
      );
      const answers = await askConversation(ask, turns);
      judged.push(...turns.slice(1));
      outcomes.push(...answers.slice(1));
    }
  }
  return {judged, outcomes};
}

/** The Indonesian stemmer the fit runs with (`--stemmer tala` measures Tala's). */
let stemmerName = 'sastrawi';

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

/** Cross-validates, printing each set's row as soon as it is measured (about a minute apart). */
export async function crossValidate(
  items: readonly Item[],
  print: (row: string) => void,
): Promise<void> {
  const figures: Record<string, ReturnType<typeof score>> = {};
  const pooled: {judged: Item[]; outcomes: Outcome[]} = {judged: [], outcomes: []};
  // CV_GROUPS (a regular expression) measures only the groups it names, each still answered by
  // weights fitted on all the others: a change that only touches follow-ups needs only `^conv`.
  const only = process.env.CV_GROUPS ? new RegExp(process.env.CV_GROUPS) : null;
  // Which cross-validation wrote the file, for whoever reads its figures (summary.ts).
  const k = foldCount(process.env.CV_FOLDS, GROUPS.length);
  const method = k === null ? 'leave one group out' : `grouped ${k}-fold`;
  const writeResults = () => {
    const r = score(pooled.judged, pooled.outcomes);
    writeFileSync(
      process.env.CV_RESULTS ?? path.join(repoRoot, 'bench/results/ask-ai-cv.json'),
      `${JSON.stringify({measuredAt: new Date().toISOString(), method, results: {...figures, 'all, pooled': {...r, misses: []}}}, null, 2)}\n`,
    );
    return r;
  };
  // CV_FOLD_MODELS (a directory) keeps each fold's model and reuses it while nothing the fit
  // reads has changed (foldModels.ts).
  const kept = process.env.CV_FOLD_MODELS
    ? new FoldModels(
        path.resolve(process.env.CV_FOLD_MODELS),
        fitInputsDigest(repoRoot, {
          FIT_THRESHOLD: process.env.FIT_THRESHOLD ?? null,
          stemmer: stemmerName,
        }),
      )
    : null;
  const part = foldPart(process.env.CV_FOLD_PART);
  const folds = cvFolds(
    GROUPS.map((group) => group.name),
    k,
  ).filter((_, f) => part === null || f % part.of === part.index);
  for (const fold of folds) {
    const measured = GROUPS.filter(
      (group) => fold.held.includes(group.name) && (only === null || only.test(group.name)),
    );
    if (measured.length === 0) continue;
    const train = items.filter((item) => !fold.held.includes(item.group));
    const model = kept
      ? kept.model(fold.label, train, () => fitModel(train)).model
      : fitModel(train);
    for (const set of measured.flatMap((group) => group.sets)) {
      const {judged, outcomes} = await answerAll(
        items.filter((item) => item.set === set),
        model,
      );
      pooled.judged.push(...judged);
      pooled.outcomes.push(...outcomes);
      const r = score(judged, outcomes);
      figures[set] = {...r, misses: []};
      print(
        `| ${set} | ${r.answerable} + ${r.unanswerable} | ${pct(r.firstLinkRight)} | ${pct(r.factsContained)} | ${pct(r.rightPageAndFacts)} | ${r.unanswerable ? pct(r.refusalsOnUnanswerable) : '–'} | ${pct(r.falseRefusals)} |`,
      );
    }
    // Written after every fold, so a run stopped early keeps the sets it measured (the groups
    // left can be run later with CV_GROUPS and joined by mergeCv.ts).
    writeResults();
  }
  const r = writeResults();
  print(
    `| **all, pooled** | ${r.answerable} + ${r.unanswerable} | ${pct(r.firstLinkRight)} | ${pct(r.factsContained)} | ${pct(r.rightPageAndFacts)} | ${pct(r.refusalsOnUnanswerable)} | ${pct(r.falseRefusals)} |`,
  );
}

/**
 * weights.json: the two logistic models as they were, the answerability model's trees one per
 * line (the boosting rounds its numbers to six significant digits as it fits).
 */
function weightsFile(provenance: string, model: AskAiModel): string {
  const round = (record: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(record).map(([key, value]) => [key, Number(value.toPrecision(6))]),
    );
  const indent = (json: string) => json.replace(/\n/g, '\n  ');
  const {trees, base, threshold} = model.answerable;
  return [
    '{',
    `  "provenance": ${JSON.stringify(provenance)},`,
    `  "section": ${indent(JSON.stringify(round(model.section), null, 2))},`,
    ...(model.sectionTrees
      ? [
          '  "sectionTrees": {',
          `    "base": ${Number(model.sectionTrees.base.toPrecision(6))},`,
          '    "trees": [',
          model.sectionTrees.trees.map((tree) => `      ${JSON.stringify(tree)}`).join(',\n'),
          '    ]',
          '  },',
        ]
      : []),
    `  "passage": ${indent(JSON.stringify(round(model.passage), null, 2))},`,
    '  "answerable": {',
    `    "features": ${JSON.stringify(ANSWERABILITY_FEATURES)},`,
    `    "threshold": ${threshold},`,
    `    "base": ${Number(base.toPrecision(6))},`,
    '    "trees": [',
    trees.map((tree) => `      ${JSON.stringify(tree)}`).join(',\n'),
    '    ]',
    '  }',
    '}',
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `--stemmer tala` measures Tala's Indonesian stemmer in place of Sastrawi's.
  if (process.argv.includes('--stemmer') && process.argv.includes('tala')) {
    useIndonesianStemmer(talaStem);
    stemmerName = 'tala';
  }
  const items = loadItems();
  if (!process.argv.includes('--fit-only')) {
    const k = foldCount(process.env.CV_FOLDS, GROUPS.length);
    console.log(
      k === null
        ? 'Leave-one-group-out cross-validation (each group answered by weights fitted without it):'
        : `Grouped ${k}-fold cross-validation (each fold's groups answered by weights fitted on the other folds):`,
    );
    console.log(
      '| set | answerable + unanswerable | first link right | facts | right page and facts | refusals | false refusals |',
    );
    console.log('| --- | --: | --: | --: | --: | --: | --: |');
    await crossValidate(items, (row) => console.log(row));
  }
  if (!process.argv.includes('--cv-only')) {
    const model = fitModel(items);
    const file = path.join(repoRoot, 'server/src/askai/model/weights.json');
    const provenance = `Fitted by bench/ask-ai-fit/fit.ts on ${new Date().toISOString().slice(0, 10)} from ${GROUPS.flatMap((group) => group.sets).join(', ')} (${items.length} questions); cross-validated figures in bench/README.md.`;
    writeFileSync(file, weightsFile(provenance, model));
    console.log(`weights → ${path.relative(process.cwd(), file)}`);
    console.log(JSON.stringify(model, null, 1));
  }
}
