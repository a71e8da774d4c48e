import {fork} from 'node:child_process';
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {availableParallelism, cpus, tmpdir} from 'node:os';
import path from 'node:path';
import {
  cpuSeconds,
  freePort,
  repoRoot,
  startBenchGate,
  type BenchGate,
  type GateLogEntry,
} from './lib/gateProcess';
import {startNginx} from './lib/nginx';
import {productionNode} from './lib/productionNode';
import {ensureDebianPackages, median, wrk, wrkAsync, type WrkResult} from './lib/system';

/**
 * Issue 27's table, gate and nginx side by side in one run: the signed-in doc page through the
 * gate in production shape (WORKERS=2, LOG_LEVEL=info, the request log written to a file) and
 * through Debian's nginx serving the same build with no gate (the ceiling), both answering
 * wrk on loopback with the same request (a session cookie, no Accept-Encoding: the same
 * bytes). A bare node:http server answering the page from memory (two cluster workers) shows
 * what any Node.js server reaches here, once with the two headers it needs and once with the
 * gate's own response headers (the same bytes the gate sends). Each server's CPU time per
 * request (user and system, its processes only) is measured over each round.
 *
 * 1. 64 connections, ROUNDS rounds of SECONDS s, the servers taking turns: medians.
 *    Goal: gate ≥ 0.70× nginx, p99 < 10 ms.
 * 2. Overload: 256 connections for 20 s. Goal: p99 ≤ 3× nginx's, 0 timeouts, 0 errors.
 * 3. 1,024 connections for 20 s. Goal: no errors but 503s, memory flat.
 * The gate's own "load" log lines give its event-loop delay and queue length in each run.
 */
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 10);
const OVERLOAD_SECONDS = Number(process.env.OVERLOAD_SECONDS ?? 20);
const PAGE = '/docs/tools/git';

ensureDebianPackages({'/usr/sbin/nginx': 'nginx', '/usr/bin/wrk': 'wrk'});

const gate = await startBenchGate({LOG_LEVEL: 'info', WORKERS: '2'});
const nginxPort = await freePort();
const nginx = await startNginx(path.join(repoRoot, 'site/build'), nginxPort);
// The gate's response headers for the page, as wrk will get them (no Accept-Encoding).
const gateResponse = await fetch(`${gate.base}${PAGE}`, {
  headers: {cookie: gate.cookie, 'accept-encoding': 'identity'},
});
await gateResponse.arrayBuffer();
const gateHeaders: [string, string][] = [];
gateResponse.headers.forEach((value, name) => gateHeaders.push([name, value]));
const headersFile = path.join(mkdtempSync(path.join(tmpdir(), 'bench-headers-')), 'headers.json');
writeFileSync(headersFile, JSON.stringify(gateHeaders));
const startBare = async (extra: string[]) => {
  const port = await freePort();
  const child = fork(
    path.join(repoRoot, 'bench/lib/bareServer.mjs'),
    [String(port), path.join(repoRoot, `site/build${PAGE}/index.html`), '2', ...extra],
    {stdio: 'ignore', ...(productionNode() ? {execPath: productionNode()} : {})},
  );
  return {port, child};
};
const bare = await startBare([]);
const bareWithHeaders = await startBare([headersFile]);
await new Promise((resolve) => setTimeout(resolve, 1500));

type Target = {url: string; headers: Record<string, string>; pid: number};
type Name = 'nginx' | 'bare node http' | 'bare node http, gate headers' | 'gate';
const targets: Record<Name, Target> = {
  nginx: {url: `http://127.0.0.1:${nginxPort}${PAGE}`, headers: {}, pid: nginx.pid},
  'bare node http': {
    url: `http://127.0.0.1:${bare.port}${PAGE}`,
    headers: {cookie: gate.cookie},
    pid: bare.child.pid ?? 0,
  },
  'bare node http, gate headers': {
    url: `http://127.0.0.1:${bareWithHeaders.port}${PAGE}`,
    headers: {cookie: gate.cookie},
    pid: bareWithHeaders.child.pid ?? 0,
  },
  gate: {url: `${gate.base}${PAGE}`, headers: {cookie: gate.cookie}, pid: gate.child.pid ?? 0},
};
/** CPU time per request (µs, user + system) of each server in each round. */
const cpuPerRequest: Record<Name, {user: number; system: number}[]> = {
  nginx: [],
  'bare node http': [],
  'bare node http, gate headers': [],
  gate: [],
};

type GateLoad = {
  eventLoopDelayMsMax: number;
  eventLoopDelayMsP99: number;
  queueLengthMax: number;
  maxWaitMs: number;
  shed: number;
};

