import {connect, type Socket} from 'node:net';
import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {RequestObservation} from '../src/observe/requestObserver';
import {HOST, ORIGIN, adminAuth, companySession, testApp} from './fixtures';

/**
 * The wire front reads new connections before node:http and answers plain signed-in GETs of
 * build files itself. These tests speak raw HTTP/1.1 to the real gate over a real socket, so
 * that pipelining, pieces, bodies and malformed heads reach it exactly as written, and hold it
 * to three promises: what it answers is what node:http's path answers, byte for byte; the
 * first request it does not answer goes to node:http with nothing lost or reordered; and it
 * never reads a request boundary differently from node:http.
 */
let app: FastifyInstance;
let port = 0;
let cookie = '';
const seen: RequestObservation[] = [];

beforeAll(async () => {
  const built = await testApp({}, {requestObservers: [(observation) => seen.push(observation)]});
  app = built.app;
  await app.listen({host: '127.0.0.1', port: 0});
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  port = address.port;
  cookie = await companySession(app, 'wire@studio.example');
  // The routes verify the session once and cache it; from then on the front may answer it.
  await app.inject({method: 'GET', url: '/', headers: {host: HOST, cookie}});
});
afterAll(() => app.close());

type Parsed = {status: number; headers: Map<string, string>; body: Buffer};

/** Splits raw response bytes into responses (bodies by Content-Length; none for 304/HEAD). */
function responses(bytes: Buffer, bodiless: (index: number) => boolean = () => false): Parsed[] {
  const out: Parsed[] = [];
  let at = 0;
  while (at < bytes.length) {
    const end = bytes.indexOf('\r\n\r\n', at);
    if (end === -1) throw new Error(`incomplete head at ${at}`);
    const [statusLine = '', ...lines] = bytes.toString('latin1', at, end).split('\r\n');
    const headers = new Map<string, string>();
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
    }
    const status = Number(statusLine.split(' ')[1]);
    const length =
      status === 304 || bodiless(out.length) ? 0 : Number(headers.get('content-length') ?? 0);
    out.push({status, headers, body: bytes.subarray(end + 4, end + 4 + length)});
    at = end + 4 + length;
  }
  return out;
}

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends on `socket` until it has been quiet for `quietMs`. */
function collect(socket: Socket, quietMs = 300): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let timer = setTimeout(done, quietMs);
    function done() {
      socket.off('data', onData);
      resolve(Buffer.concat(chunks));
    }
    function onData(chunk: Buffer) {
      chunks.push(chunk);
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    }
    socket.on('data', onData);
  });
}

const get = (url: string, ...lines: string[]) =>
  [`GET ${url} HTTP/1.1`, `Host: ${HOST}`, ...lines, '', ''].join('\r\n');

/** The observations of the requests made by `call`. */
async function observed<T>(call: () => Promise<T>): Promise<[T, RequestObservation[]]> {
  const before = seen.length;
  const result = await call();
  await new Promise((resolve) => setTimeout(resolve, 20));
  return [result, seen.slice(before)];
}

