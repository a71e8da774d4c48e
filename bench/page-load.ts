import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import {CHROMIUM_ARGS} from '../e2e/fixtures/browser';
import {repoRoot, startBenchGate} from './lib/gateProcess';
import {median} from './lib/system';

/**
 * Figure 2: what a signed-in doc page costs to load. The lighthouse package drives Debian's
 * Chromium with the session cookie; performance category only, mobile (Lighthouse's default
 * simulated slow 4G and 4x CPU slowdown) and desktop presets, several runs, medians. Also the
 * compressed bytes the page needs. Goal: performance ≥ 95, compressed text, long-lived private
 * immutable caching of hashed assets.
 */
const RUNS = Number(process.env.RUNS ?? 3);
/**
 * Diagnosis: `--only <page>` (repeatable) measures only that page, `--preset mobile|desktop`
 * only that preset, `--audits` prints each run's main-thread work, slowest scripts, long
 * tasks, layout shifts and LCP element; LHR_DIR=<dir> keeps every run's full report there.
 * A narrowed run does not write results/page-load.json.
 */
const argv = process.argv.slice(2);
const flagValues = (flag: string) =>
  argv.flatMap((arg, i) => (arg === flag && argv[i + 1] ? [argv[i + 1] ?? ''] : []));
const onlyPages = flagValues('--only');
const onlyPreset = flagValues('--preset')[0] as 'mobile' | 'desktop' | undefined;
const printAudits = argv.includes('--audits');
const narrowed = onlyPages.length > 0 || onlyPreset !== undefined;
/** Issue 14's pages: a doc page, the home page and a search results page. PAGES=… narrows. */
const PAGES =
  onlyPages.length > 0
    ? onlyPages
    : (process.env.PAGES ?? '/docs/tools/git,/,/search?q=deploy').split(',');
const PRESETS = onlyPreset ? [onlyPreset] : (['mobile', 'desktop'] as const);
const PAGE = PAGES[0] ?? '/docs/tools/git';

type Lhr = {
  audits: Record<
    string,
    {numericValue?: number; displayValue?: string; details?: unknown} | undefined
  >;
  categories: Record<string, {score: number | null} | undefined>;
};
type Items = {items?: Record<string, unknown>[]};
/** One run's evidence: where the main thread went and what moved or painted late. */
function printDiagnosis(label: string, lhr: Lhr): void {
  const items = (id: string) => (lhr.audits[id]?.details as Items | undefined)?.items ?? [];
  const ms = (value: unknown) => `${Math.round(Number(value ?? 0))} ms`;
  const short = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');
  console.log(`\n## ${label}: score ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}`);
  const observed = (lhr.audits.metrics?.details as Items | undefined)?.items?.[0] ?? {};
  console.log(
    `  observed (unthrottled): FCP ${ms(observed.observedFirstContentfulPaint)}, LCP ${ms(observed.observedLargestContentfulPaint)}, DOMContentLoaded ${ms(observed.observedDomContentLoaded)}, load ${ms(observed.observedLoad)}`,
  );
  for (const id of [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
    'interactive',
  ])
    console.log(`  ${id}: ${lhr.audits[id]?.displayValue ?? '?'}`);
  console.log('  main thread:');
  for (const item of items('mainthread-work-breakdown').slice(0, 6))
    console.log(`    ${String(item.groupLabel ?? item.group).padEnd(32)} ${ms(item.duration)}`);
  console.log('  scripts (total / evaluation / parse+compile):');
  for (const item of items('bootup-time').slice(0, 6))
    console.log(
      `    ${short(item.url).padEnd(48)} ${ms(item.total)} / ${ms(item.scripting)} / ${ms(item.scriptParseCompile)}`,
    );
  console.log('  long tasks (start, duration):');
  for (const item of items('long-tasks').slice(0, 8))
    console.log(`    ${ms(item.startTime)} ${ms(item.duration)} ${short(item.url)}`);
  // largest-contentful-paint-element is a list: a table with the element, a table of phases.
  for (const table of items('largest-contentful-paint-element') as Items[])
    for (const item of table.items ?? []) {
      const node = (item as {node?: {snippet?: string; nodeLabel?: string}}).node;
      if (node) console.log(`  LCP element: ${node.snippet ?? ''} "${node.nodeLabel ?? ''}"`);
      if ('phase' in item) console.log(`  LCP phase ${String(item.phase)}: ${ms(item.timing)}`);
    }
  for (const item of items('layout-shifts').slice(0, 5)) {
    const node = (item as {node?: {snippet?: string}}).node;
    console.log(`  layout shift ${Number(item.score).toFixed(3)}: ${node?.snippet ?? ''}`);
  }
  for (const id of ['render-blocking-resources', 'unused-javascript', 'font-display'])
    for (const item of items(id).slice(0, 4))
      console.log(`  ${id}: ${short(item.url)} ${item.wastedMs ? ms(item.wastedMs) : ''}`);
}