/** The gate's "load" lines of the run just made (they come every 5 s per busy worker). */
async function gateLoad(bench: BenchGate): Promise<GateLoad> {
  await new Promise((resolve) => setTimeout(resolve, 5500));
  const loads = bench
    .takeLog()
    .filter((entry): entry is GateLogEntry & {load: Record<string, never>} => entry.msg === 'load')
    .map(
      (entry) =>
        entry.load as unknown as {
          eventLoopDelayMs: {p99: number; max: number};
          queueLength: {max: number};
          maxWaitMs: number;
          shed: number;
        },
    );
  const max = (values: number[]) => (values.length ? Math.max(...values) : 0);
  return {
    eventLoopDelayMsMax: max(loads.map((l) => l.eventLoopDelayMs.max)),
    eventLoopDelayMsP99: max(loads.map((l) => l.eventLoopDelayMs.p99)),
    queueLengthMax: max(loads.map((l) => l.queueLength.max)),
    maxWaitMs: max(loads.map((l) => l.maxWaitMs)),
    shed: loads.reduce((sum, l) => sum + l.shed, 0),
  };
}

const rounds: Record<Name, WrkResult[]> = {
  nginx: [],
  'bare node http': [],
  'bare node http, gate headers': [],
  gate: [],
};
const gateLoads: GateLoad[] = [];
let overload: {nginx: WrkResult; gate: WrkResult; gateLoad: GateLoad};
let flood: {
  nginx: WrkResult;
  gate: WrkResult;
  gateLoad: GateLoad;
  rssMb: {before: number; peak: number; after: number; samples: number[]};
  recovery: WrkResult;
};
try {
  for (const target of Object.values(targets))
    wrk(target.url, {connections: 64, seconds: 3, headers: target.headers}); // warm-up
  gate.takeLog();
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, target] of Object.entries(targets) as [Name, Target][]) {
      const before = cpuSeconds(target.pid);
      const result = wrk(target.url, {connections: 64, seconds: SECONDS, headers: target.headers});
      const after = cpuSeconds(target.pid);
      const requests = result.rps * SECONDS;
      cpuPerRequest[name].push({
        user: Math.round((1e7 * (after.user - before.user)) / requests) / 10,
        system: Math.round((1e7 * (after.system - before.system)) / requests) / 10,
      });
      rounds[name].push(result);
      if (name === 'gate') gateLoads.push(await gateLoad(gate));
    }
  }

  const overloadNginx = wrk(targets.nginx.url, {connections: 256, seconds: OVERLOAD_SECONDS});
  const overloadGate = wrk(targets.gate.url, {
    connections: 256,
    seconds: OVERLOAD_SECONDS,
    headers: targets.gate.headers,
  });
  overload = {nginx: overloadNginx, gate: overloadGate, gateLoad: await gateLoad(gate)};

  const floodNginx = wrk(targets.nginx.url, {connections: 1024, seconds: OVERLOAD_SECONDS});
  const rssBefore = gate.rssMb();
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(Math.round(gate.rssMb())), 1000);
  const floodGate = await wrkAsync(targets.gate.url, {
    connections: 1024,
    seconds: OVERLOAD_SECONDS,
    headers: targets.gate.headers,
  });
  clearInterval(sampler);
  // Recovery: the moment the flood stops, a normal load is served as before it.
  const recovery = wrk(targets.gate.url, {
    connections: 64,
    seconds: 5,
    headers: targets.gate.headers,
  });
  const floodLoad = await gateLoad(gate);
  flood = {
    nginx: floodNginx,
    gate: floodGate,
    gateLoad: floodLoad,
    rssMb: {
      before: Math.round(rssBefore),
      peak: Math.max(...samples),
      after: Math.round(gate.rssMb()),
      samples,
    },
    recovery,
  };
} finally {
  bare.child.kill();
  bareWithHeaders.child.kill();
  await nginx.stop();
  await gate.stop();
}

const summaryOf = (results: WrkResult[]) => ({
  rps: Math.round(median(results.map((r) => r.rps))),
  p50Ms: median(results.map((r) => r.p50Ms)),
  p99Ms: median(results.map((r) => r.p99Ms)),
  errors: results.reduce((sum, r) => sum + r.errors, 0),
  non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  runs: results,
});
const summary = {
  nginx: summaryOf(rounds.nginx),
  'bare node http': summaryOf(rounds['bare node http']),
  'bare node http, gate headers': summaryOf(rounds['bare node http, gate headers']),
  gate: summaryOf(rounds.gate),
};
const cpuSummary = Object.fromEntries(
  (Object.keys(cpuPerRequest) as Name[]).map((name) => [
    name,
    {
      user: median(cpuPerRequest[name].map((c) => c.user)),
      system: median(cpuPerRequest[name].map((c) => c.system)),
    },
  ]),
) as Record<Name, {user: number; system: number}>;
const ratio = summary.gate.rps / summary.nginx.rps;
const ratios = rounds.gate.map((g, i) => g.rps / (rounds.nginx[i]?.rps ?? 1));
const cores = availableParallelism();
const load = (l: GateLoad) =>
  `event-loop delay p99 ${l.eventLoopDelayMsP99} ms (max ${l.eventLoopDelayMsMax}), queue ≤ ${l.queueLengthMax}, longest wait ${l.maxWaitMs} ms, ${l.shed} shed`;
