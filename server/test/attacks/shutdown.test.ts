import type {ChildProcess} from 'node:child_process';
import {connect, type Socket} from 'node:net';
import {afterAll, describe, expect, it} from 'vitest';
import {startServerProcess} from '../serverProcess';

let server: ChildProcess | undefined;
afterAll(() => server?.kill('SIGKILL'));

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
    const started = await startServerProcess();
    server = started.child;
    const {port, base, exited} = started;
    const cookie = await started.signIn('alice@studio.example');

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
