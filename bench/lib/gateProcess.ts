import {execFileSync, spawnSync, type ChildProcess} from 'node:child_process';
import {closeSync, existsSync, mkdtempSync, openSync, readFileSync, truncateSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {freePort, startAuthEmulator, type RunningEmulator} from '../../testing/authEmulator';

export {freePort};
import {signInWithGoogle} from '../../testing/emulatorAccounts';
import {spawnGateProcess} from '../../testing/gateProcess';
import {productionNode} from './productionNode';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** One entry of the gate's log other than a request line (JSON, as pino writes it). */
export type GateLogEntry = {
  readonly msg?: string;
  readonly pid?: number;
  readonly time?: number;
} & Record<string, unknown>;

export type BenchGate = {
  readonly base: string;
  readonly port: number;
  readonly cookie: string;
  readonly child: ChildProcess;
  /** The Node.js version the gate runs on. */
  readonly nodeVersion: string;
  /** Resident memory of the gate, every process of it (the primary and its workers). */
  rssMb(): number;
  /** The log entries written since the last call, request lines left out; the log is emptied. */
  takeLog(): GateLogEntry[];
  stop(): Promise<void>;
};

/** The process and its descendants (the cluster primary's workers). */
function processTree(pid: number): number[] {
  const children = (() => {
    try {
      return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    } catch {
      return [];
    }
  })()
    .filter(Boolean)
    .map(Number);
  return [pid, ...children.flatMap(processTree)];
}

/**
 * CPU time (user and system, in seconds) a process and its descendants have used so far, from
 * `/proc/<pid>/stat` (clock ticks of 1/100 s, Linux's `USER_HZ`).
 */
export function cpuSeconds(pid: number): {user: number; system: number} {
  let user = 0;
  let system = 0;
  for (const p of processTree(pid)) {
    try {
      // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      user += Number(fields[11] ?? 0) / 100;
      system += Number(fields[12] ?? 0) / 100;
    } catch {
      // exited
    }
  }
  return {user, system};
}

function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * The bench's Auth emulator: `firebase.bench.json` on 127.0.0.1:9299 (apart from the tests'),
 * or `BENCH_FIREBASE_CONFIG` and `BENCH_EMULATOR_HOST` when something else holds those ports.
 */
const emulatorConfig =
  process.env.BENCH_FIREBASE_CONFIG ?? path.join(repoRoot, 'firebase.bench.json');
const emulatorHost = process.env.BENCH_EMULATOR_HOST ?? '127.0.0.1:9299';

/**
 * The real gate as its own process over the production build, against a bench Auth emulator,
 * with a signed-in company session ready to use, on production's Node.js (`productionNode`:
 * 22, or `BENCH_NODE`, or `BENCH_NODE=self` for this one); `nodeArgs` adds Node.js flags
 * (`--cpu-prof`). If anything fails on the way, the emulator and the gate are stopped.
 */
export async function startBenchGate(
  extraEnv: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): Promise<BenchGate> {
  const emulator: RunningEmulator = await startAuthEmulator({
    configFile: emulatorConfig,
    host: emulatorHost,
    projectId: 'demo-handbook',
  });
  const node = productionNode();
  let child: ChildProcess | null = null;
  // The log goes to a file the bench reads between runs (a pipe nobody reads during a wrk run
  // would stall the gate's writes); request lines are dropped when it is read.
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'bench-gate-')), 'gate.log');
  const logFd = openSync(logFile, 'a');
  const takeLog = (): GateLogEntry[] => {
    if (!existsSync(logFile)) return [];
    const kept = spawnSync('grep', ['-v', '"msg":"request completed"', logFile], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    }).stdout;
    truncateSync(logFile, 0);
    return kept
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as GateLogEntry];
        } catch {
          return [];
        }
      });
  };
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    closeSync(logFd);
    await emulator.stop();
  };
  try {
    const gate = await spawnGateProcess(
      {
        NODE_ENV: 'development',
        ALLOWED_EMAIL_DOMAINS: 'studio.example',
        FIREBASE_PROJECT_ID: 'demo-handbook',
        FIREBASE_API_KEY: 'demo-api-key',
        FIREBASE_AUTH_DOMAIN: 'demo-handbook.firebaseapp.com',
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
        // On another Node.js than the one that installed node_modules, the SQLite store's
        // native module cannot load: insights are off there (their cost is measured on this
        // Node.js by insights-throughput.ts).
        ...(node !== undefined ? {INSIGHTS: 'off'} : {}),
        ...extraEnv,
      },
      'stderr',
      {...(node ? {binary: node} : {}), args: nodeArgs, logFd},
    );
    child = gate.child;
    // /healthz answers as soon as one worker listens: wait for all of them, or the bench's
    // first connections would all go to the first one.
    const workers = Number(extraEnv.WORKERS ?? 1);
    if (workers > 1 && !['info', 'debug', 'trace'].includes(extraEnv.LOG_LEVEL ?? 'warn')) {
      // The primary says so at `info` only: below it, give the workers time to load the build.
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
    const seen: GateLogEntry[] = [];
    for (
      let i = 0;
      workers > 1 && ['info', 'debug', 'trace'].includes(extraEnv.LOG_LEVEL ?? 'warn') && i < 600;
      i += 1
    ) {
      seen.push(...takeLog());
      if (seen.some((entry) => entry.msg === 'every worker is listening')) break;
      if (i === 599) throw new Error("the gate's workers did not all listen within 60 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const {idToken} = await signInWithGoogle(
      {host: emulatorHost, projectId: 'demo-handbook'},
      'bench@studio.example',
    );
    const response = await fetch(`${gate.base}/__session`, {
      method: 'POST',
      headers: {origin: gate.base, authorization: `Bearer ${idToken}`},
    });
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    if (!cookie) throw new Error(`bench sign-in failed: ${response.status}`);
    const pid = gate.child.pid ?? 0;
    return {
      base: gate.base,
      port: gate.port,
      cookie,
      child: gate.child,
      nodeVersion: node
        ? execFileSync(node, ['--version'], {encoding: 'utf8'}).trim()
        : process.version,
      rssMb: () => processTree(pid).reduce((sum, p) => sum + rssOf(p), 0),
      takeLog,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