const yes = (met: boolean) => (met ? 'yes' : '**no**');
const overloadP99Ratio = overload.gate.p99Ms / overload.nginx.p99Ms;
const floodOtherErrors = flood.gate.errors + (flood.gate.non2xx - flood.gateLoad.shed);

console.log(
  `\n${cores} cores (${cpus()[0]?.model ?? 'unknown CPU'}), the gate on Node.js ${gate.nodeVersion}, wrk 2 threads on the same machine\n`,
);
console.log('| figure | goal | gate | nginx | met |');
console.log('| --- | --- | --- | --- | --- |');
console.log(
  `| throughput, 64 connections, WORKERS=2, LOG_LEVEL=info (median of ${ROUNDS} × ${SECONDS} s) | ≥ 0.70× nginx, p99 < 10 ms | ${summary.gate.rps} req/s = **${ratio.toFixed(2)}×** (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}), p99 ${summary.gate.p99Ms} ms | ${summary.nginx.rps} req/s, p99 ${summary.nginx.p99Ms} ms | ${yes(ratio >= 0.7 && summary.gate.p99Ms < 10)} |`,
);
console.log(
  `| overload: 256 connections, ${OVERLOAD_SECONDS} s | p99 ≤ 3× nginx's, 0 timeouts, 0 errors | p99 ${overload.gate.p99Ms} ms (${overloadP99Ratio.toFixed(1)}×), max ${overload.gate.maxMs} ms, ${overload.gate.timeouts} timeouts, ${overload.gate.errors} errors, ${overload.gate.non2xx} non-2xx, ${Math.round(overload.gate.rps)} req/s | p99 ${overload.nginx.p99Ms} ms, max ${overload.nginx.maxMs} ms, ${overload.nginx.timeouts} timeouts, ${Math.round(overload.nginx.rps)} req/s | ${yes(overloadP99Ratio <= 3 && overload.gate.timeouts === 0 && overload.gate.errors === 0)} |`,
);
console.log(
  `| 1,024 connections, ${OVERLOAD_SECONDS} s | 0 errors but 503s, memory flat | ${flood.gate.errors} socket errors (${flood.gate.timeouts} timeouts), ${flood.gate.non2xx} non-2xx of which ${flood.gateLoad.shed} shed 503s; p99 ${flood.gate.p99Ms} ms; RSS ${flood.rssMb.before} → peak ${flood.rssMb.peak} → ${flood.rssMb.after} MB | ${flood.nginx.errors} socket errors (${flood.nginx.timeouts} timeouts), p99 ${flood.nginx.p99Ms} ms | ${yes(floodOtherErrors === 0 && flood.rssMb.peak - flood.rssMb.before < 50)} |`,
);
console.log(
  `| recovery: 64 connections right after | as before the flood | ${Math.round(flood.recovery.rps)} req/s, p99 ${flood.recovery.p99Ms} ms, ${flood.recovery.non2xx} non-2xx | | ${yes(flood.recovery.non2xx === 0 && flood.recovery.rps >= 0.8 * summary.gate.rps)} |`,
);
const anchor = (name: Name) =>
  `${summary[name].rps} req/s = ${(summary[name].rps / summary.nginx.rps).toFixed(2)}× nginx, p99 ${summary[name].p99Ms} ms`;
console.log(`\nbare node:http, 2 workers, same page: ${anchor('bare node http')}`);
console.log(
  `bare node:http with the gate's ${gateHeaders.length} response headers: ${anchor('bare node http, gate headers')}`,
);
console.log(
  `CPU per request, µs user + system (medians over the rounds): ${(Object.keys(cpuSummary) as Name[]).map((name) => `${name} ${cpuSummary[name].user} + ${cpuSummary[name].system}`).join('; ')}`,
);
console.log(`gate load, 64 connections: ${gateLoads.map(load).join('; ')}`);
console.log(`gate load, 256 connections: ${load(overload.gateLoad)}`);
console.log(`gate load, 1,024 connections: ${load(flood.gateLoad)}`);
console.log(
  `gate RSS during the 1,024-connection run (MB, every second): ${flood.rssMb.samples.join(' ')}`,
);

mkdirSync(path.join(repoRoot, 'bench/results'), {recursive: true});
writeFileSync(
  path.join(repoRoot, 'bench/results/gate-throughput.json'),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      cores,
      node: gate.nodeVersion,
      page: PAGE,
      connections: 64,
      seconds: SECONDS,
      rounds: ROUNDS,
      ratio,
      summary,
      cpuPerRequestUs: {medians: cpuSummary, rounds: cpuPerRequest},
      gateHeaders: gateHeaders.map(([name]) => name),
      gateLoads,
      overload: {connections: 256, seconds: OVERLOAD_SECONDS, ...overload},
      flood: {connections: 1024, seconds: OVERLOAD_SECONDS, ...flood},
    },
    null,
    2,
  )}\n`,
);
