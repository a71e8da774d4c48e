import {mkdirSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {repoRoot, startBenchGate} from './lib/gateProcess';

/**
 * Load and soak of the gate (issue: hardening). autocannon on loopback against the real gate
 * process over the production build, signed in: doc pages, hashed assets and search queries
 * mixed. Goals: 0 errors and 0 non-2xx at 256 connections for 30 s; resident memory growth
 * under 50 MB over a 5-minute soak. LOAD_SECONDS and SOAK_SECONDS shorten it for a quick look.
 */
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 300);

const pages = [
  '/',
  '/docs/documentation',
  '/docs/tools/git',
  '/docs/tools/kong',
  '/docs/workflow/deployment-workflow',
  '/docs/category/engineering',
  '/blog',
  '/search',
];
const js = readdirSync(path.join(repoRoot, 'site/build/assets/js')).filter((file) =>
  /^main\..*\.js$/.test(file),
);
const css = readdirSync(path.join(repoRoot, 'site/build/assets/css')).filter((file) =>
  file.endsWith('.css'),
);
const assets = [
  ...js.map((file) => `/assets/js/${file}`),
  ...css.map((file) => `/assets/css/${file}`),
  '/img/logo.svg',
];
const queries = [
  'kong',
  'git workflow',
  'deploy',
  'postman',
  'rollback',
  'sonarqube quality gate',
  'flutter',
  'how do I get secrets',
];

function requestsFor(cookie: string): autocannon.Request[] {
  const headers = {cookie, 'accept-encoding': 'br, gzip'};
  const search = (query: string): autocannon.Request => ({
    method: 'POST',
    path: '/1/indexes/*/queries?x-algolia-api-key=session-gated&x-algolia-application-id=STUDIOHANDBOOK',
    headers: {...headers, 'content-type': 'text/plain'},
    body: JSON.stringify({
      requests: [
        {
          indexName: 'studio-handbook',
          query,
          hitsPerPage: 20,
          attributesToSnippet: ['content:10'],
          facetFilters: ['language:en'],
        },
      ],
    }),
  });
  return [
    ...pages.map((page): autocannon.Request => ({
      method: 'GET',
      path: page,
      headers: {...headers, accept: 'text/html'},
    })),
    ...assets.map((asset): autocannon.Request => ({method: 'GET', path: asset, headers})),
    ...queries.map(search),
  ];
}

function run(
  base: string,
  cookie: string,
  connections: number,
  seconds: number,
): Promise<autocannon.Result> {
  return autocannon({url: base, connections, duration: seconds, requests: requestsFor(cookie)});
}

const gate = await startBenchGate({LOG_LEVEL: 'warn'});
try {
  const warm = await run(gate.base, gate.cookie, 16, 3);
  const rssBefore = gate.rssMb();
  const load = await run(gate.base, gate.cookie, 256, LOAD_SECONDS);
  const rssAfterLoad = gate.rssMb();

  const samples: {second: number; rssMb: number}[] = [];
  const soakStart = gate.rssMb();
  const sampler = setInterval(
    () => samples.push({second: samples.length * 10, rssMb: Math.round(gate.rssMb())}),
    10_000,
  );
  const soak = await run(gate.base, gate.cookie, 64, SOAK_SECONDS);
  clearInterval(sampler);
  const soakEnd = gate.rssMb();

  const summary = (result: autocannon.Result) => ({
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    latencyMs: {p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max},
    throughputMBps: Math.round((result.throughput.average / 1e6) * 10) / 10,
  });
  const results = {
    date: new Date().toISOString(),
    warmUp: summary(warm),
    load: {
      connections: 256,
      seconds: LOAD_SECONDS,
      ...summary(load),
      rssMb: {before: Math.round(rssBefore), after: Math.round(rssAfterLoad)},
    },
    soak: {
      connections: 64,
      seconds: SOAK_SECONDS,
      ...summary(soak),
      rssMb: {
        start: Math.round(soakStart),
        end: Math.round(soakEnd),
        growth: Math.round(soakEnd - soakStart),
      },
      samples,
    },
  };
  mkdirSync(path.join(repoRoot, 'bench/results'), {recursive: true});
  writeFileSync(
    path.join(repoRoot, 'bench/results/gate-load.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  console.log(
    '| run | connections | seconds | requests | req/s | errors | non-2xx | p50 ms | p99 ms | RSS MB |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  console.log(
    `| load | 256 | ${LOAD_SECONDS} | ${load.requests.total} | ${Math.round(load.requests.average)} | ${load.errors + load.timeouts} | ${load.non2xx} | ${load.latency.p50} | ${load.latency.p99} | ${Math.round(rssBefore)} → ${Math.round(rssAfterLoad)} |`,
  );
  console.log(
    `| soak | 64 | ${SOAK_SECONDS} | ${soak.requests.total} | ${Math.round(soak.requests.average)} | ${soak.errors + soak.timeouts} | ${soak.non2xx} | ${soak.latency.p50} | ${soak.latency.p99} | ${Math.round(soakStart)} → ${Math.round(soakEnd)} (${soakEnd - soakStart >= 0 ? '+' : ''}${Math.round(soakEnd - soakStart)}) |`,
  );
} finally {
  await gate.stop();
}
