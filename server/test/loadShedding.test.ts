import {spawn} from 'node:child_process';
import {request as httpRequest} from 'node:http';
import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {gateMetrics} from '../src/metrics/gateMetrics';
import {LoadGuard} from '../src/overload/loadGuard';
import {HOST, companySession, testApp} from './fixtures';

/** Overload: a request that waited too long is told to come back, not left to time out. */
describe('the load guard', () => {
  it('sheds the rest of an event-loop turn once it has run past the budget, and serves the next turn', async () => {
    let now = 1000;
    const guard = new LoadGuard({shedAfterMs: 100, now: () => now});
    try {
      expect(guard.admit()).toBe(true);
      now += 60;
      expect(guard.admit()).toBe(true);
      now += 60; // this request waited 120 ms behind the others of its turn
      expect(guard.admit()).toBe(false);
      await new Promise((resolve) => setImmediate(resolve)); // the turn ends
      now += 1;
      expect(guard.admit()).toBe(true);
      const stats = guard.snapshot();
      expect(stats).toMatchObject({admitted: 3, shed: 1, shedTotal: 1});
      expect(stats.queueLength.max).toBe(3);
      expect(stats.maxWaitMs).toBeGreaterThanOrEqual(120);
      expect(guard.totals()).toMatchObject({admitted: 3, shed: 1});
      expect(guard.snapshot()).toMatchObject({admitted: 0, shed: 0, shedTotal: 1});
    } finally {
      guard.stop();
    }
  });
});

let app: FastifyInstance;
let port = 0;
beforeAll(async () => {
  ({app} = await testApp({}, {shedAfterMs: 50}));
  await app.listen({host: '127.0.0.1', port: 0});
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  port = address.port;
});
afterAll(() => app.close());

function get(
  url: string,
  cookie: string,
): Promise<{status: number; retryAfter: string | undefined; body: string}> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {host: '127.0.0.1', port, path: url, headers: {host: HOST, cookie}, agent: false},
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'],
            body,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Twenty readers in another process, each on its own connection, connected already: they send
 * their requests when told to (`go()`), and the promise gives their answers.
 */
async function twentyReaders(
  cookie: string,
): Promise<{go(): void; answers: Promise<{status: number; retryAfter?: string}[]>}> {
  const script = `
    const net = require('node:net');
    const request = 'GET /docs/tools/git HTTP/1.1\\r\\nHost: handbook.test\\r\\nCookie: ' +
      process.env.COOKIE + '\\r\\nConnection: close\\r\\n\\r\\n';
    const sockets = [];
    const answers = [];
    for (let i = 0; i < 20; i += 1) {
      const socket = net.connect(${port}, '127.0.0.1', () => {
        sockets.push(socket);
        if (sockets.length === 20) console.log('connected');
      });
      let head = '';
      socket.on('data', (chunk) => (head += chunk.toString('latin1')));
      socket.on('end', () => {
        const status = Number(head.split(' ')[1]);
        const retryAfter = /\\r\\nretry-after: ([^\\r]*)/i.exec(head)?.[1];
        answers.push({status, retryAfter});
        if (answers.length === 20) {
          console.log(JSON.stringify(answers));
          process.exit(0);
        }
      });
    }
    process.stdin.once('data', () => sockets.forEach((socket) => socket.write(request)));`;
  const child = spawn(process.execPath, ['-e', script], {
    env: {...process.env, COOKIE: cookie},
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  const connected = new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('connected')) resolve();
    }),
  );
  const answers = new Promise<{status: number; retryAfter?: string}[]>((resolve, reject) =>
    child.on('exit', () => {
      try {
        resolve(JSON.parse(out.split('\n')[1] ?? '') as {status: number; retryAfter?: string}[]);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    }),
  );
  await connected;
  return {go: () => child.stdin.write('go\n'), answers};
}

describe('a gate whose event loop was held up', () => {
  it('answers what waited too long 503 with Retry-After, keeps /healthz up, and serves again at once', async () => {
    const cookie = await companySession(app);
    expect((await get('/docs/tools/git', cookie)).status).toBe(200); // now in the session cache
    expect((await get('/docs/tools/git', cookie)).status).toBe(200);
    // Readers send while the gate's thread is busy with something long (here, this test
    // holding it for 700 ms): their requests wait in the kernel meanwhile.
    const readers = await twentyReaders(cookie);
    readers.go();
    const until = Date.now() + 700;
    while (Date.now() < until) {
      // busy
    }
    const health = get('/healthz', '');
    const answers = await readers.answers;
    expect(answers).toHaveLength(20);
    const shed = answers.filter((answer) => answer.status === 503);
    expect(shed.length).toBeGreaterThan(0);
    for (const answer of shed) expect(answer.retryAfter).toBe('1');
    expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);
    expect((await health).status).toBe(200);
    // The loop has caught up: the next reader is served at once.
    expect((await get('/docs/tools/git', cookie)).status).toBe(200);
    expect(app.loadGuard.totals().shed).toBe(shed.length);
    // ...and a scraper sees them, and the queue, on /metrics.
    const metrics = await gateMetrics().registry.metrics();
    expect(metrics).toContain(`\nhandbook_requests_shed_total ${shed.length}\n`);
    expect(metrics).toMatch(/\nhandbook_request_queue_length \d+\n/);
    expect(metrics).toMatch(/\nhandbook_nodejs_eventloop_lag_p99_seconds [\d.e-]+\n/);
  });
});
