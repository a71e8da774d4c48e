import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {getApps, initializeApp} from 'firebase-admin/app';
import {getAuth} from 'firebase-admin/auth';
import type {FastifyInstance} from 'fastify';
import {inject} from 'vitest';
import {signInWithGoogle, type EmulatorTarget} from '../../testing/emulatorAccounts';
import {SearchEngine} from '@studio-handbook/search/engine';
import {readIndexFile} from '@studio-handbook/search/indexFile';
import {buildApp, type AppDependencies} from '../src/app';
import {loadConfig, type Config} from '../src/config';
import {createFirebaseProvider} from '../src/session/firebaseProvider';
import {loadAssetStore, type AssetStore} from '../src/static/assetStore';

export const HOST = 'handbook.test';
export const ORIGIN = `http://${HOST}`;

export function emulator(): EmulatorTarget {
  return {host: inject('emulatorHost'), projectId: inject('projectId')};
}

/** Each test process keeps its insights store (SQLite) in a folder of its own, never in var/. */
let dataDir: string | undefined;
export function testDataDir(): string {
  dataDir ??= mkdtempSync(path.join(tmpdir(), 'handbook-test-data-'));
  return dataDir;
}

export function testEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return {
    DATA_DIR: testDataDir(),
    NODE_ENV: 'development',
    ALLOWED_EMAIL_DOMAINS: 'studio.example',
    FIREBASE_PROJECT_ID: inject('projectId'),
    FIREBASE_API_KEY: 'demo-api-key',
    FIREBASE_AUTH_DOMAIN: `${inject('projectId')}.firebaseapp.com`,
    FIREBASE_AUTH_EMULATOR_HOST: inject('emulatorHost'),
    ...overrides,
  };
}

let stores: {site: AssetStore; signIn: AssetStore; engine: SearchEngine} | undefined;

/** The real gate over the real build, against the real emulator. */
export async function testApp(
  overrides: Record<string, string | undefined> = {},
  deps: Partial<
    Pick<
      AppDependencies,
      | 'now'
      | 'answerer'
      | 'askAiEvents'
      | 'googleIdTokens'
      | 'insightsTiming'
      | 'requestObservers'
      | 'shedAfterMs'
    >
  > = {},
): Promise<{app: FastifyInstance; config: Config}> {
  const config = loadConfig(testEnv(overrides));
  stores ??= {
    site: loadAssetStore(config.siteDir),
    signIn: loadAssetStore(config.signInDir),
    engine: SearchEngine.fromIndexFile(readIndexFile(config.searchIndexFile)),
  };
  const app = await buildApp(config, {
    provider: createFirebaseProvider(config),
    ...stores,
    // A test machine busy with the suite can stall a worker past the production 500 ms: only
    // the tests of overload itself ask for shedding.
    shedAfterMs: 60_000,
    ...deps,
  });
  return {app, config};
}

/** Admin access to the emulator, as a test (or an attacker with project access) would have. */
export function adminAuth() {
  const name = 'test-admin';
  process.env.FIREBASE_AUTH_EMULATOR_HOST = inject('emulatorHost');
  const app =
    getApps().find((existing) => existing.name === name) ??
    initializeApp({projectId: inject('projectId')}, name);
  return getAuth(app);
}

export function cookieFrom(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  const pair = header?.split(';', 1)[0] ?? '';
  return pair;
}

/** Signs in through the gate's own /__session and returns the `name=value` cookie pair. */
export async function companySession(
  app: FastifyInstance,
  email = 'alice@studio.example',
): Promise<string> {
  const {idToken} = await signInWithGoogle(emulator(), email);
  const response = await app.inject({
    method: 'POST',
    url: '/__session',
    headers: {host: HOST, origin: ORIGIN, authorization: `Bearer ${idToken}`},
  });
  if (response.statusCode !== 204)
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookieFrom(response.headers['set-cookie']);
}

/** A genuine Firebase session cookie for another domain, minted outside the gate. */
export async function otherDomainCookie(email = 'bob@other.example'): Promise<string> {
  const {idToken} = await signInWithGoogle(emulator(), email);
  const cookie = await adminAuth().createSessionCookie(idToken, {expiresIn: 60 * 60 * 1000});
  return `handbook_session=${cookie}`;
}

/** Signs in through a TLS-terminating proxy (TRUST_PROXY): returns the `Set-Cookie` header. */
export async function httpsSignIn(app: FastifyInstance, email: string): Promise<string> {
  const {idToken} = await signInWithGoogle(emulator(), email);
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
  if (response.statusCode !== 204)
    throw new Error(`HTTPS sign-in failed: ${response.statusCode} ${response.body}`);
  return String(response.headers['set-cookie']);
}
