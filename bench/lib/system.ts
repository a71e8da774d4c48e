import {spawnSync} from 'node:child_process';
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
  readonly errors: number;
  readonly non2xx: number;
};

function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const n = Number(match[1]);
  return match[2] === 'us' ? n / 1000 : match[2] === 's' ? n * 1000 : n;
}

/** One wrk run (Debian's wrk): requests per second and latency percentiles. */
export function wrk(
  url: string,
  options: {
    connections: number;
    seconds: number;
    threads?: number;
    headers?: Record<string, string>;
  },
): WrkResult {
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
  const result = spawnSync('/usr/bin/wrk', [...args, url], {encoding: 'utf8'});
  const out = result.stdout;
  if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr || out}`);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    out,
  );
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50Ms: toMs(/\n\s+50%\s+(\S+)/.exec(out)?.[1] ?? ''),
    p99Ms: toMs(/\n\s+99%\s+(\S+)/.exec(out)?.[1] ?? ''),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
