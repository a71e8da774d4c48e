import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {HOST, companySession, otherDomainCookie, testApp} from './fixtures';

let app: FastifyInstance;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ({app} = await testApp());
  cookies.none = '';
  cookies.garbage =
    'handbook_session=eyJhbGciOiJub25lIn0.eyJlbWFpbCI6ImFsaWNlQHN0dWRpby5leGFtcGxlIn0.';
  cookies.otherDomain = await otherDomainCookie();
  cookies.company = await companySession(app);
});
afterAll(() => app.close());

const HTML = {accept: 'text/html,application/xhtml+xml', 'sec-fetch-dest': 'document'};

// One row per kind of path the build holds, and how a browser asks for it.
const paths: [kind: string, url: string, headers: Record<string, string>][] = [
  ['home page', '/', HTML],
  ['doc page', '/docs/tools/git', HTML],
  ['index doc with trailing slash', '/docs/projects/', HTML],
  ['category page', '/docs/category/tools', HTML],
  ['blog post', '/blog', HTML],
  ['search page', '/search', HTML],
  ['sitemap', '/sitemap.xml', {accept: '*/*'}],
  ['RSS feed', '/blog/rss.xml', {accept: '*/*'}],
  ['image', '/img/logo.svg', {accept: 'image/*'}],
  ['JS chunk', '/assets/js/__JS__', {accept: '*/*', 'sec-fetch-dest': 'script'}],
  ['CSS', '/assets/css/__CSS__', {accept: 'text/css', 'sec-fetch-dest': 'style'}],
  ['404 page itself', '/404.html', HTML],
  ['unknown path', '/no/such/page', HTML],
  ['search endpoint', '/1/indexes/*/queries', {accept: '*/*'}],
];

async function resolveUrl(url: string): Promise<string> {
  if (!url.includes('__')) return url;
  // The hashed names of this build's main bundle and stylesheet, read from the home page.
  const home = await app.inject({
    method: 'GET',
    url: '/',
    headers: {host: HOST, cookie: cookies.company ?? '', ...HTML},
  });
  const js = /src="?(\/assets\/js\/main\.[0-9a-f]+\.js)/.exec(home.body)?.[1];
  const css = /href="?(\/assets\/css\/styles\.[0-9a-f]+\.css)/.exec(home.body)?.[1];
  if (!js || !css) throw new Error('could not find the main bundle in the home page');
  return url.replace('/assets/js/__JS__', js).replace('/assets/css/__CSS__', css);
}

describe.each(paths)('%s (%s)', (_kind, rawUrl, headers) => {
  const get = async (cookie: string | undefined) =>
    app.inject({
      method: 'GET',
      url: await resolveUrl(rawUrl),
      headers: {host: HOST, ...headers, ...(cookie ? {cookie} : {})},
    });

  it.each(['none', 'garbage', 'otherDomain'])(
    'returns 401 and no content with a %s cookie',
    async (kind) => {
      const response = await get(cookies[kind]);
      expect(response.statusCode).toBe(401);
      expect(response.headers['cache-control']).toBe('no-store');
      if (headers['sec-fetch-dest'] === 'document') {
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.body).toContain('id="signin-root"');
        expect(response.body).not.toContain('__docusaurus');
      } else {
        expect(response.json()).toEqual({
          status: 401,
          message: 'Sign in with a company Google account.',
        });
      }
    },
  );

  it('is served privately to a company session', async () => {
    const response = await get(cookies.company);
    if (rawUrl === '/1/indexes/*/queries') {
      expect(response.statusCode).not.toBe(401);
      return;
    }
    if (rawUrl === '/404.html') {
      expect(response.statusCode).toBe(301);
      return;
    }
    expect(response.statusCode).toBe(rawUrl === '/no/such/page' ? 404 : 200);
    expect(response.headers['cache-control']).toMatch(/^private/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBeDefined();
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('the gate for a company session', () => {
  const get = (url: string, extra: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url,
      headers: {host: HOST, cookie: cookies.company ?? '', ...HTML, ...extra},
    });

  it('serves the doc page HTML with its content', async () => {
    const response = await get('/docs/tools/git');
    expect(response.body).toContain('<title data-rh=true>Git | Studio Handbook</title>');
  });

  it('serves the site 404 page with status 404 for an unknown path', async () => {
    const response = await get('/docs/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Page Not Found');
  });

  it.each([
    ['/docs/tools/git.html', '/docs/tools/git'],
    ['/docs/projects/index.html', '/docs/projects/'],
    ['/index.html', '/'],
    ['/docs/tools/git.html?x=1', '/docs/tools/git?x=1'],
  ])('redirects %s to %s (paths ending in .html are normalised)', async (from, to) => {
    const response = await get(from);
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(to);
  });

  it('answers HEAD with the headers and length of GET, and no body', async () => {
    const got = await get('/docs/tools/git');
    const head = await app.inject({
      method: 'HEAD',
      url: '/docs/tools/git',
      headers: {host: HOST, cookie: cookies.company ?? '', ...HTML},
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(got.body)));
    expect(head.headers.etag).toBe(got.headers.etag);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/docs/tools/git');
    const etag = String(first.headers.etag);
    const second = await get('/docs/tools/git', {'if-none-match': etag});
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('compresses text with brotli or gzip as the client accepts', async () => {
    const br = await get('/docs/tools/git', {'accept-encoding': 'gzip, br'});
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await get('/docs/tools/git', {'accept-encoding': 'gzip'});
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('caches hashed assets for a year, privately and immutably', async () => {
    const js = await resolveUrl('/assets/js/__JS__');
    const response = await get(js, {accept: '*/*', 'sec-fetch-dest': 'script'});
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  });

  it.each([
    '/docs/..%2f..%2fpackage.json',
    '/assets/..%2f..%2f..%2fpackage.json',
    '/docs/%252e%252e/x',
  ])('answers 400, not 5xx, to the traversal attempt %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('"workspaces"');
  });

  it('answers 405 to a method the site does not serve', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/docs/tools/git',
      headers: {host: HOST, cookie: cookies.company ?? ''},
    });
    expect(response.statusCode).toBe(405);
  });

  it('refuses other methods without a session too', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/docs/tools/git',
      headers: {host: HOST},
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('public endpoints', () => {
  it('/healthz answers without a session and says nothing about content', async () => {
    const response = await app.inject({method: 'GET', url: '/healthz', headers: {host: HOST}});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({status: 'ok'});
  });

  it('serves the sign-in bundle without a session', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/__auth/signin.js',
      headers: {host: HOST},
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
  });
});
