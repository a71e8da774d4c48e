import {request as httpRequest, type IncomingHttpHeaders} from 'node:http';
import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {RequestObservation} from '../src/observe/requestObserver';
import {loadAssetStore} from '../src/static/assetStore';
import {HOST, ORIGIN, companySession, otherDomainCookie, testApp} from './fixtures';

/**
 * The page hot path answers signed-in GETs of build files before Fastify. These tests talk to
 * the real gate over a real socket (the hot path sits in the HTTP server, which `inject` does
 * not use) and hold it to two promises: it answers exactly as Fastify's routes would, and it
 * never answers anyone those routes would refuse.
 */
let app: FastifyInstance;
let port = 0;
let siteDir: string;
let clock = Date.now();
const seen: RequestObservation[] = [];

beforeAll(async () => {
  const built = await testApp(
    {REVOCATION_CHECK_SECONDS: '60'},
    {now: () => clock, requestObservers: [(observation) => seen.push(observation)]},
  );
  app = built.app;
  siteDir = built.config.siteDir;
  await app.listen({host: '127.0.0.1', port: 0});
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  port = address.port;
});
afterAll(() => app.close());

type Answer = {status: number; headers: IncomingHttpHeaders; body: Buffer};

/** One GET over a real socket, with exactly the headers given (fetch would add its own). */
function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // A path as given (not through URL, which would resolve dot segments).
    const req = httpRequest(
      {host: '127.0.0.1', port, path: url, headers: {host: HOST, ...headers}},
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks)}),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The headers that say what the response is (not when or on which connection it was sent). */
function comparable(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !['date', 'connection', 'keep-alive'].includes(name),
    ),
  );
}

/** What the routes answered in the last call, the hot path (`page`) or Fastify (`route`). */
async function answeredBy(call: () => Promise<Answer>): Promise<[Answer, string | undefined]> {
  const before = seen.length;
  const answer = await call();
  await new Promise((resolve) => setImmediate(resolve)); // Fastify observes on 'finish'
  return [answer, seen.slice(before).at(-1)?.answeredBy];
}

