import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {DEFAULT_INDEX_FILE, readIndexFile} from '@studio-handbook/search/indexFile';
import {easyopsLunr, flexSearch, handbookEngine, miniSearch, orama, type Adapter} from './adapters';

/**
 * Relevance and latency of each library on the handbook's own index, against the judged sets
 * (each query has its kind and expected pages; a query succeeds at k when one of its expected
 * pages is among the first k distinct pages of the hits):
 * - judged-queries.json: keyword, title, prefix and typo queries.
 * - natural-questions.json and -dev2: questions as developers ask them plus transposition typos,
 *   the first sets tuned on.
 * - natural-questions-holdout.json: reported only, never tuned on (its misses are not printed).
 * - -dev3 to -dev13: 95–120 questions over 52–54 pages plus 15–20 typos each, written from the
 *   pages alone by someone who had seen neither the engine nor the other sets, each measured
 *   when fresh and later tuned on (misses.ts prints their misses).
 * Run with `npm run search -w bench`; with `BENCH_LABEL=before` the results go to
 * search-relevance-before.json, and a later run reports them beside its own.
 */
type Judged = {query: string; kind: string; expected: string[]};
type Score = {n: number; success1: number; success5: number; mrr10: number};

const here = path.dirname(fileURLToPath(import.meta.url));
const read = (file: string) => JSON.parse(readFileSync(path.join(here, file), 'utf8')) as Judged[];
const SETS = [
  {name: 'judged', queries: read('judged-queries.json'), showMisses: true},
  {name: 'natural', queries: read('natural-questions.json'), showMisses: true},
  {name: 'dev2', queries: read('natural-questions-dev2.json'), showMisses: true},
  {name: 'holdout', queries: read('natural-questions-holdout.json'), showMisses: false},
  {name: 'dev3', queries: read('natural-questions-dev3.json'), showMisses: false},
  {name: 'dev4', queries: read('natural-questions-dev4.json'), showMisses: false},
  {name: 'dev5', queries: read('natural-questions-dev5.json'), showMisses: true},
  {name: 'dev6', queries: read('natural-questions-dev6.json'), showMisses: true},
  {name: 'dev7', queries: read('natural-questions-dev7.json'), showMisses: false},
  {name: 'dev8', queries: read('natural-questions-dev8.json'), showMisses: false},
  {name: 'dev9', queries: read('natural-questions-dev9.json'), showMisses: false},
  {name: 'dev10', queries: read('natural-questions-dev10.json'), showMisses: false},
  {name: 'dev11', queries: read('natural-questions-dev11.json'), showMisses: false},
  {name: 'dev12', queries: read('natural-questions-dev12.json'), showMisses: false},
  {name: 'dev13', queries: read('natural-questions-dev13.json'), showMisses: false},
];
const {records, synonyms} = readIndexFile(DEFAULT_INDEX_FILE);
const pageOf = (id: number) => (id >= 0 && records[id] ? new URL(records[id].url).pathname : '');

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function score(ranks: readonly number[]): Score {
  const n = ranks.length;
  return {
    n,
    success1: ranks.filter((rank) => rank === 1).length / n,
    success5: ranks.filter((rank) => rank >= 1 && rank <= 5).length / n,
    mrr10: ranks.reduce((sum, rank) => sum + (rank >= 1 && rank <= 10 ? 1 / rank : 0), 0) / n,
  };
}

async function evaluate(adapter: Adapter) {
  const sets: Record<string, Score & {byKind: Record<string, Score>; misses?: unknown[]}> = {};
  const all: Judged[] = [];
  for (const set of SETS) {
    const rows: (Judged & {rank: number; top: string[]})[] = [];
    for (const item of set.queries) {
      const ids = await adapter.search(item.query);
      const pages = [...new Set(ids.map(pageOf).filter(Boolean))];
      const rank = pages.findIndex((page) => item.expected.includes(page)) + 1;
      rows.push({...item, rank, top: pages.slice(0, 3)});
    }
    const kinds = [...new Set(rows.map((row) => row.kind))];
    sets[set.name] = {
      ...score(rows.map((row) => row.rank)),
      byKind: Object.fromEntries(
        kinds.map((kind) => [
          kind,
          score(rows.filter((row) => row.kind === kind).map((row) => row.rank)),
        ]),
      ),
      ...(set.showMisses
        ? {
            misses: rows
              .filter((row) => row.rank !== 1)
              .map(({query, kind, rank, expected, top}) => ({query, kind, rank, expected, top})),
          }
        : {}),
    };
    all.push(...set.queries);
  }
  // Latency: every query of every set 10 times after a warm-up pass.
  for (const item of all) await adapter.search(item.query);
  const times: number[] = [];
  for (let round = 0; round < 10; round += 1) {
    for (const item of all) {
      const started = performance.now();
      await adapter.search(item.query);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return {
    library: adapter.name,
    latencyMs: {p50: percentile(times, 50), p99: percentile(times, 99)},
    sets,
  };
}

const started = Date.now();
// BENCH_QUICK=1 measures only ours and the lunr baseline (the other libraries take minutes);
// BENCH_ENGINE_ONLY=1 only ours, in seconds, printed and not written to the results.
const engineOnly = Boolean(process.env.BENCH_ENGINE_ONLY);
const adapters: Adapter[] = engineOnly
  ? [handbookEngine(records, synonyms)]
  : process.env.BENCH_QUICK
    ? [handbookEngine(records, synonyms), easyopsLunr(records)]
    : [
        handbookEngine(records, synonyms),
        miniSearch(records),
        await orama(records),
        flexSearch(records),
        easyopsLunr(records),
      ];
const results = [];
for (const adapter of adapters) results.push(await evaluate(adapter));

const label = process.env.BENCH_LABEL ?? '';
const outDir = path.join(here, '../results');
const beforeFile = path.join(outDir, 'search-relevance-before.json');
const before =
  label === '' && existsSync(beforeFile)
    ? (JSON.parse(readFileSync(beforeFile, 'utf8')) as {results: typeof results})
    : null;

const pct = (value: number) => `${(value * 100).toFixed(0)}%`;
console.log(
  `\n${records.length} records; sets: ${SETS.map((s) => `${s.name} ${s.queries.length}`).join(', ')}\n`,
);
console.log('| library | set | kind | n | @1 | @5 | MRR@10 | @1 before | @5 before |');
console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const result of results) {
  const old = before?.results.find((entry) => entry.library === result.library);
  for (const [setName, set] of Object.entries(result.sets)) {
    for (const [kind, s] of [['all', set] as const, ...Object.entries(set.byKind)]) {
      const was = kind === 'all' ? old?.sets[setName] : old?.sets[setName]?.byKind[kind];
      console.log(
        `| ${result.library} | ${setName} | ${kind} | ${s.n} | ${pct(s.success1)} | ${pct(s.success5)} | ${s.mrr10.toFixed(3)} | ${was ? pct(was.success1) : ''} | ${was ? pct(was.success5) : ''} |`,
      );
    }
  }
  console.log(
    `| ${result.library} | latency | p50 ${result.latencyMs.p50.toFixed(3)} ms, p99 ${result.latencyMs.p99.toFixed(3)} ms | | | | | | |`,
  );
}
if (!engineOnly) {
  mkdirSync(outDir, {recursive: true});
  writeFileSync(
    label === 'before' ? beforeFile : path.join(outDir, 'search-relevance.json'),
    `${JSON.stringify({date: new Date().toISOString(), records: records.length, durationMs: Date.now() - started, results, ...(before ? {before: before.results} : {})}, null, 2)}\n`,
  );
}
