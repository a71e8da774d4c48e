import {spawn} from 'node:child_process';
import {createServer, type Server} from 'node:http';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {freePort, repoRoot} from '../../../testing/authEmulator';

/** `npm start` must never report "running" on top of someone else's gate or emulator. */

let squatter: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (squatter ? squatter.close(resolve) : resolve(undefined)));
  squatter = undefined;
});

async function occupy(): Promise<number> {
  const port = await freePort();
  squatter = createServer((_request, response) => response.end('someone else'));
  await new Promise<void>((resolve) => squatter?.listen(port, '127.0.0.1', resolve));
  return port;
}

function startDev(env: Record<string, string>): Promise<{code: number | null; output: string}> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'server/src/dev/startDev.ts')],
      {cwd: repoRoot, env: {...process.env, ...env}, stdio: ['ignore', 'pipe', 'pipe']},
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Should it start after all, it must not outlive the test.
    const timer = setTimeout(() => child.kill('SIGINT'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({code, output});
    });
  });
}

describe('npm start', () => {
  it('refuses to start when the gate port is already taken, and says which', async () => {
    const port = await occupy();
    const {code, output} = await startDev({PORT: String(port)});
    expect(code).toBe(1);
    expect(output).toContain(`Port ${port} on 127.0.0.1 is already in use, and the handbook gate`);
    expect(output).toContain('set PORT');
    expect(output).not.toContain('is running');
  });

  it("refuses to use an emulator port that is already taken instead of using someone else's", async () => {
    const port = await occupy();
    const {code, output} = await startDev({
      PORT: String(await freePort()),
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port}`,
    });
    expect(code).toBe(1);
    expect(output).toContain(
      `Port ${port} on 127.0.0.1 is already in use, and the Firebase Auth emulator needs it`,
    );
    expect(output).not.toContain('is running');
  });
});
