/**
 * The Indonesian sets' out-of-fold figures per writing style (standard `id`, `mixed`,
 * `colloquial`), from the fold models a grouped k-fold run kept (`CV_FOLD_MODELS`): each set is
 * answered again, through the service, by the model of the fold that left it out, so the figures
 * are the run's own, split by style. Nothing is fitted.
 *
 *   CV_FOLDS=10 node --import tsx bench/ask-ai-fit/foldStyles.ts <fold-models-dir>
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {SearchEngine} from '@studio-handbook/search/engine';
import {readIndexFile} from '@studio-handbook/search/indexFile';
import {ExtractiveAnswerer} from '../../server/src/askai/answerers/extractiveAnswerer';
import {AskAiService} from '../../server/src/askai/askService';
import {SECTION_FEATURES} from '@studio-handbook/search/sections';
import type {AskAiModel} from '../../server/src/askai/model/weights';
import {PASSAGE_FEATURES} from '../../server/src/askai/passages';
import {score, scoreByKind, type Judged, type Outcome} from '../lib/askAiScore';
import {repoRoot} from '../lib/gateProcess';
import {readJudgedSet} from '../lib/judgedSets';
import {GROUPS} from './fit';
import {cvFolds, foldCount} from './folds';

const dir = process.argv[2];
const k = foldCount(process.env.CV_FOLDS, GROUPS.length);
if (!dir || k === null) {
  console.error('usage: CV_FOLDS=<k> foldStyles.ts <fold-models-dir>');
  process.exit(2);
}
const engine = SearchEngine.fromIndexFile(
  readIndexFile(path.join(repoRoot, 'search/dist/index.json')),
);
const judged: Judged[] = [];
const outcomes: Outcome[] = [];
const styles: (string | undefined)[] = [];
for (const fold of cvFolds(
  GROUPS.map((group) => group.name),
  k,
)) {
  const files = readdirSync(dir).filter((file) => file.startsWith(`${fold.label}-`));
  if (files.length !== 1)
    throw new Error(`${dir} holds ${files.length} models of ${fold.label}, not one`);
  const model = JSON.parse(readFileSync(path.join(dir, files[0] as string), 'utf8')) as AskAiModel;
  // A model fitted with other features than the code's would answer with NaN scores.
  const missing = [
    ...SECTION_FEATURES.filter((name) => typeof model.section[name] !== 'number'),
    ...PASSAGE_FEATURES.filter((name) => typeof model.passage[name] !== 'number'),
  ];
  if (missing.length > 0)
    throw new Error(`${files[0]} has no weight for ${missing.join(', ')}: fitted with other code`);
  const service = new AskAiService(engine, model, new ExtractiveAnswerer(), () => undefined);
  const sets = GROUPS.filter((group) => fold.held.includes(group.name)).flatMap(
    (group) => group.sets,
  );
  for (const set of sets.filter((name) => name.startsWith('ask-id-')))
    for (const item of readJudgedSet(set).questions ?? []) {
      const prepared = service.prepare({chatId: null, question: item.question, history: []});
      let text = '';
      for await (const delta of prepared.text(new AbortController().signal)) text += delta;
      judged.push(item);
      outcomes.push({question: item.question, text, firstDeltaMs: null});
      styles.push(item.style);
    }
}
const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
console.log(
  '| style | answerable + unanswerable | right page and facts | refusals | false refusals | misses: refused / other page / facts missing |',
);
console.log('| --- | --: | --: | --: | --: | --: |');
for (const [style, r] of Object.entries({
  ...scoreByKind(judged, outcomes, styles),
  all: score(judged, outcomes),
}))
  console.log(
    `| ${style} | ${r.answerable} + ${r.unanswerable} | ${pct(r.rightPageAndFacts)} | ${pct(r.refusalsOnUnanswerable)} | ${pct(r.falseRefusals)} | ${r.missKinds.refused} / ${r.missKinds.wrongPage} / ${r.missKinds.factsMissing} |`,
  );
