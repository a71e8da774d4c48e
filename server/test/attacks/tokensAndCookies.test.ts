import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {signInWithGoogle, type EmulatorTarget} from '../../../testing/emulatorAccounts';
import {idTokenClaims, sessionCookieClaims, unsignedJwt} from '../../../testing/forgedTokens';
import {HOST, ORIGIN, adminAuth, companySession, emulator, testApp} from '../fixtures';

// The gate against the Auth emulator, with a clock the tests can move (the verified-session
// cache re-checks revocation every REVOCATION_CHECK_SECONDS, 60 s by default).
let clock = Date.now();
let app: FastifyInstance;
let target: EmulatorTarget;

beforeAll(async () => {
  target = emulator();
  ({app} = await testApp({}, {now: () => clock}));
});
afterAll(() => app.close());

const signIn = (authorization: string) =>
  app.inject({
    method: 'POST',
    url: '/__session',
    headers: {host: HOST, origin: ORIGIN, authorization},
  });
const get = (url: string, cookie: string, accept = 'text/html') =>
  app.inject({method: 'GET', url, headers: {host: HOST, accept, cookie}});

async function signInIdp(providerId: string, email: string): Promise<string> {
  const claims = {sub: `${providerId}-${email}`, email, email_verified: true};
  const response = await fetch(
    `http://${target.host}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
    {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=${providerId}`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
      }),
    },
  );
  return String(((await response.json()) as {idToken: string}).idToken);
}

describe('ID tokens at POST /__session', () => {
  it.each([
    ['a malformed token', 'Bearer not-a-jwt'],
    ['a token with spaces', 'Bearer a b c'],
    ['a lower-case scheme', 'bearer x.y.z'],
    ['an oversized (20 KB) token', `Bearer ${'a'.repeat(20 * 1024)}`],
    ['an empty bearer', 'Bearer '],
    ['Basic credentials', `Basic ${Buffer.from('alice:secret').toString('base64')}`],
  ])('refuses %s with 401', async (_name, authorization) => {
    expect((await signIn(authorization)).statusCode).toBe(401);
  });

  it('refuses a truncated token', async () => {
    const {idToken} = await signInWithGoogle(target, 'alice@studio.example');
    expect((await signIn(`Bearer ${idToken.slice(0, -12)}`)).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const forged = unsignedJwt(
      idTokenClaims(target.projectId, {exp: Math.floor(Date.now() / 1000) - 60}),
    );
    expect((await signIn(`Bearer ${forged}`)).statusCode).toBe(401);
  });

  it.each([
    ['wrong audience', {aud: 'another-project'}],
    ['wrong issuer', {iss: 'https://securetoken.google.com/another-project'}],
  ])('refuses a token with the %s', async (_name, overrides) => {
    const {idToken, uid} = await signInWithGoogle(target, 'alice@studio.example');
    const claims = {
      ...JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()),
      ...overrides,
      sub: uid,
    };
    expect((await signIn(`Bearer ${unsignedJwt(claims)}`)).statusCode).toBe(401);
  });

  it('refuses a forged token for an account the project does not have', async () => {
    const forged = unsignedJwt(idTokenClaims(target.projectId, {sub: 'nobody', user_id: 'nobody'}));
    expect((await signIn(`Bearer ${forged}`)).statusCode).toBe(401);
  });

  it('refuses a token whose refresh tokens were revoked', async () => {
    const {idToken, uid} = await signInWithGoogle(target, 'revoked@studio.example');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // revocation has one-second resolution
    await adminAuth().revokeRefreshTokens(uid);
    expect((await signIn(`Bearer ${idToken}`)).statusCode).toBe(401);
  });

  it('refuses a token of a disabled user', async () => {
    const {idToken, uid} = await signInWithGoogle(target, 'disabled@studio.example');
    await adminAuth().updateUser(uid, {disabled: true});
    expect((await signIn(`Bearer ${idToken}`)).statusCode).toBe(401);
  });

  it.each(['github.com', 'microsoft.com', 'password'])(
    'refuses a %s sign-in with a company address (403)',
    async (providerId) => {
      const token =
        providerId === 'password'
          ? unsignedJwt(idTokenClaims(target.projectId))
          : await signInIdp(providerId, `eve-${providerId.split('.')[0]}@studio.example`);
      const response = await signIn(`Bearer ${token}`);
      expect([401, 403]).toContain(response.statusCode);
      expect(response.headers['set-cookie']).toBeUndefined();
    },
  );

  it.each([
    'eve@evilstudio.example',
    'eve@studio.example.attacker.test',
    'eve@mail.studio.example',
    'eve@STUDIO.EXAMPLE.',
  ])('refuses the lookalike address %s (403)', async (email) => {
    const response = await signIn(`Bearer ${(await signInWithGoogle(target, email)).idToken}`);
    expect(response.statusCode).toBe(403);
  });
});

