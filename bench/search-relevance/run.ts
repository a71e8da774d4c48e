import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {DEFAULT_INDEX_FILE, readIndexFile} from '@studio-handbook/search/indexFile';
import {easyopsLunr, flexSearch, handbookEngine, miniSearch, orama, type Adapter} from './adapters';

/**
 * Relevance and latency of each library on the handbook's own index, against the judged
 * queries in judged-queries.json. A query succeeds at k when one of its expected pages is among
 * the first k distinct pages of the hits. Run with `npm run search -w bench`.
 */
type Judged = {query: string; kind: string; expected: string[]};

const here = path.dirname(fileURLToPath(import.meta.url));
const judged = JSON.parse(readFileSync(path.join(here, 'judged-queries.json'), 'utf8')) as Judged[];
const {records} = readIndexFile(DEFAULT_INDEX_FILE);
const pageOf = (id: number) => (id >= 0 && records[id] ? new URL(records[id].url).pathname : '');

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function evaluate(adapter: Adapter) {
  const rows = [];
  for (const item of judged) {
    const ids = await adapter.search(item.query);
    const pages = [...new Set(ids.map(pageOf).filter(Boolean))];
    const rank = pages.findIndex((page) => item.expected.includes(page)) + 1;
    rows.push({...item, rank, top: pages.slice(0, 3)});
  }
  // Latency: every query 20 times after a warm-up pass.
  for (const item of judged) await adapter.search(item.query);
  const times: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    for (const item of judged) {
      const started = performance.now();
      await adapter.search(item.query);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  const n = rows.length;
  const byKind: Record<string, {n: number; success1: number; success5: number}> = {};
  for (const row of rows) {
    const kind = (byKind[row.kind] ??= {n: 0, success1: 0, success5: 0});
    kind.n += 1;
    if (row.rank === 1) kind.success1 += 1;
    if (row.rank >= 1 && row.rank <= 5) kind.success5 += 1;
  }
  return {
    library: adapter.name,
    queries: n,
    success1: rows.filter((row) => row.rank === 1).length / n,
    success5: rows.filter((row) => row.rank >= 1 && row.rank <= 5).length / n,
    mrr10:
      rows.reduce((sum, row) => sum + (row.rank >= 1 && row.rank <= 10 ? 1 / row.rank : 0), 0) / n,
    latencyMs: {p50: percentile(times, 50), p99: percentile(times, 99)},
    byKind,
    misses: rows
      .filter((row) => row.rank !== 1)
      .map((row) => ({
        query: row.query,
        kind: row.kind,
        rank: row.rank,
        expected: row.expected,
        top: row.top,
      })),
  };
}

const started = Date.now();
const adapters: Adapter[] = [
  handbookEngine(records),
  miniSearch(records),
  await orama(records),
  flexSearch(records),
  easyopsLunr(records),
];
const results = [];
for (const adapter of adapters) results.push(await evaluate(adapter));

const fixed = (value: number, digits = 3) => value.toFixed(digits);
console.log(`\n${judged.length} judged queries over ${records.length} records\n`);
console.log('| library | success@1 | success@5 | MRR@10 | p50 ms | p99 ms |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const result of results) {
  console.log(
    `| ${result.library} | ${fixed(result.success1)} | ${fixed(result.success5)} | ${fixed(result.mrr10)} | ${fixed(result.latencyMs.p50)} | ${fixed(result.latencyMs.p99)} |`,
  );
}
mkdirSync(path.join(here, '../results'), {recursive: true});
writeFileSync(
  path.join(here, '../results/search-relevance.json'),
  `${JSON.stringify({date: new Date().toISOString(), records: records.length, queries: judged.length, durationMs: Date.now() - started, results}, null, 2)}\n`,
);
