import {describe, expect, it} from 'vitest';
import {loadConfig} from '../src/config';
import {testEnv} from './fixtures';

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
      testEnv({NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: undefined}),
    );
    expect(config.mode).toBe('production');
    expect(config.emulatorHost).toBeNull();
  });
});
