import {fork} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {freePort, repoRoot, startBenchGate} from './lib/gateProcess';
import {startNginx} from './lib/nginx';
import {ensureDebianPackages, median, wrk, type WrkResult} from './lib/system';

/**
 * Figure 1 (benchmarks issue): signed-in doc page requests per second through the gate, side
 * by side with nginx serving the same build with no gate, and a bare Node http server that
 * answers one page from memory (the ceiling for any Node server here). wrk at 64
 * connections; the three servers take turns, several rounds, medians. Goal: gate ≥ 0.6×
 * nginx, p99 < 10 ms, no errors.
 */
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 10);
const PAGE = '/docs/tools/git';

ensureDebianPackages({'/usr/sbin/nginx': 'nginx', '/usr/bin/wrk': 'wrk'});

// Every core, as in production (node:cluster).
const gate = await startBenchGate({LOG_LEVEL: 'warn', WORKERS: '2'});
const nginxPort = await freePort();
const nginx = await startNginx(path.join(repoRoot, 'site/build'), nginxPort);
const barePort = await freePort();
const bare = fork(
  path.join(repoRoot, 'bench/lib/bareServer.mjs'),
  [String(barePort), path.join(repoRoot, `site/build${PAGE}/index.html`)],
  {stdio: 'ignore'},
);
await new Promise((resolve) => setTimeout(resolve, 500));

const targets: Record<string, {url: string; headers: Record<string, string>}> = {
  nginx: {url: `http://127.0.0.1:${nginxPort}${PAGE}`, headers: {}},
  'bare node http': {url: `http://127.0.0.1:${barePort}${PAGE}`, headers: {}},
  gate: {url: `${gate.base}${PAGE}`, headers: {cookie: gate.cookie}},
};
const runs: Record<string, WrkResult[]> = {nginx: [], 'bare node http': [], gate: []};
try {
  for (const target of Object.values(targets))
    wrk(target.url, {connections: 64, seconds: 2, headers: target.headers}); // warm-up
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, target] of Object.entries(targets)) {
      runs[name]?.push(
        wrk(target.url, {connections: 64, seconds: SECONDS, headers: target.headers}),
      );
    }
  }
} finally {
  bare.kill();
  await nginx.stop();
  await gate.stop();
}

const summary = Object.fromEntries(
  Object.entries(runs).map(([name, results]) => [
    name,
    {
      rps: Math.round(median(results.map((r) => r.rps))),
      p50Ms: median(results.map((r) => r.p50Ms)),
      p99Ms: median(results.map((r) => r.p99Ms)),
      errors: results.reduce((sum, r) => sum + r.errors, 0),
      non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
      runs: results,
    },
  ]),
);
const nginxRps = summary.nginx?.rps ?? 1;
console.log(
  `\n| server | req/s (median of ${ROUNDS}) | × nginx | p50 ms | p99 ms | errors | non-2xx |`,
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const [name, s] of Object.entries(summary)) {
  console.log(
    `| ${name} | ${s.rps} | ${(s.rps / nginxRps).toFixed(2)} | ${s.p50Ms.toFixed(2)} | ${s.p99Ms.toFixed(2)} | ${s.errors} | ${s.non2xx} |`,
  );
}
mkdirSync(path.join(repoRoot, 'bench/results'), {recursive: true});
writeFileSync(
  path.join(repoRoot, 'bench/results/gate-throughput.json'),
  `${JSON.stringify({date: new Date().toISOString(), page: PAGE, connections: 64, seconds: SECONDS, rounds: ROUNDS, summary}, null, 2)}\n`,
);
