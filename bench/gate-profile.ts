import {mkdirSync, mkdtempSync, readdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {summariseProfiles} from './lib/cpuProfile';
import {repoRoot, startBenchGate} from './lib/gateProcess';
import {ensureDebianPackages, wrk} from './lib/system';

/**
 * Where a gate worker's time goes under the throughput bench's load (issue 27): the gate in
 * production shape (WORKERS=2, LOG_LEVEL=info unless PROFILE_LOG_LEVEL says otherwise) runs
 * with `--cpu-prof`, wrk sends the signed-in doc page at 64 connections, and the workers'
 * profiles are summed over the load's window into the shares bench/README.md reports.
 * PROFILE_ENCODING=br sends `Accept-Encoding: br, gzip` as a browser does (identity otherwise,
 * the same bytes nginx sends in gate-throughput.ts). The profiles stay in a temporary folder
 * (printed) for Chromium's DevTools; only the summary is written, to results/gate-profile.json.
 */
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 64);
const LOG_LEVEL = process.env.PROFILE_LOG_LEVEL ?? 'info';
const ENCODING = process.env.PROFILE_ENCODING ?? 'identity';
const PAGE = '/docs/tools/git';

ensureDebianPackages({'/usr/bin/wrk': 'wrk'});

const dir = mkdtempSync(path.join(tmpdir(), 'gate-profile-'));
const gate = await startBenchGate({LOG_LEVEL, WORKERS: '2'}, [
  '--cpu-prof',
  `--cpu-prof-dir=${dir}`,
  '--cpu-prof-interval=100',
]);
const headers: Record<string, string> = {cookie: gate.cookie};
if (ENCODING !== 'identity') headers['accept-encoding'] = 'br, gzip';
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
let window = {fromUs: 0, toUs: 0};
let result;
try {
  wrk(`${gate.base}${PAGE}`, {connections: CONNECTIONS, seconds: 2, headers}); // warm-up
  const fromUs = nowUs();
  result = wrk(`${gate.base}${PAGE}`, {connections: CONNECTIONS, seconds: SECONDS, headers});
  window = {fromUs, toUs: nowUs()};
} finally {
  await gate.stop(); // the workers write their profiles as they exit
}

// CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: the workers' main threads (thread 0).
const primary = String(gate.child.pid);
const workers = readdirSync(dir)
  .filter((file) => /\.cpuprofile$/.test(file))
  .filter((file) => {
    const [, , , pid, thread] = file.split('.');
    return pid !== primary && thread === '0';
  })
  .map((file) => path.join(dir, file));
if (workers.length === 0) throw new Error(`no worker profiles in ${dir}`);
const summary = summariseProfiles(workers, window);

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
console.log(
  `\ngate, ${CONNECTIONS} connections, ${SECONDS} s, LOG_LEVEL=${LOG_LEVEL}, ${ENCODING}: ${Math.round(result.rps)} req/s, p99 ${result.p99Ms} ms`,
);
console.log(
  `${workers.length} workers, ${summary.totalMs} ms sampled, idle ${pct(summary.idleShare)}; shares of busy time:\n`,
);
console.log('| where the time goes | share of busy time |');
console.log('| --- | ---: |');
for (const c of summary.busy) console.log(`| ${c.name} | ${pct(c.share)} |`);
console.log('\nheaviest functions (self time):');
for (const f of summary.topFunctions) console.log(`  ${pct(f.share).padStart(6)}  ${f.name}`);
console.log(`\nprofiles: ${dir}`);

mkdirSync(path.join(repoRoot, 'bench/results'), {recursive: true});
writeFileSync(
  path.join(
    repoRoot,
    `bench/results/gate-profile${ENCODING === 'identity' ? '' : `-${ENCODING}`}.json`,
  ),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: gate.nodeVersion,
      page: PAGE,
      connections: CONNECTIONS,
      seconds: SECONDS,
      logLevel: LOG_LEVEL,
      encoding: ENCODING,
      wrk: result,
      ...summary,
    },
    null,
    2,
  )}\n`,
);
