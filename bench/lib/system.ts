import {spawn, spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';

/** Installs Debian packages a benchmark needs when they are missing (root only). */
export function ensureDebianPackages(binaries: Record<string, string>): void {
  const missing = Object.entries(binaries).filter(([binary]) => !existsSync(binary));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Missing ${missing.map(([binary]) => binary).join(', ')}: run \`sudo apt-get install -y ${missing.map(([, pkg]) => pkg).join(' ')}\``,
    );
  }
  console.log(`Installing ${missing.map(([, pkg]) => pkg).join(', ')}…`);
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...missing.map(([, pkg]) => pkg)],
  ]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: {...process.env, DEBIAN_FRONTEND: 'noninteractive'},
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

export type WrkResult = {
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly requests: number;
  /** Socket errors of every kind, timeouts included. */
  readonly errors: number;
  /** Requests wrk gave up on after its timeout (2 s). */
  readonly timeouts: number;
  readonly non2xx: number;
};

type WrkOptions = {
  connections: number;
  seconds: number;
  threads?: number;
  headers?: Record<string, string>;
};

function wrkArgs(url: string, options: WrkOptions): string[] {
  const args = [
    '-t',
    String(options.threads ?? 2),
    '-c',
    String(options.connections),
    '-d',
    `${options.seconds}s`,
    '--latency',
  ];
  for (const [name, value] of Object.entries(options.headers ?? {}))
    args.push('-H', `${name}: ${value}`);
  return [...args, url];
}

function parseWrk(out: string): WrkResult {
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    out,
  );
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50Ms: toMs(/\n\s+50%\s+(\S+)/.exec(out)?.[1] ?? ''),
    p99Ms: toMs(/\n\s+99%\s+(\S+)/.exec(out)?.[1] ?? ''),
    maxMs: toMs(/\n\s+Latency\s+\S+\s+\S+\s+(\S+)/.exec(out)?.[1] ?? ''),
    requests: Number(/\n\s+(\d+) requests in/.exec(out)?.[1] ?? 0),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    timeouts: Number(socketErrors?.[4] ?? 0),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

/** One wrk run without blocking this process (it can sample memory meanwhile). */
export function wrkAsync(url: string, options: WrkOptions): Promise<WrkResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/wrk', wrkArgs(url, options), {stdio: ['ignore', 'pipe', 'pipe']});
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(parseWrk(out)) : reject(new Error(`wrk failed: ${err || out}`)),
    );
  });
}

function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const n = Number(match[1]);
  return match[2] === 'us' ? n / 1000 : match[2] === 's' ? n * 1000 : n;
}

/** One wrk run (Debian's wrk): requests per second and latency percentiles. */
export function wrk(url: string, options: WrkOptions): WrkResult {
  const result = spawnSync('/usr/bin/wrk', wrkArgs(url, options), {encoding: 'utf8'});
  const out = result.stdout;
  if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr || out}`);
  return parseWrk(out);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
