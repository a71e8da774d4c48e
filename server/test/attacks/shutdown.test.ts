import {spawn, type ChildProcess} from 'node:child_process';
import {connect, createServer, type Socket} from 'node:net';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';
import {signInWithGoogle} from '../../../testing/emulatorAccounts';
import {emulator, testEnv} from '../fixtures';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let server: ChildProcess | undefined;
afterAll(() => server?.kill('SIGKILL'));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const {port} = probe.address() as {port: number};
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

/**
 * Sends a search request whose body arrives in two parts, the second only when `finish` is
 * called: the request is in flight, server-side, for as long as the test wants.
 */
function slowSearch(port: number, cookie: string) {
  const body = JSON.stringify({requests: [{indexName: 'studio-handbook', query: 'kong'}]});
  const half = Math.floor(body.length / 2);
  let socket: Socket;
  const chunks: Buffer[] = [];
  const done = new Promise<string>((resolve, reject) => {
    socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /1/indexes/*/queries HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n` +
          `Content-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
      );
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
  return {done, finish: () => socket.write(body.slice(half))};
}

describe('shutdown', () => {
  it('drains in-flight requests on SIGTERM, refuses new ones, and exits 0', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'server/src/server.ts')],
      {
        cwd: repoRoot,
        env: {...process.env, ...testEnv({PORT: String(port), HOST: '127.0.0.1'})},
        stdio: 'ignore',
      },
    );
    const exited = new Promise<number | null>((resolve) =>
      server?.once('exit', (code) => resolve(code)),
    );
    await waitForHealth(base);

    const {idToken} = await signInWithGoogle(emulator(), 'alice@studio.example');
    const signIn = await fetch(`${base}/__session`, {
      method: 'POST',
      headers: {origin: base, authorization: `Bearer ${idToken}`},
    });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    const inFlight = Array.from({length: 5}, () => slowSearch(port, cookie));
    await new Promise((resolve) => setTimeout(resolve, 500));

    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(server.exitCode, 'still draining').toBeNull();
    await expect(fetch(`${base}/healthz`)).rejects.toThrow(); // no new connections

    for (const request of inFlight) request.finish();
    const responses = await Promise.all(inFlight.map((request) => request.done));
    for (const response of responses) {
      expect(response.startsWith('HTTP/1.1 200')).toBe(true);
      expect(response).toContain('"nbHits"');
    }
    expect(await exited).toBe(0);
  }, 60_000);
});
