import type {ChildProcess} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {freePort, startAuthEmulator, type RunningEmulator} from '../../testing/authEmulator';

export {freePort};
import {signInWithGoogle} from '../../testing/emulatorAccounts';
import {spawnGateProcess} from '../../testing/gateProcess';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type BenchGate = {
  readonly base: string;
  readonly port: number;
  readonly cookie: string;
  readonly child: ChildProcess;
  rssMb(): number;
  stop(): Promise<void>;
};

/**
 * The real gate as its own process over the production build, against a bench Auth emulator
 * (its own ports, apart from the tests'), with a signed-in company session ready to use.
 */
export async function startBenchGate(extraEnv: Record<string, string> = {}): Promise<BenchGate> {
  const emulator: RunningEmulator = await startAuthEmulator({
    configFile: path.join(repoRoot, 'firebase.bench.json'),
    host: '127.0.0.1:9299',
    projectId: 'demo-handbook',
  });
  const {child, base, port} = await spawnGateProcess(
    {
      NODE_ENV: 'development',
      ALLOWED_EMAIL_DOMAINS: 'studio.example',
      FIREBASE_PROJECT_ID: 'demo-handbook',
      FIREBASE_API_KEY: 'demo-api-key',
      FIREBASE_AUTH_DOMAIN: 'demo-handbook.firebaseapp.com',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9299',
      ...extraEnv,
    },
    'stderr',
  );
  const {idToken} = await signInWithGoogle(
    {host: '127.0.0.1:9299', projectId: 'demo-handbook'},
    'bench@studio.example',
  );
  const response = await fetch(`${base}/__session`, {
    method: 'POST',
    headers: {origin: base, authorization: `Bearer ${idToken}`},
  });
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!cookie) throw new Error(`bench sign-in failed: ${response.status}`);
  return {
    base,
    port,
    cookie,
    child,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await emulator.stop();
    },
  };
}
