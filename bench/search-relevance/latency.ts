import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {SearchEngine} from '@studio-handbook/search/engine';
import {DEFAULT_INDEX_FILE, readIndexFile} from '@studio-handbook/search/indexFile';
import type {SearchRecord, SearchRequest} from '@studio-handbook/search/types';
import {syntheticCorpus} from './syntheticCorpus';

/**
 * In-process query latency of the engine with the exact parameters DocSearch's modal sends
 * (20 hits, highlights, 10-word snippets), on the handbook's index and on a synthetic
 * 100,000-record corpus. Goals: p50 < 0.5 ms and p99 < 2 ms on the handbook; p99 < 20 ms at
 * 100,000 records.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const judged = JSON.parse(readFileSync(path.join(here, 'judged-queries.json'), 'utf8')) as {
  query: string;
}[];

// Each judged query, and every prefix of it as it is typed (what the modal really sends).
const typed = judged.flatMap(({query}) =>
  Array.from({length: query.length}, (_, i) => query.slice(0, i + 1)),
);

const docSearchRequest = (query: string): SearchRequest => ({
  indexName: 'bench',
  query,
  hitsPerPage: 20,
  page: 0,
  facetFilters: [
    ['language:en'],
    ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
  ],
  facets: [],
  attributesToRetrieve: [
    'hierarchy.lvl0',
    'hierarchy.lvl1',
    'hierarchy.lvl2',
    'hierarchy.lvl3',
    'hierarchy.lvl4',
    'hierarchy.lvl5',
    'hierarchy.lvl6',
    'content',
    'type',
    'url',
  ],
  attributesToSnippet: [
    'hierarchy.lvl1:10',
    'hierarchy.lvl2:10',
    'hierarchy.lvl3:10',
    'hierarchy.lvl4:10',
    'hierarchy.lvl5:10',
    'hierarchy.lvl6:10',
    'content:10',
  ],
  attributesToHighlight: null,
  snippetEllipsisText: '…',
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
  clickAnalytics: false,
});

function measure(name: string, records: readonly SearchRecord[], rounds: number) {
  const builtAt = performance.now();
  const engine = new SearchEngine(records);
  const indexMs = performance.now() - builtAt;
  for (const query of typed) engine.search(docSearchRequest(query)); // warm-up
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const query of typed) {
      const started = performance.now();
      engine.search(docSearchRequest(query));
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
  return {
    corpus: name,
    records: records.length,
    queries: times.length,
    indexMs: Math.round(indexMs),
    p50: at(50),
    p90: at(90),
    p99: at(99),
    max: times.at(-1) ?? 0,
  };
}

const handbook = readIndexFile(DEFAULT_INDEX_FILE).records;
const results = [
  measure('handbook', handbook, 10),
  measure('synthetic 100k', syntheticCorpus(handbook, 100_000), 2),
];
console.log(
  '\n| corpus | records | queries | index build ms | p50 ms | p90 ms | p99 ms | max ms |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of results) {
  console.log(
    `| ${r.corpus} | ${r.records} | ${r.queries} | ${r.indexMs} | ${r.p50.toFixed(3)} | ${r.p90.toFixed(3)} | ${r.p99.toFixed(3)} | ${r.max.toFixed(3)} |`,
  );
}
mkdirSync(path.join(here, '../results'), {recursive: true});
writeFileSync(
  path.join(here, '../results/search-latency.json'),
  `${JSON.stringify({date: new Date().toISOString(), results}, null, 2)}\n`,
);
