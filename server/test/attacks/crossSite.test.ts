import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {signInWithGoogle} from '../../../testing/emulatorAccounts';
import {HOST, ORIGIN, companySession, emulator, testApp} from '../fixtures';

let app: FastifyInstance;

beforeAll(async () => {
  ({app} = await testApp());
});
afterAll(() => app.close());

// Every Origin a cross-site request could carry, and near misses of ours.
const FOREIGN_ORIGINS: [string, string | null][] = [
  ['no Origin', null],
  ['a foreign site', 'https://evil.example'],
  ['the null origin of a sandboxed frame', 'null'],
  ['our host on another port', 'http://handbook.test:8080'],
  ['our host on another scheme', 'https://handbook.test'],
  ['a subdomain of ours', 'http://evil.handbook.test'],
  ['a suffix of ours', 'http://handbook.test.evil.example'],
  ['ours with a trailing slash', 'http://handbook.test/'],
  ['ours upper-cased', 'HTTP://HANDBOOK.TEST'],
];

const withOrigin = (origin: string | null) => (origin === null ? {} : {origin});

describe('cross-site requests to /__session', () => {
  it.each(FOREIGN_ORIGINS)('refuses a sign-in POST with %s', async (_name, origin) => {
    const {idToken} = await signInWithGoogle(emulator(), 'alice@studio.example');
    const response = await app.inject({
      method: 'POST',
      url: '/__session',
      headers: {host: HOST, authorization: `Bearer ${idToken}`, ...withOrigin(origin)},
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each(FOREIGN_ORIGINS)(
    'refuses a logout DELETE with %s and keeps the session',
    async (_name, origin) => {
      const cookie = await companySession(app);
      const response = await app.inject({
        method: 'DELETE',
        url: '/__session',
        headers: {host: HOST, cookie, ...withOrigin(origin)},
      });
      expect(response.statusCode).toBe(403);
      const still = await app.inject({
        method: 'GET',
        url: '/__session',
        headers: {host: HOST, cookie},
      });
      expect(still.statusCode).toBe(200);
    },
  );

  it('accepts our own origin', async () => {
    const {idToken} = await signInWithGoogle(emulator(), 'alice@studio.example');
    const response = await app.inject({
      method: 'POST',
      url: '/__session',
      headers: {host: HOST, origin: ORIGIN, authorization: `Bearer ${idToken}`},
    });
    expect(response.statusCode).toBe(204);
  });
});

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, scoped to this host, and never readable by script', async () => {
    const {idToken} = await signInWithGoogle(emulator(), 'alice@studio.example');
    const response = await app.inject({
      method: 'POST',
      url: '/__session',
      headers: {host: HOST, origin: ORIGIN, authorization: `Bearer ${idToken}`},
    });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/; Domain=/i);
  });

  it('ignores X-Forwarded-Proto from an untrusted client', async () => {
    const {idToken} = await signInWithGoogle(emulator(), 'alice@studio.example');
    const response = await app.inject({
      method: 'POST',
      url: '/__session',
      headers: {
        host: HOST,
        origin: `https://${HOST}`,
        'x-forwarded-proto': 'https',
        authorization: `Bearer ${idToken}`,
      },
    });
    expect(response.statusCode).toBe(403); // the origin does not match the real scheme
  });
});

describe('framing', () => {
  it.each([
    ['a handbook page', {accept: 'text/html'}, '/docs/tools/git', true],
    ['the sign-in page', {accept: 'text/html'}, '/docs/tools/git', false],
    ['a bare 401', {accept: 'application/json'}, '/sitemap.xml', false],
    ['the sign-in bundle', {}, '/__auth/signin.js', false],
  ])('forbids other origins to frame %s', async (_name, headers, url, signedIn) => {
    const cookie = signedIn ? await companySession(app) : undefined;
    const response = await app.inject({
      method: 'GET',
      url,
      headers: {host: HOST, ...headers, ...(cookie ? {cookie} : {})},
    });
    expect(response.headers['x-frame-options']).toBe('DENY');
    if (url !== '/sitemap.xml')
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
