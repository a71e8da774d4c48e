import {describe, expect, it} from 'vitest';
import {loadConfig} from '../src/config';
import {testEnv} from './fixtures';

const CLIENT_ID = '1234567890-abc123def456.apps.googleusercontent.com';

function errorOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('configuration', () => {
  it('reads a complete development configuration with defaults', () => {
    const config = loadConfig(testEnv());
    expect(config.mode).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.allowedDomains).toEqual(['studio.example']);
    expect(config.sessionDays).toBe(5);
    expect(config.trustProxy).toBe(false);
  });

  it.each([
    ['ALLOWED_EMAIL_DOMAINS', {ALLOWED_EMAIL_DOMAINS: undefined}],
    ['ALLOWED_EMAIL_DOMAINS', {ALLOWED_EMAIL_DOMAINS: 'alice@studio.example'}],
    ['ALLOWED_EMAIL_DOMAINS', {ALLOWED_EMAIL_DOMAINS: ' , '}],
    ['FIREBASE_PROJECT_ID', {FIREBASE_PROJECT_ID: undefined}],
    ['FIREBASE_PROJECT_ID', {FIREBASE_PROJECT_ID: 'Not A Project'}],
    ['FIREBASE_API_KEY', {FIREBASE_API_KEY: undefined}],
    ['FIREBASE_API_KEY', {FIREBASE_API_KEY: 'abc:def'}],
    ['FIREBASE_AUTH_DOMAIN', {FIREBASE_AUTH_DOMAIN: 'https://x.firebaseapp.com/'}],
    ['PORT', {PORT: 'eighty'}],
    ['PORT', {PORT: '70000'}],
    ['SESSION_DAYS', {SESSION_DAYS: '0'}],
    ['SESSION_DAYS', {SESSION_DAYS: '15'}],
    ['FIREBASE_AUTH_EMULATOR_HOST', {FIREBASE_AUTH_EMULATOR_HOST: 'not a host'}],
    ['GOOGLE_HOSTED_DOMAIN_CHECK', {GOOGLE_HOSTED_DOMAIN_CHECK: 'yes'}],
    ['GOOGLE_OAUTH_CLIENT_ID', {GOOGLE_OAUTH_CLIENT_ID: 'my-client'}],
    ['REVOCATION_CHECK_SECONDS', {REVOCATION_CHECK_SECONDS: '0'}],
    ['REVOCATION_CHECK_SECONDS', {REVOCATION_CHECK_SECONDS: '7200'}],
    ['REVOCATION_CHECK_SECONDS', {REVOCATION_CHECK_SECONDS: 'a minute'}],
  ])('stops start-up naming %s when it is missing or invalid', (variable, overrides) => {
    expect(errorOf(testEnv(overrides))).toContain(variable);
  });

  it('refuses the emulator in production mode, because emulator tokens are unsigned', () => {
    expect(errorOf(testEnv({NODE_ENV: 'production'}))).toMatch(
      /FIREBASE_AUTH_EMULATOR_HOST: must not be set when NODE_ENV=production/,
    );
  });

  it('refuses an emulator on a non-loopback host', () => {
    expect(errorOf(testEnv({FIREBASE_AUTH_EMULATOR_HOST: '10.0.0.5:9099'}))).toMatch(
      /FIREBASE_AUTH_EMULATOR_HOST: must point to a loopback host/,
    );
  });

  it('refuses a dev server upstream in production mode', () => {
    const env = testEnv({
      NODE_ENV: 'production',
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      DEV_SITE_URL: 'http://127.0.0.1:3001',
    });
    expect(errorOf(env)).toMatch(/DEV_SITE_URL: must not be set when NODE_ENV=production/);
  });

  it('refuses a dev server upstream on a non-loopback host', () => {
    expect(errorOf(testEnv({DEV_SITE_URL: 'http://dev.example:3001'}))).toMatch(
      /DEV_SITE_URL: must point to a loopback host/,
    );
  });

  it('names every invalid variable at once', () => {
    const message = errorOf(testEnv({ALLOWED_EMAIL_DOMAINS: undefined, SESSION_DAYS: '99'}));
    expect(message).toContain('ALLOWED_EMAIL_DOMAINS');
    expect(message).toContain('SESSION_DAYS');
  });

  it('accepts production mode without the emulator', () => {
    const config = loadConfig(
      testEnv({
        NODE_ENV: 'production',
        FIREBASE_AUTH_EMULATOR_HOST: undefined,
        GOOGLE_OAUTH_CLIENT_ID: CLIENT_ID,
      }),
    );
    expect(config.mode).toBe('production');
    expect(config.emulatorHost).toBeNull();
  });

  it('checks the Google hd claim by default in production, and then needs the OAuth client id', () => {
    const production = {NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: undefined};
    expect(errorOf(testEnv(production))).toMatch(
      /GOOGLE_OAUTH_CLIENT_ID: is required while GOOGLE_HOSTED_DOMAIN_CHECK is on \(it is on by default with NODE_ENV=production\)/,
    );
    const config = loadConfig(testEnv({...production, GOOGLE_OAUTH_CLIENT_ID: CLIENT_ID}));
    expect(config.hostedDomainCheck).toEqual({enabled: true, clientId: CLIENT_ID});
  });

  it('lets an operator turn the hd check off in production, explicitly', () => {
    const config = loadConfig(
      testEnv({
        NODE_ENV: 'production',
        FIREBASE_AUTH_EMULATOR_HOST: undefined,
        GOOGLE_HOSTED_DOMAIN_CHECK: 'off',
      }),
    );
    expect(config.hostedDomainCheck.enabled).toBe(false);
  });

  it('leaves the hd check off by default in development, and allows it on with the emulator alone', () => {
    expect(loadConfig(testEnv()).hostedDomainCheck.enabled).toBe(false);
    const on = loadConfig(testEnv({GOOGLE_HOSTED_DOMAIN_CHECK: 'on'}));
    expect(on.hostedDomainCheck).toEqual({enabled: true, clientId: null});
  });

  it('re-checks revocation every 60 seconds unless REVOCATION_CHECK_SECONDS says otherwise', () => {
    expect(loadConfig(testEnv()).revocationCheckSeconds).toBe(60);
    expect(loadConfig(testEnv({REVOCATION_CHECK_SECONDS: '15'})).revocationCheckSeconds).toBe(15);
  });
});