describe('the page hot path', () => {
  it('leaves /insights to the routes, which refuse a signed-in reader who is not a viewer', async () => {
    const cookie = await companySession(app);
    for (const url of ['/insights', '/insights/', '/insights/index.html', '/insights/pages.json']) {
      const [answer, by] = await answeredBy(() => get(url, {cookie}));
      expect([url, answer.status, by]).toEqual([url, 403, 'route']);
    }
  });

  it('answers every file of the build, by each URL a browser uses, exactly as the routes do', async () => {
    const cookie = await companySession(app);
    const files = [...loadAssetStore(siteDir).keys()];
    const urls = files.flatMap((file) =>
      file.endsWith('/index.html')
        ? [file.slice(0, -'index.html'.length), file.slice(0, -'/index.html'.length) || '/']
        : [file],
    );
    expect(urls.length).toBeGreaterThan(200);
    const differences: string[] = [];
    let served = 0;
    for (const url of new Set(urls)) {
      for (const encoding of [undefined, 'gzip, deflate, br']) {
        const headers = {cookie, ...(encoding ? {'accept-encoding': encoding} : {})};
        const [fast, by] = await answeredBy(() => get(url, headers));
        if (by === 'page') served += 1;
        const slow = await app.inject({method: 'GET', url, headers: {host: HOST, ...headers}});
        if (fast.status !== slow.statusCode)
          differences.push(`${url}: ${fast.status} vs ${slow.statusCode}`);
        else if (!fast.body.equals(slow.rawPayload)) differences.push(`${url}: body differs`);
        else if (
          JSON.stringify(comparable(fast.headers)) !==
          JSON.stringify(comparable(slow.headers as Record<string, unknown>))
        )
          differences.push(`${url}: headers differ`);
      }
    }
    expect(differences).toEqual([]);
    // Most of them came the short way (the rest, `.html` redirects, went to the routes).
    expect(served).toBeGreaterThan(urls.length);
  });

  it('answers a revalidation with 304 and no body, like the routes', async () => {
    const cookie = await companySession(app);
    const first = await get('/docs/tools/git', {cookie});
    const etag = String(first.headers.etag);
    const [again, by] = await answeredBy(() =>
      get('/docs/tools/git', {cookie, 'if-none-match': etag}),
    );
    expect(by).toBe('page');
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it.each([
    ['no cookie', async () => ({})],
    ['a garbage cookie', async () => ({cookie: 'handbook_session=eyJhbGciOiJub25lIn0.e30.'})],
    [
      'another domain session',
      async () => ({cookie: await otherDomainCookie('hot@other.example')}),
    ],
  ])('leaves a request with %s to the routes, which refuse it', async (_name, headersFor) => {
    const headers: Record<string, string> = await headersFor();
    for (const url of ['/docs/tools/git', '/', '/sitemap.xml']) {
      const [answer, by] = await answeredBy(() => get(url, {...headers, accept: 'text/html'}));
      expect(by).toBe('route');
      expect(answer.status).toBe(401);
      expect(answer.body.toString()).not.toContain('__docusaurus');
    }
  });

  it('refuses a session the moment it signs out, though the cache had just served it', async () => {
    const cookie = await companySession(app, 'hot-signout@studio.example');
    await get('/docs/tools/git', {cookie}); // the routes verify it and cache it
    const [before, by] = await answeredBy(() => get('/docs/tools/git', {cookie}));
    expect([before.status, by]).toEqual([200, 'page']);
    const logout = await app.inject({
      method: 'DELETE',
      url: '/__session',
      headers: {host: HOST, origin: ORIGIN, cookie},
    });
    expect(logout.statusCode).toBe(204);
    const [after, afterBy] = await answeredBy(() => get('/docs/tools/git', {cookie}));
    expect([after.status, afterBy]).toEqual([401, 'route']);
  });

  it('sends a session due for its revocation check to the routes, which ask Firebase again', async () => {
    const cookie = await companySession(app, 'hot-due@studio.example');
    await get('/', {cookie}); // the routes verify it and cache it
    expect((await answeredBy(() => get('/', {cookie})))[1]).toBe('page');
    clock += 61_000;
    const [due, by] = await answeredBy(() => get('/', {cookie}));
    expect([due.status, by]).toEqual([200, 'route']);
    expect((await answeredBy(() => get('/', {cookie})))[1]).toBe('page');
  });

  it('leaves anything unusual to the routes: a query, a body, an odd path', async () => {
    const cookie = await companySession(app);
    await get('/', {cookie}); // the routes verify it and cache it
    expect((await answeredBy(() => get('/docs/tools/git?tab=1', {cookie})))[1]).toBe('route');
    expect((await answeredBy(() => get('/docs/tools/git/index.html', {cookie})))[0].status).toBe(
      301,
    );
    expect((await answeredBy(() => get('/docs/tools/%67it', {cookie})))[1]).toBe('route');
    expect((await answeredBy(() => get('/docs/../docs/tools/git', {cookie})))[0].status).toBe(400);
    const [withBody, by] = await answeredBy(() =>
      get('/docs/tools/git', {cookie, 'content-length': '0'}),
    );
    expect([withBody.status, by]).toEqual([200, 'route']);
  });
});

describe('a scan of every file of the build over a real socket', () => {
  it.each([
    ['no session', () => Promise.resolve('')],
    ['another domain session', () => otherDomainCookie('hot-scanner@other.example')],
  ])('finds no 2xx and no handbook text with %s', async (_name, makeCookie) => {
    const cookie = await makeCookie();
    const leaks: string[] = [];
    for (const file of loadAssetStore(siteDir).keys()) {
      const answer = await get(file, {accept: 'text/html', ...(cookie ? {cookie} : {})});
      if (answer.status < 300) leaks.push(`${file}: ${answer.status}`);
      if (answer.body.toString().includes('__docusaurus')) leaks.push(`${file}: handbook text`);
    }
    expect(leaks).toEqual([]);
  });
});
