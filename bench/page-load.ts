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
/** Issue 14's pages: a doc page, the home page and a search results page. PAGES=… narrows. */
const PAGES = (process.env.PAGES ?? '/docs/tools/git,/,/search?q=deploy').split(',');
const PAGE = PAGES[0] ?? '/docs/tools/git';

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
};
type Preset = 'mobile' | 'desktop';
const runs: Record<string, Record<Preset, Run[]>> = Object.fromEntries(
  PAGES.map((page) => [page, {mobile: [], desktop: []}]),
);
let caching: {url: string; cacheControl: string | undefined; encoding: string | undefined}[] = [];
try {
  for (let round = 0; round < RUNS; round += 1) {
    for (const page of PAGES)
      for (const preset of ['mobile', 'desktop'] as const) {
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
        const lhr = result?.lhr;
        if (!lhr) throw new Error('lighthouse returned no result');
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
        });
      }
  }
  // How the page's own assets are served to a browser that accepts compression.
  const html = await (await fetch(`${gate.base}${PAGE}`, {headers: {cookie: gate.cookie}})).text();
  const assets = [...html.matchAll(/(?:src|href)="?(\/assets\/[^"\s>]+)/g)]
    .map((match) => match[1] ?? '')
    .slice(0, 4);
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
});
const summary = Object.fromEntries(
  Object.entries(runs).map(([page, r]) => [
    page,
    {mobile: summarise(r.mobile), desktop: summarise(r.desktop)},
  ]),
);
console.log(
  `\n| page | preset | performance | FCP ms | LCP ms | TBT ms | CLS | transfer KB | requests |`,
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [page, presets] of Object.entries(summary))
  for (const [preset, s] of Object.entries(presets))
    console.log(
      `| ${page} | ${preset} | ${s.score} | ${s.fcpMs} | ${s.lcpMs} | ${s.tbtMs} | ${s.cls} | ${s.transferKB} | ${s.requests} |`,
    );
console.log('\n| resource | content-encoding | cache-control |\n| --- | --- | --- |');
for (const c of caching)
  console.log(
    `| ${c.url.replace(/^\/assets\//, '…/')} | ${c.encoding ?? 'none'} | ${c.cacheControl} |`,
  );
mkdirSync(path.join(repoRoot, 'bench/results'), {recursive: true});
writeFileSync(
  path.join(repoRoot, 'bench/results/page-load.json'),
  `${JSON.stringify({date: new Date().toISOString(), pages: PAGES, runs: RUNS, summary, caching, raw: runs}, null, 2)}\n`,
);
