import {Agent} from 'node:https';
import {connect} from 'node:net';
import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {
  foreignSignedJwt,
  idTokenClaims,
  sessionCookieClaims,
  unsignedJwt,
} from '../../../testing/forgedTokens';
import {buildApp} from '../../src/app';
import {loadConfig} from '../../src/config';
import {createFirebaseProvider} from '../../src/session/firebaseProvider';
import {HOST, ORIGIN, testEnv} from '../fixtures';

// The gate in production mode: real firebase-admin verifying against Google's public keys.
// Every outgoing connection goes to a closed loopback port, as when Google's key endpoint is
// unreachable: nothing may be admitted, and the server must keep running.
const unreachable = new Agent({keepAlive: false});
unreachable.createConnection = () => connect({host: '127.0.0.1', port: 9});

let app: FastifyInstance;
const projectId = 'demo-handbook';

beforeAll(async () => {
  const config = loadConfig(
    testEnv({
      NODE_ENV: 'production',
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      GOOGLE_OAUTH_CLIENT_ID: '1234567890-abc123def456.apps.googleusercontent.com',
    }),
  );
  app = await buildApp(config, {
    provider: createFirebaseProvider(config, {httpAgent: unreachable}),
  });
});
afterAll(() => app.close());

const signIn = (token: string) =>
  app.inject({
    method: 'POST',
    url: '/__session',
    headers: {host: HOST, origin: ORIGIN, authorization: `Bearer ${token}`},
  });
const page = (cookie: string) =>
  app.inject({
    method: 'GET',
    url: '/docs/tools/git',
    headers: {host: HOST, accept: 'text/html', cookie: `__Host-handbook_session=${cookie}`},
  });

describe('production mode', () => {
  it.each([
    ['an unsigned (alg: none) token', unsignedJwt(idTokenClaims(projectId))],
    [
      'a token for another project (wrong audience)',
      foreignSignedJwt(idTokenClaims(projectId, {aud: 'other-project'})),
    ],
    [
      'a token from another issuer',
      foreignSignedJwt(idTokenClaims(projectId, {iss: 'https://evil.example/'})),
    ],
    [
      'an expired token',
      foreignSignedJwt(idTokenClaims(projectId, {exp: Math.floor(Date.now() / 1000) - 60})),
    ],
    [
      'a token signed with a key Google never issued, while the key endpoint is down',
      foreignSignedJwt(idTokenClaims(projectId)),
    ],
  ])('refuses %s at sign-in with 401', async (_name, token) => {
    const response = await signIn(token);
    expect(response.statusCode).toBe(401);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['an unsigned (alg: none) session cookie', unsignedJwt(sessionCookieClaims(projectId))],
    ['an ID token presented as a session cookie', unsignedJwt(idTokenClaims(projectId))],
    [
      'a session cookie signed with a foreign key, while the key endpoint is down',
      foreignSignedJwt(sessionCookieClaims(projectId)),
    ],
  ])('admits no page with %s', async (_name, cookie) => {
    const response = await page(cookie);
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('id="signin-root"');
  });

  it('keeps running after failing to reach the key endpoint', async () => {
    await page(foreignSignedJwt(sessionCookieClaims(projectId)));
    const health = await app.inject({method: 'GET', url: '/healthz', headers: {host: HOST}});
    expect(health.statusCode).toBe(200);
  });
});