describe('session cookies', () => {
  const paths = [
    '/',
    '/docs/tools/git',
    '/assets/js/nothing.js',
    '/sitemap.xml',
    '/img/logo.svg',
    '/1/indexes/*/queries',
    '/__session',
  ];

  it.each([
    [
      'a forged unsigned cookie for an unknown account',
      `handbook_session=${unsignedJwt(sessionCookieClaims('demo-handbook', {sub: 'nobody'}))}`,
    ],
    [
      'an ID token used as a session cookie',
      `handbook_session=${unsignedJwt(idTokenClaims('demo-handbook'))}`,
    ],
    ['an oversized (20 KB) cookie', `handbook_session=${'x'.repeat(20 * 1024)}`],
    ['a cookie of another name', `session=${'x'.repeat(100)}`],
    [
      'two session cookies of which one is garbage',
      'handbook_session=garbage; __Host-handbook_session=garbage',
    ],
  ])('admits no path with %s', async (_name, cookie) => {
    for (const path of paths) {
      const response = await get(path, cookie);
      expect(response.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, path).toBeLessThan(500);
      expect(response.body, path).not.toContain('data-rh=true');
    }
  });

  it('refuses a truncated session cookie', async () => {
    const cookie = await companySession(app, 'trunc@studio.example');
    expect((await get('/docs/tools/git', cookie.slice(0, -10))).statusCode).toBe(401);
  });

  it('refuses an expired session cookie', async () => {
    const cookie = `handbook_session=${unsignedJwt(sessionCookieClaims('demo-handbook', {exp: Math.floor(Date.now() / 1000) - 1}))}`;
    expect((await get('/docs/tools/git', cookie)).statusCode).toBe(401);
  });

  it('refuses a session revoked a minute ago: the default re-check interval is 60 s', async () => {
    const cookie = await companySession(app, 'later-revoked@studio.example');
    expect((await get('/docs/tools/git', cookie)).statusCode).toBe(200);
    const {uid} = await adminAuth().verifySessionCookie(cookie.split('=')[1] ?? '');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await adminAuth().revokeRefreshTokens(uid);
    clock += 59_000; // still within the interval: the verified cookie is trusted
    expect((await get('/docs/tools/git', cookie)).statusCode).toBe(200);
    clock += 1_001; // 60 s after the last check: Firebase is asked again
    expect((await get('/docs/tools/git', cookie)).statusCode).toBe(401);
  });

  it('stops admitting a disabled user once revocation is re-checked', async () => {
    const cookie = await companySession(app, 'later-disabled@studio.example');
    expect((await get('/docs/tools/git', cookie)).statusCode).toBe(200);
    const {uid} = await adminAuth().verifySessionCookie(cookie.split('=')[1] ?? '');
    await adminAuth().updateUser(uid, {disabled: true});
    clock += 60_001;
    expect((await get('/docs/tools/git', cookie)).statusCode).toBe(401);
  });
});
