import {execFileSync, spawn, type ChildProcess} from 'node:child_process';
import {connect, type Socket} from 'node:net';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {repoRoot} from '../../../testing/authEmulator';
import {testEnv} from '../fixtures';
import {startServerProcess} from '../serverProcess';

const gates: ChildProcess[] = [];
afterAll(() => gates.forEach((gate) => gate.kill('SIGKILL')));

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
    const server = started.child;
    gates.push(server);
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

/** The gate's worker processes (children of the primary), by `ps`. */
function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], {encoding: 'utf8'})
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((child) => child > 0);
  } catch {
    return []; // ps exits 1 when there are none
  }
}

describe('shutdown of a gate of several workers', () => {
  it('exits 0 when SIGTERM arrives while its workers are still starting', async () => {
    const primary = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'server/src/server.ts')],
      {
        cwd: repoRoot,
        env: {...process.env, ...testEnv({WORKERS: '2', LOG_LEVEL: 'warn'}), PORT: '0'},
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    gates.push(primary);
    let stderr = '';
    primary.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => primary.once('exit', resolve));
    const pid = primary.pid ?? 0;
    // Wait only until both workers exist: they are still loading, nowhere near listening.
    for (let attempt = 0; attempt < 200 && childPids(pid).length < 2; attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(childPids(pid)).toHaveLength(2);

    primary.kill('SIGTERM');
    expect(await exited, stderr).toBe(0);
    expect(stderr).not.toContain('did not drain cleanly');
  }, 60_000);

  it('exits 0 when SIGTERM arrives as soon as the first worker answers', async () => {
    const started = await startServerProcess({WORKERS: '2'});
    gates.push(started.child);
    started.child.kill('SIGTERM'); // the second worker may still be loading or binding
    expect(await started.exited).toBe(0);
  }, 60_000);
});