const gate = await startBenchGate({LOG_LEVEL: 'warn'});
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: CHROMIUM_ARGS,
  logLevel: 'silent',
});
type Run = {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
  requests: number;
  /** Lighthouse's measure of this machine's speed at the time (higher is faster). */
  benchmarkIndex: number;
};
type Preset = 'mobile' | 'desktop';
const runs: Record<string, Record<Preset, Run[]>> = Object.fromEntries(
  PAGES.map((page) => [page, {mobile: [], desktop: []}]),
);
let caching: {url: string; cacheControl: string | undefined; encoding: string | undefined}[] = [];
try {
  for (let round = 0; round < RUNS; round += 1) {
    for (const page of PAGES)
      for (const preset of PRESETS) {
        // A run that Lighthouse could not score (a runtime error, no score) is run again, up
        // to twice, rather than entering the medians as 0.
        let lhr;
        for (let attempt = 1; attempt <= 3 && !lhr; attempt += 1) {
          const result = await lighthouse(
            `${gate.base}${page}`,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance'],
              extraHeaders: {Cookie: gate.cookie},
            },
            preset === 'desktop' ? desktopConfig : undefined,
          );
          const candidate = result?.lhr;
          if (candidate && !candidate.runtimeError && candidate.categories.performance?.score)
            lhr = candidate;
          else
            console.warn(
              `${page} ${preset}: no score (${candidate?.runtimeError?.code ?? 'no result'}), attempt ${attempt}`,
            );
        }
        if (!lhr) throw new Error(`lighthouse could not score ${page} (${preset})`);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const network =
          (
            lhr.audits['network-requests']?.details as
              {items?: {url: string; transferSize?: number}[]} | undefined
          )?.items ?? [];
        runs[page]?.[preset].push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcpMs: Math.round(audit('first-contentful-paint')),
          lcpMs: Math.round(audit('largest-contentful-paint')),
          tbtMs: Math.round(audit('total-blocking-time')),
          cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
          transferBytes: Math.round(audit('total-byte-weight')),
          requests: network.length,
          benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
        });
        if (printAudits) printDiagnosis(`${page} ${preset} run ${round + 1}`, lhr);
        if (process.env.LHR_DIR)
          writeFileSync(
            path.join(
              process.env.LHR_DIR,
              `${page.replace(/\W+/g, '_')}-${preset}-${round + 1}.json`,
            ),
            JSON.stringify(lhr),
          );
      }
  }
  // How the page's own assets are served to a browser that accepts compression.
  const html = await (await fetch(`${gate.base}${PAGE}`, {headers: {cookie: gate.cookie}})).text();
  // (A preloaded entry script is named twice: by its preload link and its script element.)
  const assets = [
    ...new Set([...html.matchAll(/(?:src|href)="?(\/assets\/[^"\s>]+)/g)].map((m) => m[1] ?? '')),
  ].slice(0, 4);
  caching = await Promise.all(
    [PAGE, ...assets].map(async (url) => {
      const response = await fetch(`${gate.base}${url}`, {
        headers: {cookie: gate.cookie, 'accept-encoding': 'br, gzip'},
      });
      await response.arrayBuffer();
      return {
        url,
        cacheControl: response.headers.get('cache-control') ?? undefined,
        encoding: response.headers.get('content-encoding') ?? undefined,
      };
    }),
  );
} finally {
  chrome.kill();
  await gate.stop();
}

const summarise = (list: Run[]) => ({
  score: median(list.map((r) => r.score)),
  fcpMs: median(list.map((r) => r.fcpMs)),
  lcpMs: median(list.map((r) => r.lcpMs)),
  tbtMs: median(list.map((r) => r.tbtMs)),
  cls: median(list.map((r) => r.cls)),
  transferKB: Math.round(median(list.map((r) => r.transferBytes)) / 1024),
  requests: median(list.map((r) => r.requests)),
  benchmarkIndex: median(list.map((r) => r.benchmarkIndex)),
  scores: list.map((r) => r.score),
});
const summary = Object.fromEntries(
  Object.entries(runs).map(([page, r]) => [
    page,
    {mobile: summarise(r.mobile), desktop: summarise(r.desktop)},
  ]),
);
console.log(
  `\n| page | preset | performance (runs) | FCP ms | LCP ms | TBT ms | CLS | transfer KB | requests | benchmarkIndex |`,
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [page, presets] of Object.entries(summary))
  for (const [preset, s] of Object.entries(presets).filter(([p]) =>
    (PRESETS as readonly string[]).includes(p),
  ))
    console.log(
      `| ${page} | ${preset} | ${s.score} (${s.scores.join(', ')}) | ${s.fcpMs} | ${s.lcpMs} | ${s.tbtMs} | ${s.cls} | ${s.transferKB} | ${s.requests} | ${s.benchmarkIndex} |`,
    );
console.log('\n| resource | content-encoding | cache-control |\n| --- | --- | --- |');
for (const c of caching)
  console.log(
    `| ${c.url.replace(/^\/assets\//, '…/')} | ${c.encoding ?? 'none'} | ${c.cacheControl} |`,
  );
if (narrowed) process.exit(0);
mkdirSync(path.join(repoRoot, 'bench/results'), {recursive: true});
writeFileSync(
  path.join(repoRoot, 'bench/results/page-load.json'),
  `${JSON.stringify({date: new Date().toISOString(), pages: PAGES, runs: RUNS, summary, caching, raw: runs}, null, 2)}\n`,
);
