import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {signInWithGoogle} from '../../testing/emulatorAccounts';
import {googleIdTokenClaims, localGoogleKeys, type Claims} from '../../testing/googleIdTokens';
import {signedGoogleIdTokens} from '../src/hostedDomain/signedGoogleIdTokens';
import {HOST, ORIGIN, emulator, testApp} from './fixtures';

// Google's signing keys cannot be used here: a local key pair stands in for them, published
// to the gate the way Google's certificate endpoint publishes its keys. The verification
// itself is google-auth-library's, exactly as in production.
const CLIENT_ID = '1234567890-handbookweb.apps.googleusercontent.com';
const keys = localGoogleKeys();
const otherKeys = localGoogleKeys(); // same key id, another private key: a forged signature

let app: FastifyInstance;
beforeAll(async () => {
  ({app} = await testApp(
    {GOOGLE_HOSTED_DOMAIN_CHECK: 'on', GOOGLE_OAUTH_CLIENT_ID: CLIENT_ID},
    {
      googleIdTokens: signedGoogleIdTokens({
        clientId: CLIENT_ID,
        certificates: async () => keys.certificates,
      }),
    },
  ));
});
afterAll(() => app.close());

/** A Firebase sign-in through the emulator, then `POST /__session` with Google's token. */
async function signIn(email: string, googleToken: (sub: string) => unknown) {
  const {idToken} = await signInWithGoogle(emulator(), email);
  const sub = `google-${email}`; // the emulator account's Google identity
  const googleIdToken = googleToken(sub);
  return app.inject({
    method: 'POST',
    url: '/__session',
    headers: {
      host: HOST,
      origin: ORIGIN,
      authorization: `Bearer ${idToken}`,
      'content-type': 'application/json',
    },
    payload: googleIdToken === undefined ? {} : {googleIdToken},
  });
}

const signed =
  (email: string, overrides: Claims = {}, signer = keys) =>
  (sub: string) =>
    signer.sign(googleIdTokenClaims(CLIENT_ID, sub, email, overrides));

describe('sign-in with the Google hosted-domain check on (local stand-in for Google keys)', () => {
  it('admits a company Workspace account whose Google token is genuine and current', async () => {
    const response = await signIn('wulan@studio.example', signed('wulan@studio.example'));
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toContain('handbook_session=');
  });

  it('refuses a consumer Google account created with a company address (no hd claim)', async () => {
    const email = 'consumer@studio.example';
    const response = await signIn(email, signed(email, {hd: undefined}));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({reason: 'unmanaged-account'});
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an account another Workspace manages, even with a company address', async () => {
    const email = 'moved@studio.example';
    const response = await signIn(email, signed(email, {hd: 'other.example'}));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({reason: 'unmanaged-account'});
  });

  it.each<[string, (email: string) => (sub: string) => unknown, string]>([
    [
      'of another Google account',
      (email) => () => keys.sign(googleIdTokenClaims(CLIENT_ID, 'someone-else', email)),
      'google-account-mismatch',
    ],
    [
      'issued to another OAuth client',
      (email) => signed(email, {aud: 'other.apps.googleusercontent.com'}),
      'invalid-google-token',
    ],
    [
      'that expired',
      (email) =>
        signed(email, {
          iat: Math.floor(Date.now() / 1000) - 7200,
          exp: Math.floor(Date.now() / 1000) - 3600,
        }),
      'invalid-google-token',
    ],
    [
      'from another issuer',
      (email) => signed(email, {iss: 'https://accounts.evil.example'}),
      'invalid-google-token',
    ],
    ['signed by another key', (email) => signed(email, {}, otherKeys), 'invalid-google-token'],
    [
      'in the emulator unsigned form',
      (email) => (sub: string) =>
        JSON.stringify({sub, email, email_verified: true, hd: 'studio.example'}),
      'invalid-google-token',
    ],
  ])('refuses a Google token %s', async (_case, token, reason) => {
    const email = 'hendra@studio.example';
    const response = await signIn(email, token(email));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({reason});
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a sign-in that sends no Google token while the check is on', async () => {
    const response = await signIn('nogoogle@studio.example', () => undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({reason: 'missing-google-token'});
  });

  it('answers 400 with a reason for a malformed body, and sets no cookie', async () => {
    const response = await signIn('malformed@studio.example', () => 42);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/googleIdToken must be a string/);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('sign-in with the hd check on against the Auth emulator', () => {
  let emulatorApp: FastifyInstance;
  beforeAll(async () => {
    ({app: emulatorApp} = await testApp({GOOGLE_HOSTED_DOMAIN_CHECK: 'on'}));
  });
  afterAll(() => emulatorApp.close());

  const emulatorSignIn = async (email: string, claims: Claims) => {
    const {idToken} = await signInWithGoogle(emulator(), email);
    return emulatorApp.inject({
      method: 'POST',
      url: '/__session',
      headers: {host: HOST, origin: ORIGIN, authorization: `Bearer ${idToken}`},
      payload: {googleIdToken: JSON.stringify({sub: `google-${email}`, email, ...claims})},
    });
  };

  it("accepts the emulator's unsigned Google token when it names the company Workspace", async () => {
    const response = await emulatorSignIn('local@studio.example', {hd: 'studio.example'});
    expect(response.statusCode).toBe(204);
  });

  it("refuses the emulator's unsigned Google token of a consumer account", async () => {
    const response = await emulatorSignIn('local-consumer@studio.example', {});
    expect(response.statusCode).toBe(403);
  });
});