describe('reader insights and metrics configuration', () => {
  it('records into SQLite under DATA_DIR by default, viewed by no one, kept 180 days, metrics off', () => {
    const config = loadConfig(testEnv({DATA_DIR: undefined}));
    expect(config.insights).toMatchObject({enabled: true, databaseUrl: null, retentionDays: 180});
    expect(config.insights.dataDir).toMatch(/\/var$/);
    expect(config.insights.viewers).toEqual(new Set());
    expect(config.metrics).toEqual({token: null, port: null});
  });

  it('reads viewers as lower-cased addresses, or * for every reader', () => {
    expect(
      loadConfig(testEnv({INSIGHTS_VIEWERS: ' Alice@Studio.example, bob@studio.example'})).insights
        .viewers,
    ).toEqual(new Set(['alice@studio.example', 'bob@studio.example']));
    expect(loadConfig(testEnv({INSIGHTS_VIEWERS: '*'})).insights.viewers).toBe('everyone');
  });

  it.each([
    ['DATABASE_URL', {DATABASE_URL: 'mysql://db/handbook'}, /must be a PostgreSQL URL/],
    ['INSIGHTS', {INSIGHTS: 'maybe'}, /must be "on" or "off"/],
    ['INSIGHTS_RETENTION_DAYS', {INSIGHTS_RETENTION_DAYS: '0'}, /at least 1/],
    ['INSIGHTS_RETENTION_DAYS', {INSIGHTS_RETENTION_DAYS: 'forever'}, /whole number of days/],
    ['INSIGHTS_VIEWERS', {INSIGHTS_VIEWERS: 'alice'}, /"alice" is not an e-mail address/],
    ['INSIGHTS_VIEWERS', {INSIGHTS_VIEWERS: 'eve@other.example'}, /not in ALLOWED_EMAIL_DOMAINS/],
    ['METRICS_TOKEN', {METRICS_TOKEN: 'short'}, /at least 32 characters/],
    ['METRICS_PORT', {METRICS_PORT: '70000'}, /port number/],
    ['METRICS_PORT', {METRICS_PORT: '3000', PORT: '3000'}, /must differ from PORT/],
  ])('refuses a bad %s and names it', (variable, env, reason) => {
    const message = errorOf(testEnv(env));
    expect(message).toContain(`${variable}:`);
    expect(message).toMatch(reason);
  });
});
