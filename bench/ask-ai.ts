/**
 * Ask AI on judged questions, through the HTTP API as DocSearch's Ask AI screen uses it: the
 * real gate as its own process over the production build, a signed-in company session, a token,
 * then one chat request per question. For each set (bench/ask-ai/questions.json; the holdout
 * written apart from it, never used for tuning; unanswerable-dev.json, questions the handbook
 * cannot answer, half of them built only from words it uses elsewhere; questions-dev2.json,
 * written before the passage check was tuned: office and HR questions the handbook cannot answer
 * in its own words, and natural questions it can; questions-typos.json, the answerable
 * questions of the tuned and dev2 sets with one typo each; questions-dev3.json, 96 answerable
 * over 49 pages and 25 unanswerable, written from the pages alone on 2026-11-23 by someone who
 * had not seen the answerer, never tuned on; questions-dev4.json, 90 + 18 written the same way
 * after the changes of that day, questions that stand on their own; questions-dev5.json, 80 + 25
 * written the same way on 2026-11-23 while the answerer was tuned on dev3 and dev4, measured
 * once after that work) it reports:
 * - first link right: answerable questions whose first link is an expected page;
 * - facts: answerable questions whose answer contains every expected fact;
 * - refusals on unanswerable questions, and false refusals on answerable ones;
 * - time to the first text-delta, p50 and p95.
 * `--in-process` skips the gate (createAskAi directly): for quick iterations, not for figures.
 */
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {ask, fetchAskToken} from '../testing/askAiClient';
import {
  askConversation,
  score,
  scoreByKind,
  type HistoryTurn,
  type Judged,
  type Outcome,
} from './lib/askAiScore';
import {readJudgedSet} from './lib/judgedSets';
import {repoRoot, startBenchGate} from './lib/gateProcess';

/** `--set <file.json>` runs one set of your own instead of the two committed ones. */
const setArgument = process.argv.indexOf('--set');
const SETS: readonly string[] =
  setArgument > 0 && process.argv[setArgument + 1]
    ? [path.resolve(process.argv[setArgument + 1] as string)]
    : [
        'questions',
        'questions-holdout',
        'unanswerable-dev',
        'questions-dev2',
        'questions-typos',
        'questions-dev3',
        'questions-dev4',
        'questions-dev5',
        'ask-id-A',
        'conv-A',
        'ask-en-A',
        'ask-en-B',
        'ask-id-B',
        'conv-B',
        'ask-en-C',
        'ask-en-D',
        'ask-id-C',
        'conv-C',
        'ask-en-E',
        'ask-id-D',
        'conv-D',
        'ask-en-F',
        'ask-id-E',
        'conv-E',
        'ask-en-G',
        'ask-id-F',
        'conv-F',
        'ask-en-H',
        'ask-id-G',
        'conv-G',
        'ask-en-I',
        'ask-id-H',
        'conv-H',
        'ask-en-J',
        'ask-id-I',
        'conv-I',
        'ask-en-K',
        'ask-id-J',
        'conv-J',
        'ask-en-L',
        'ask-id-K',
        'conv-K',
        'ask-en-M',
        'ask-id-L',
        'conv-L',
        'ask-en-N',
        'ask-id-M',
        'conv-M',
        'ask-en-O',
        'ask-id-N',
        'conv-N',
        'ask-en-P',
        'ask-id-O',
        'conv-O',
        'ask-en-Q',
        'ask-id-P',
        'conv-P',
        'ask-en-R',
        'ask-id-Q',
        'conv-Q',
        'ask-en-S',
        'ask-id-R',
        'conv-R',
        'ask-en-T',
        'ask-id-S',
        'conv-S',
        'ask-en-U',
        'ask-id-T',
        'conv-T',
        'ask-en-V',
        'ask-id-U',
        'conv-U',
        'ask-en-W',
        'ask-id-V',
        'conv-V',
        'ask-en-X',
        'ask-id-W',
        'conv-W',
        'ask-en-Y',
        'ask-id-X',
        'conv-X',
        'ask-en-Z',
        'ask-id-Y',
        'conv-Y',
        'ask-en-AA',
        'ask-id-Z',
        'conv-Z',
        'ask-en-AB',
        'ask-id-AA',
        'conv-AA',
        'heldout-en-AC',
        'heldout-id-AB',
        'heldout-conv-AB',
        'heldout-en-AD',
        'heldout-id-AC',
        'heldout-conv-AC',
        'heldout-id-AD',
        'heldout-conv-AD',
        'heldout-en-AE',
        'heldout-id-AE',
        'heldout-conv-AE',
        'heldout-en-AF',
        'heldout-id-AF',
        'heldout-conv-AF',
        'heldout-en-AG',
        'heldout-id-AG',
        'heldout-conv-AG',
        'heldout-en-AH',
        'heldout-id-AH',
        'heldout-conv-AH',
        'heldout-en-AI',
        'heldout-id-AI',
        'heldout-conv-AI',
        'heldout-en-AJ',
        'heldout-id-AJ',
        'heldout-conv-AJ',
        'heldout-en-AK',
        'heldout-id-AK',
        'heldout-conv-AK',
        'heldout-en-AL',
        'heldout-id-AL',
        'heldout-conv-AL',
        'heldout-en-AM',
        'heldout-id-AM',
        'heldout-conv-AM',
      ];

type Ask = (question: string, history?: readonly HistoryTurn[]) => Promise<Outcome>;