describe('the wire front', () => {
  it('answers pipelined plain GETs itself, in order, with the bytes node:http would send', async () => {
    const socket = await open();
    const [bytes, seenNow] = await observed(async () => {
      const received = collect(socket);
      socket.write(
        get('/docs/tools/git', `Cookie: ${cookie}`) +
          get('/docs/tools/git', `Cookie: ${cookie}`, 'Accept-Encoding: gzip, deflate, br') +
          get('/', `Cookie: ${cookie}`),
      );
      return received;
    });
    socket.destroy();
    const [plainPage, brotliPage, home] = responses(bytes);
    expect(seenNow.map((o) => [o.url, o.statusCode, o.answeredBy, o.onWire])).toEqual([
      ['/docs/tools/git', 200, 'page', true],
      ['/docs/tools/git', 200, 'page', true],
      ['/', 200, 'page', true],
    ]);
    for (const [answer, encoding] of [
      [plainPage, undefined],
      [brotliPage, 'gzip, deflate, br'],
    ] as const) {
      const slow = await app.inject({
        method: 'GET',
        url: '/docs/tools/git',
        headers: {host: HOST, cookie, ...(encoding ? {'accept-encoding': encoding} : {})},
      });
      expect(answer?.body.equals(slow.rawPayload)).toBe(true);
      for (const [name, value] of Object.entries(slow.headers)) {
        if (['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) continue;
        expect([name, answer?.headers.get(name)]).toEqual([name, String(value)]);
      }
    }
    expect(brotliPage?.headers.get('content-encoding')).toBe('br');
    expect(home?.body.toString()).toContain('__docusaurus');
  });

  it('writes Date, Connection and Keep-Alive as node:http writes them on the same server', async () => {
    const socket = await open();
    const received = collect(socket);
    // The first answer is the front's, the second (after a HEAD hands the connection over) node:http's.
    socket.write(
      get('/docs/tools/git', `Cookie: ${cookie}`) +
        get('/docs/tools/git', `Cookie: ${cookie}`).replace('GET', 'HEAD') +
        get('/docs/tools/git', `Cookie: ${cookie}`),
    );
    const [wire, head, node] = responses(await received, (index) => index === 1);
    socket.destroy();
    expect(head?.status).toBe(200);
    expect(wire?.headers.get('date')).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(wire?.headers.get('connection')).toBe(node?.headers.get('connection'));
    expect(wire?.headers.get('keep-alive')).toBe(node?.headers.get('keep-alive'));
    expect([...(wire?.headers.keys() ?? [])].sort()).toEqual(
      [...(node?.headers.keys() ?? [])].sort(),
    );
  });

  it('hands the connection to node:http at the first request it does not answer, losing and reordering nothing', async () => {
    const socket = await open();
    const [bytes, seenNow] = await observed(async () => {
      const received = collect(socket);
      const body = JSON.stringify({query: 'deploy'});
      socket.write(
        get('/docs/tools/git', `Cookie: ${cookie}`) +
          [
            'POST /__session HTTP/1.1',
            `Host: ${HOST}`,
            `Origin: ${ORIGIN}`,
            'Content-Type: application/json',
            `Content-Length: ${body.length}`,
            '',
            body,
          ].join('\r\n') +
          get('/docs/tools/git?tab=1', `Cookie: ${cookie}`) +
          get('/docs/tools/git', `Cookie: ${cookie}`),
      );
      return received;
    });
    socket.destroy();
    expect(responses(bytes).map((r) => r.status)).toEqual([200, 401, 200, 200]);
    // (node:http takes up pipelined requests as it parses them: a route's answer, observed when
    // it finishes, may be observed after the next request's.)
    const by = seenNow.map((o) => `${o.url} ${o.answeredBy} ${o.onWire === true}`);
    expect(by[0]).toBe('/docs/tools/git page true');
    expect(by.slice(1).sort()).toEqual([
      // The connection is node:http's now: its own hot path answers the last.
      '/__session route false',
      '/docs/tools/git page false',
      '/docs/tools/git?tab=1 route false',
    ]);
  });

  it('reads a GET with a body as node:http does: what follows Content-Length is body, not a request', async () => {
    const smuggled = get('/docs/tools/git', `Cookie: ${cookie}`);
    const socket = await open();
    const received = collect(socket);
    socket.write(
      get('/docs/tools/git', `Cookie: ${cookie}`, `Content-Length: ${smuggled.length}`) + smuggled,
    );
    const answers = responses(await received);
    socket.destroy();
    expect(answers.map((r) => r.status)).toEqual([200]);
  });

  it('answers a head with a bare LF or a space before a colon with node:http’s 400, not a page', async () => {
    for (const bad of [
      `GET /docs/tools/git HTTP/1.1\r\nHost: ${HOST}\r\nCookie : ${cookie}\r\n\r\n`,
      `GET /docs/tools/git HTTP/1.1\r\nHost: ${HOST}\r\nCookie: ${cookie}\nX: 1\r\n\r\n`,
    ]) {
      const socket = await open();
      const received = collect(socket);
      socket.write(bad);
      const bytes = await received;
      socket.destroy();
      expect(bytes.toString('latin1', 0, 12)).toBe('HTTP/1.1 400');
      expect(bytes.toString('latin1')).not.toContain('__docusaurus');
    }
  });

  it('leaves a head that arrives in pieces to node:http, which answers it whole', async () => {
    const socket = await open();
    const [bytes, seenNow] = await observed(async () => {
      const received = collect(socket);
      const request = get('/docs/tools/git', `Cookie: ${cookie}`);
      socket.write(request.slice(0, 40));
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.write(request.slice(40));
      return received;
    });
    socket.destroy();
    expect(responses(bytes).map((r) => r.status)).toEqual([200]);
    expect(seenNow.map((o) => [o.answeredBy, o.onWire === true])).toEqual([['page', false]]);
  });

  it('sends nothing of a page to a plain GET without a session', async () => {
    const socket = await open();
    const received = collect(socket);
    socket.write(get('/docs/tools/git', 'Accept: text/html'));
    const [answer] = responses(await received);
    socket.destroy();
    expect(answer?.status).toBe(401);
    expect(answer?.body.toString()).not.toContain('__docusaurus');
  });

  it('answers a revalidation with 304 and no body, and reads the next request right after it', async () => {
    const first = await app.inject({
      method: 'GET',
      url: '/docs/tools/git',
      headers: {host: HOST, cookie},
    });
    const etag = String(first.headers.etag);
    const socket = await open();
    const [bytes, seenNow] = await observed(async () => {
      const received = collect(socket);
      socket.write(
        get('/docs/tools/git', `Cookie: ${cookie}`, `If-None-Match: ${etag}`) +
          get('/docs/tools/git', `Cookie: ${cookie}`),
      );
      return received;
    });
    socket.destroy();
    const [notModified, page] = responses(bytes);
    expect([notModified?.status, notModified?.headers.has('content-length')]).toEqual([304, false]);
    expect(page?.body.equals(first.rawPayload)).toBe(true);
    expect(seenNow.every((o) => o.onWire === true)).toBe(true);
  });

  it('stops reading a reader who does not read its answers, and answers everything once it does', async () => {
    const socket = await open();
    socket.pause();
    const count = 200; // 200 × 56 KB: far more than the sockets' buffers hold
    const before = seen.length;
    socket.write(get('/docs/tools/git', `Cookie: ${cookie}`).repeat(count));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // What the kernel's buffers took, and no more: the rest waits unread, not in memory.
    expect(seen.length - before).toBeLessThan(count / 2);
    const received = collect(socket, 500);
    socket.resume();
    const answers = responses(await received);
    socket.destroy();
    expect(answers.length).toBe(count);
    expect(answers.every((a) => a.status === 200 && a.body.length > 50_000)).toBe(true);
  });
});

describe('the wire front’s connections', () => {
  it('closes a kept-alive connection idle past the keep-alive timeout', async () => {
    const before = app.server.keepAliveTimeout;
    app.server.keepAliveTimeout = 300;
    try {
      const socket = await open();
      const closed = new Promise<number>((resolve) => {
        const opened = Date.now();
        socket.on('close', () => resolve(Date.now() - opened));
      });
      socket.resume();
      socket.write(get('/docs/tools/git', `Cookie: ${cookie}`));
      expect(await closed).toBeLessThan(2_000);
    } finally {
      app.server.keepAliveTimeout = before;
    }
  });

  it('go to node:http when the gate closes, which closes them though they were idle', async () => {
    const other = (await testApp()).app;
    await other.listen({host: '127.0.0.1', port: 0});
    const address = other.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    const own = await companySession(other, 'wire-close@studio.example');
    await other.inject({method: 'GET', url: '/', headers: {host: HOST, cookie: own}});
    const socket = connect(address.port, '127.0.0.1');
    const received = collect(socket);
    socket.write(get('/', `Cookie: ${own}`));
    expect(responses(await received).map((r) => r.status)).toEqual([200]);
    const closed = new Promise((resolve) => socket.on('close', resolve));
    const started = Date.now();
    await other.close();
    await closed;
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('the wire front at a session’s revocation check', () => {
  let clocked: FastifyInstance;
  let clockedPort = 0;
  let clock = Date.now();
  const clockedSeen: RequestObservation[] = [];

  beforeAll(async () => {
    clocked = (
      await testApp(
        {},
        {now: () => clock, requestObservers: [(observation) => clockedSeen.push(observation)]},
      )
    ).app;
    await clocked.listen({host: '127.0.0.1', port: 0});
    const address = clocked.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    clockedPort = address.port;
  });
  afterAll(() => clocked.close());

  /** A company session the gate has verified once (so the front may answer it). */
  async function verifiedSession(email: string): Promise<string> {
    const own = await companySession(clocked, email);
    await clocked.inject({method: 'GET', url: '/', headers: {host: HOST, cookie: own}});
    return own;
  }

  /** Sends `requests` on `socket` and returns the answers and their observations. */
  async function exchange(
    socket: Socket,
    requests: string,
  ): Promise<[Parsed[], RequestObservation[]]> {
    const before = clockedSeen.length;
    const received = collect(socket);
    socket.write(requests);
    const bytes = await received;
    return [responses(bytes), clockedSeen.slice(before)];
  }

  it('keeps the connection of a reader whose session falls due, and answers once Firebase has re-checked it', async () => {
    const own = await verifiedSession('wire-due@studio.example');
    const socket = connect(clockedPort, '127.0.0.1');
    const [first, firstSeen] = await exchange(socket, get('/docs/tools/git', `Cookie: ${own}`));
    expect(first.map((r) => r.status)).toEqual([200]);
    expect(firstSeen.map((o) => o.onWire)).toEqual([true]);
    clock += 60_001; // the session's revocation check is due
    const [due, dueSeen] = await exchange(
      socket,
      get('/docs/tools/git', `Cookie: ${own}`) + get('/', `Cookie: ${own}`),
    );
    expect(due.map((r) => r.status)).toEqual([200, 200]);
    expect(due[1]?.body.toString()).toContain('__docusaurus');
    expect(dueSeen.map((o) => [o.url, o.answeredBy, o.onWire])).toEqual([
      ['/docs/tools/git', 'page', true],
      ['/', 'page', true],
    ]);
    // Checked, the session is fresh again: the next request is answered at once, on the wire.
    const [after, afterSeen] = await exchange(socket, get('/docs/tools/git', `Cookie: ${own}`));
    expect(after.map((r) => r.status)).toEqual([200]);
    expect(afterSeen.map((o) => o.onWire)).toEqual([true]);
    socket.destroy();
  });

  it('refuses, on the same connection, a session revoked since its last check', async () => {
    const own = await verifiedSession('wire-revoked@studio.example');
    const socket = connect(clockedPort, '127.0.0.1');
    const [first] = await exchange(socket, get('/docs/tools/git', `Cookie: ${own}`));
    expect(first.map((r) => r.status)).toEqual([200]);
    const {uid} = await adminAuth().verifySessionCookie(own.split('=')[1] ?? '');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // revocation has one-second resolution
    await adminAuth().revokeRefreshTokens(uid);
    clock += 30_000; // within the interval: the verified session is still trusted
    const [within] = await exchange(socket, get('/docs/tools/git', `Cookie: ${own}`));
    expect(within.map((r) => r.status)).toEqual([200]);
    clock += 30_001; // due: Firebase says revoked
    const [due, dueSeen] = await exchange(socket, get('/docs/tools/git', `Cookie: ${own}`));
    expect(due.map((r) => r.status)).toEqual([401]);
    expect(due[0]?.body.toString()).not.toContain('__docusaurus');
    expect(dueSeen.map((o) => [o.statusCode, o.onWire])).toEqual([[401, undefined]]);
    socket.destroy();
  });
});
