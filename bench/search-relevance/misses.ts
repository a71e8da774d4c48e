import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {engine, idOf, pageOf, records, request} from './handbookEngine';

/**
 * A quick look at our engine alone, for tuning: success@1/@5 per judged set and kind, and each
 * miss of the sets one may look at, with the first pages and their ranking criteria. The holdout
 * and the newest sets (kept for the final measurement) are not read at all: `run.ts` reports them.
 * `node --import tsx search-relevance/misses.ts [--verbose] [--explain query]`.
 */
type Judged = {query: string; kind: string; expected: string[]};
const here = path.dirname(fileURLToPath(import.meta.url));
const read = (file: string) => JSON.parse(readFileSync(path.join(here, file), 'utf8')) as Judged[];
const SETS = [
  {name: 'judged', file: 'judged-queries.json', showMisses: true},
  {name: 'natural', file: 'natural-questions.json', showMisses: true},
  {name: 'dev2', file: 'natural-questions-dev2.json', showMisses: true},
  {name: 'dev3', file: 'natural-questions-dev3.json', showMisses: true},
  {name: 'dev4', file: 'natural-questions-dev4.json', showMisses: true},
  {name: 'dev5', file: 'natural-questions-dev5.json', showMisses: true},
  {name: 'dev6', file: 'natural-questions-dev6.json', showMisses: true},
  {name: 'dev7', file: 'natural-questions-dev7.json', showMisses: true},
  {name: 'dev8', file: 'natural-questions-dev8.json', showMisses: true},
  {name: 'dev9', file: 'natural-questions-dev9.json', showMisses: true},
  {name: 'dev10', file: 'natural-questions-dev10.json', showMisses: true},
  {name: 'dev11', file: 'natural-questions-dev11.json', showMisses: true},
];
const internals = engine as unknown as {keyOf(id: number): number};
function criteria(id: number): string {
  const key = internals.keyOf(id);
  if ((internals as unknown as {queryLength: number}).queryLength >= 3)
    return `real=${Math.floor(key / 2 ** 48) % 2} score=${(Math.floor(key / 2 ** 26) % 2 ** 22) / 1024} typo=${Math.floor(key / 2 ** 21) % 32}`;
  const parts: [string, number, number][] = [
    ['w', 48, 64],
    ['kind', 46, 4],
    ['typo', 41, 32],
    ['attr', 31, 1024],
    ['exact', 27, 16],
    ['lvl', 24, 8],
    ['rel', 10, 16384],
  ];
  return parts
    .map(([name, shift, size]) => `${name}=${Math.floor(key / 2 ** shift) % size}`)
    .join(' ');
}
function run(query: string): number[] {
  return engine.search(request(query)).hits.map((hit) => idOf(hit.objectID));
}
function show(query: string, expected: readonly string[] = []) {
  const hitIds = run(query);
  hitIds.slice(0, 5).forEach((id, i) => {
    const record = records[id];
    const mark = expected.includes(pageOf(id)) ? '*' : ' ';
    console.log(
      `   ${mark}${i + 1} ${pageOf(id)} [${record?.type} ${record?.hierarchy.lvl1} > ${record?.hierarchy.lvl2 ?? ''}] ${criteria(id)}`,
    );
  });
}
const explain = process.argv.indexOf('--explain');
if (explain >= 0) {
  show(process.argv.slice(explain + 1).join(' '));
} else {
  const verbose = process.argv.includes('--verbose');
  for (const set of SETS) {
    let queries: Judged[];
    try {
      queries = read(set.file);
    } catch {
      continue;
    }
    const byKind = new Map<string, number[]>();
    for (const item of queries) {
      const pages = [...new Set(run(item.query).map(pageOf))];
      const rank = pages.findIndex((page) => item.expected.includes(page)) + 1;
      for (const kind of ['all', item.kind]) byKind.set(kind, [...(byKind.get(kind) ?? []), rank]);
      if (set.showMisses && rank !== 1) {
        console.log(`${set.name} rank ${rank}: ${item.query}  → ${item.expected.join(' ')}`);
        if (verbose) show(item.query, item.expected);
      }
    }
    for (const [kind, ranks] of byKind) {
      const at = (k: number) => ranks.filter((r) => r >= 1 && r <= k).length / ranks.length;
      console.log(
        `## ${set.name} ${kind} n=${ranks.length} @1 ${at(1).toFixed(3)} @5 ${at(5).toFixed(3)}`,
      );
    }
  }
}
