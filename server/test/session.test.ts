import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {
  signInWithGoogle,
  signInWithPassword,
  signUpWithPassword,
} from '../../testing/emulatorAccounts';
import {HOST, ORIGIN, adminAuth, companySession, emulator, httpsSignIn, testApp} from './fixtures';

let app: FastifyInstance;

beforeAll(async () => {
  ({app} = await testApp());
});
afterAll(() => app.close());

const signIn = (idToken: string | null, origin: string | null = ORIGIN) =>
  app.inject({
    method: 'POST',
    url: '/__session',
    headers: {
      host: HOST,
      ...(origin === null ? {} : {origin}),
      ...(idToken === null ? {} : {authorization: `Bearer ${idToken}`}),
    },
  });

describe('POST /__session', () => {
  it('trades a company Google token for an HttpOnly SameSite=Lax session cookie', async () => {
    const {idToken} = await signInWithGoogle(emulator(), 'alice@studio.example');
    const response = await signIn(idToken);
    expect(response.statusCode).toBe(204);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^handbook_session=[^;]+;/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toMatch(/Max-Age=432000/);
  });

  it('sets a Secure __Host- cookie when the request came over HTTPS', async () => {
    const {app: proxied} = await testApp({TRUST_PROXY: 'true'});
    const setCookie = await httpsSignIn(proxied, 'alice@studio.example');
    await proxied.close();
    expect(setCookie).toMatch(/^__Host-handbook_session=[^;]+;.*; Secure/);
  });

  it('returns 403 with a JSON reason for another domain', async () => {
    const {idToken} = await signInWithGoogle(emulator(), 'bob@other.example');
    const response = await signIn(idToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({reason: 'other-domain', email: 'bob@other.example'});
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('returns 403 for a lookalike domain', async () => {
    const {idToken} = await signInWithGoogle(emulator(), 'eve@evilstudio.example');
    expect((await signIn(idToken)).statusCode).toBe(403);
  });

  it('returns 403 for an unverified company address', async () => {
    const {idToken} = await signInWithGoogle(emulator(), 'eve@studio.example', {
      emailVerified: false,
    });
    const response = await signIn(idToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({reason: 'unverified-email'});
  });

  it('returns 403 for a password account with a company address', async () => {
    // Even with its address marked verified, a password account is not a Google sign-in.
    const {uid} = await signUpWithPassword(emulator(), 'mallory@studio.example');
    await adminAuth().updateUser(uid, {emailVerified: true});
    const {idToken} = await signInWithPassword(emulator(), 'mallory@studio.example');
    const response = await signIn(idToken);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({reason: 'wrong-provider'});
  });

  it('returns 401 without a bearer token', async () => {
    expect((await signIn(null)).statusCode).toBe(401);
  });

  it('returns 401 for a garbage token', async () => {
    expect((await signIn('not.a.token')).statusCode).toBe(401);
  });
});

describe('GET /__session', () => {
  it('answers the signed-in identity', async () => {
    const cookie = await companySession(app);
    const response = await app.inject({
      method: 'GET',
      url: '/__session',
      headers: {host: HOST, cookie},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({email: 'alice@studio.example'});
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('returns 401 without a session', async () => {
    const response = await app.inject({method: 'GET', url: '/__session', headers: {host: HOST}});
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /__session (logout)', () => {
  it('clears the cookie and makes the old cookie useless at once', async () => {
    const cookie = await companySession(app, 'carol@studio.example');
    const before = await app.inject({
      method: 'GET',
      url: '/docs/tools/git',
      headers: {host: HOST, cookie},
    });
    expect(before.statusCode).toBe(200);

    const logout = await app.inject({
      method: 'DELETE',
      url: '/__session',
      headers: {host: HOST, origin: ORIGIN, cookie},
    });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toMatch(
      /handbook_session=;.*Expires=Thu, 01 Jan 1970/,
    );

    const after = await app.inject({
      method: 'GET',
      url: '/docs/tools/git',
      headers: {host: HOST, cookie},
    });
    expect(after.statusCode).toBe(401);
  });

  it('revokes the user refresh tokens in Firebase', async () => {
    const cookie = await companySession(app, 'dave@studio.example');
    const {uid} = await adminAuth().verifySessionCookie(cookie.split('=')[1] ?? '');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // revocation has one-second resolution
    await app.inject({
      method: 'DELETE',
      url: '/__session',
      headers: {host: HOST, origin: ORIGIN, cookie},
    });
    const user = await adminAuth().getUser(uid);
    expect(user.tokensValidAfterTime).toBeDefined();
    await expect(
      adminAuth().verifySessionCookie(cookie.split('=')[1] ?? '', true),
    ).rejects.toThrow();
  });

  it('signs a user straight back in after a logout, in the same second', async () => {
    const first = await companySession(app, 'fajar@studio.example');
    // Start at the top of a fresh second, so the logout and the new sign-in share it.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
    const logoutSecond = Math.floor(Date.now() / 1000);
    const logout = await app.inject({
      method: 'DELETE',
      url: '/__session',
      headers: {host: HOST, origin: ORIGIN, cookie: first},
    });
    expect(logout.statusCode).toBe(204);
    const second = await companySession(app, 'fajar@studio.example');
    const authTime = (cookie: string): number =>
      JSON.parse(Buffer.from(cookie.split('.')[1] ?? '', 'base64url').toString()).auth_time;
    expect(authTime(second)).toBe(logoutSecond); // one second of auth_time resolution, shared
    const page = (cookie: string) =>
      app.inject({method: 'GET', url: '/docs/tools/git', headers: {host: HOST, cookie}});
    expect((await page(second)).statusCode).toBe(200);
    expect((await page(first)).statusCode).toBe(401);
  });

  it('signs a user in again after a logout', async () => {
    const first = await companySession(app, 'erin@studio.example');
    await app.inject({
      method: 'DELETE',
      url: '/__session',
      headers: {host: HOST, origin: ORIGIN, cookie: first},
    });
    await new Promise((resolve) => setTimeout(resolve, 1100)); // auth_time has one-second resolution
    const second = await companySession(app, 'erin@studio.example');
    const response = await app.inject({
      method: 'GET',
      url: '/__session',
      headers: {host: HOST, cookie: second},
    });
    expect(response.statusCode).toBe(200);
  });
});
