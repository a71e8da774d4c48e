import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {freePort} from '../../testing/authEmulator';
import {signInWithGoogle} from '../../testing/emulatorAccounts';
import {emulator, testEnv} from './fixtures';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServerProcess = {
  readonly child: ChildProcess;
  readonly base: string;
  readonly port: number;
  readonly exited: Promise<number | null>;
  signIn(email: string): Promise<string>;
};

/** The gate as a real process (`server/src/server.ts`) against the test emulator. */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'server/src/server.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...testEnv({PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env}),
      },
      stdio: 'ignore',
    },
  );
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    base,
    port,
    exited,
    signIn: async (email) => {
      const {idToken} = await signInWithGoogle(emulator(), email);
      const response = await fetch(`${base}/__session`, {
        method: 'POST',
        headers: {origin: base, authorization: `Bearer ${idToken}`},
      });
      return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    },
  };
}
