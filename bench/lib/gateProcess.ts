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
 * The bench's Auth emulator: `firebase.bench.json` on 127.0.0.1:9299 (apart from the tests'),
 * or `BENCH_FIREBASE_CONFIG` and `BENCH_EMULATOR_HOST` when something else holds those ports.
 */
const emulatorConfig =
  process.env.BENCH_FIREBASE_CONFIG ?? path.join(repoRoot, 'firebase.bench.json');
const emulatorHost = process.env.BENCH_EMULATOR_HOST ?? '127.0.0.1:9299';

/**
 * The real gate as its own process over the production build, against a bench Auth emulator,
 * with a signed-in company session ready to use. `BENCH_NODE` runs the gate on another Node.js
 * binary (a Node.js 22 build beside the machine's own); `nodeArgs` adds Node.js flags
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
  let child: ChildProcess | null = null;
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
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
        ...extraEnv,
      },
      'stderr',
      {...(process.env.BENCH_NODE ? {binary: process.env.BENCH_NODE} : {}), args: nodeArgs},
    );
    child = gate.child;
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
    const pid = gate.child.pid;
    return {
      base: gate.base,
      port: gate.port,
      cookie,
      child: gate.child,
      rssMb: () => {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
