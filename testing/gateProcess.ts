import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {freePort, repoRoot} from './authEmulator';

export type GateProcess = {
  readonly child: ChildProcess;
  readonly base: string;
  readonly port: number;
  readonly exited: Promise<number | null>;
};

/** How long a gate may take to answer /healthz: about five times a quiet two-worker start. */
const START_TIMEOUT_MS = 60_000;

/**
 * The gate as a real process (`server/src/server.ts`) on a free loopback port, with `env` as
 * its configuration; resolves once `/healthz` answers, and fails if it never does. `node` picks
 * another Node.js binary, adds its flags (benchmarks: `--cpu-prof`, a Node.js 22 build) or
 * sends its log to a file.
 */
export async function spawnGateProcess(
  env: NodeJS.ProcessEnv,
  stdio: 'ignore' | 'stderr' = 'ignore',
  node: {
    readonly binary?: string;
    readonly args?: readonly string[];
    /** A file descriptor for the gate's log (stdout) instead of nowhere. */
    readonly logFd?: number;
  } = {},
): Promise<GateProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    node.binary ?? process.execPath,
    [...(node.args ?? []), '--import', 'tsx', path.join(repoRoot, 'server/src/server.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // The insights store (SQLite) in a folder of its own unless the caller names one.
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'handbook-gate-data-')),
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', node.logFd ?? 'ignore', stdio === 'stderr' ? 'inherit' : 'ignore'],
    },
  );
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  // Each worker compresses the build at start (a few seconds on a quiet 2-core machine, two
  // workers about 11 s); a test run loads the machine with other files beside it.
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the gate exited with code ${child.exitCode} before answering`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return {child, base, port, exited};
    } catch {
      // still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the gate did not answer at ${base}/healthz within ${START_TIMEOUT_MS / 1000} s`);
}