async function inProcessAsker(): Promise<{
  ask: Ask;
  stop: () => Promise<void>;
}> {
  const {readIndexFile} = await import('@studio-handbook/search/indexFile');
  const {SearchEngine} = await import('@studio-handbook/search/engine');
  const {createAskAi} = await import('../server/src/askai/createAskAi');
  // As the gate builds it: the index's records, sections and the writers' synonyms it carries.
  const engine = SearchEngine.fromIndexFile(
    readIndexFile(path.join(repoRoot, 'search/dist/index.json')),
  );
  const service = createAskAi(
    {baseUrl: null, model: null, apiKey: null, firstTokenTimeoutMs: 1000, idleTimeoutMs: 1000},
    engine,
    () => undefined,
  );
  return {
    ask: async (question, history = []) => {
      const started = performance.now();
      const prepared = service.prepare({chatId: null, question, history});
      let text = '';
      let firstDeltaMs: number | null = null;
      for await (const delta of prepared.text(new AbortController().signal)) {
        firstDeltaMs ??= performance.now() - started;
        text += delta;
      }
      return {question, text, firstDeltaMs};
    },
    stop: async () => undefined,
  };
}

async function gateAsker(): Promise<{
  ask: Ask;
  stop: () => Promise<void>;
}> {
  const gate = await startBenchGate({LOG_LEVEL: 'warn'});
  let token = await fetchAskToken(gate.base, gate.cookie);
  return {
    ask: async (question, history = []) => {
      let result = await ask(gate.base, gate.cookie, token, question, {history});
      for (;;) {
        const expired =
          result.status === 401 && /token has expired/.test(JSON.stringify(result.json));
        // The gate allows a reader 300 questions a minute, and all the sets together ask more;
        // on a busy machine it may also shed a request with 503 and Retry-After (overload).
        const limited = result.status === 429 || result.status === 503;
        if (!expired && !limited) break;
        // A token lives 15 minutes and all the sets take longer: fetch a new one, as the modal does.
        if (expired) token = await fetchAskToken(gate.base, gate.cookie);
        else {
          const seconds =
            result.status === 503
              ? '0'
              : /retry in (\d+) seconds/.exec(JSON.stringify(result.json))?.[1];
          await new Promise((resolve) => setTimeout(resolve, (Number(seconds ?? 60) + 1) * 1000));
        }
        result = await ask(gate.base, gate.cookie, token, question, {history});
      }
      if (result.status !== 200 || result.errorText)
        throw new Error(
          `Ask AI failed for "${question}": ${result.status} ${result.errorText ?? JSON.stringify(result.json)}`,
        );
      return {question, text: result.text, firstDeltaMs: result.firstDeltaMs};
    },
    stop: () => gate.stop(),
  };
}

const inProcess = process.argv.includes('--in-process');
const verbose = process.argv.includes('--verbose');
const asker = inProcess ? await inProcessAsker() : await gateAsker();
const results: Record<
  string,
  ReturnType<typeof score> & {byKind?: ReturnType<typeof scoreByKind>}
> = {};
try {
  for (const set of SETS) {
    const file = readJudgedSet(set);
    // Warm-up: the first request of a process pays for lazy initialisation.
    await asker.ask('warm up');
    const judged: Judged[] = [];
    const outcomes: Outcome[] = [];
    const kinds: (string | undefined)[] = [];
    for (const item of file.questions ?? []) {
      judged.push(item);
      outcomes.push(await asker.ask(item.question));
      kinds.push(item.style);
    }
    // A conversation is asked turn by turn; its follow-ups (every turn after the first) count.
    for (const conversation of file.conversations ?? []) {
      const answers = await askConversation(asker.ask, conversation.turns);
      judged.push(...conversation.turns.slice(1));
      outcomes.push(...answers.slice(1));
      kinds.push(...conversation.turns.slice(1).map(() => conversation.kind));
    }
    const byKind = scoreByKind(judged, outcomes, kinds);
    results[set] = {
      ...score(judged, outcomes),
      ...(Object.keys(byKind).length > 0 ? {byKind} : {}),
    };
  }
} finally {
  await asker.stop();
}

console.log(`Ask AI (extractive), ${inProcess ? 'in process' : 'through the gate (HTTP)'}`);
console.log(
  '| set | answerable | unanswerable | first link right | facts | right page and facts | refusals (unanswerable) | false refusals | first delta p50 / p95 ms | misses: refused / other page / facts missing |',
);
console.log('| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |');
const kinds = (k: {refused: number; wrongPage: number; factsMissing: number}) =>
  `${k.refused} / ${k.wrongPage} / ${k.factsMissing}`;
for (const [set, r] of Object.entries(results)) {
  console.log(
    `| ${set} | ${r.answerable} | ${r.unanswerable} | ${(r.firstLinkRight * 100).toFixed(1)}% | ${(r.factsContained * 100).toFixed(1)}% | ${(r.rightPageAndFacts * 100).toFixed(1)}% | ${(r.refusalsOnUnanswerable * 100).toFixed(1)}% | ${(r.falseRefusals * 100).toFixed(1)}% | ${r.firstDeltaP50Ms} / ${r.firstDeltaP95Ms} | ${kinds(r.missKinds)} |`,
  );
  for (const [kind, k] of Object.entries(r.byKind ?? {}))
    console.log(
      `|   ${kind} | ${k.answerable} | ${k.unanswerable} | ${(k.firstLinkRight * 100).toFixed(1)}% | ${(k.factsContained * 100).toFixed(1)}% | ${(k.rightPageAndFacts * 100).toFixed(1)}% | ${(k.refusalsOnUnanswerable * 100).toFixed(1)}% | ${(k.falseRefusals * 100).toFixed(1)}% | | ${kinds(k.missKinds)} |`,
    );
  if (verbose) for (const miss of r.misses) console.log(`  - ${miss}`);
}
if (!inProcess) {
  writeFileSync(
    path.join(repoRoot, 'bench/results/ask-ai.json'),
    `${JSON.stringify({measuredAt: new Date().toISOString(), answerer: 'extractive', results}, null, 2)}\n`,
  );
}
