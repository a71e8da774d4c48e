import type {ChildProcess} from 'node:child_process';
import {spawnGateProcess} from '../../testing/gateProcess';
import {signInWithGoogle} from '../../testing/emulatorAccounts';
import {emulator, testEnv} from './fixtures';

export type ServerProcess = {
  readonly child: ChildProcess;
  readonly base: string;
  readonly port: number;
  readonly exited: Promise<number | null>;
  signIn(email: string): Promise<string>;
};

/** The gate as a real process (`server/src/server.ts`) against the test emulator. */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const {child, base, port, exited} = await spawnGateProcess(testEnv(env));
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
