import {spawn, type ChildProcess} from 'node:child_process';
import {createServer} from 'node:net';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type RunningEmulator = {
  readonly host: string;
  readonly projectId: string;
  stop(): Promise<void>;
};

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the emulator exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the Firebase Auth emulator did not answer at ${url} within ${timeoutMs} ms`);
}

/**
 * Starts the real Firebase Auth emulator (firebase-tools, no Java needed for Auth) and resolves
 * once it answers. The firebase binary is run directly, never through npx, so that stopping it
 * leaves no orphan process.
 */
export async function startAuthEmulator(options: {
  readonly configFile: string;
  readonly host: string;
  readonly projectId: string;
  readonly quiet?: boolean;
}): Promise<RunningEmulator> {
  // An emulator already on this port would answer the readiness probe below, and this run
  // would silently use someone else's emulator (other accounts, other project): refuse instead.
  const [hostname = '127.0.0.1', port = '9099'] = options.host.split(':');
  await assertPortFree(
    hostname,
    Number(port),
    'the Firebase Auth emulator',
    'Stop the other emulator (another `npm start` or test run?), or for `npm start` set FIREBASE_AUTH_EMULATOR_HOST to a free 127.0.0.1:port.',
  );
  const firebase = path.join(repoRoot, 'node_modules/.bin/firebase');
  const child = spawn(
    firebase,
    [
      'emulators:start',
      '--only',
      'auth',
      '--project',
      options.projectId,
      '--config',
      options.configFile,
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        CI: '1',
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: '1',
      },
      stdio: options.quiet === false ? 'inherit' : 'ignore',
      detached: true,
    },
  );
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(
      () => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'),
      10_000,
    );
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilReady(`http://${options.host}/`, child, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {host: options.host, projectId: options.projectId, stop};
}

/** A free TCP port on loopback (for servers a test or benchmark starts as a process). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const {port} = probe.address() as {port: number};
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Resolves when `host:port` can be listened on; otherwise fails with a message naming what
 * needed the port and what to do about it.
 */
export function assertPortFree(
  host: string,
  port: number,
  what: string,
  remedy: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} on ${host} is already in use, and ${what} needs it. ${remedy}`
            : `Cannot listen on ${host}:${port} for ${what}: ${error.message}`,
        ),
      );
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
