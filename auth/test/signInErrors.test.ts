import {describe, expect, it} from 'vitest';
import {signInErrorMessage} from '../page/signInErrors';

const firebaseError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (${code}).`), {code});

describe('sign-in error messages', () => {
  it.each([
    'auth/popup-blocked',
    'auth/popup-closed-by-user',
    'auth/cancelled-popup-request',
    'auth/unauthorized-domain',
    'auth/network-request-failed',
    'auth/web-storage-unsupported',
    'auth/invalid-api-key',
    'auth/internal-error',
    'auth/argument-error',
    'auth/missing-multi-factor-info',
  ])('says what happened for %s, in words, not the Firebase code', (code) => {
    const message = signInErrorMessage(firebaseError(code), {emulator: false});
    expect(message).not.toContain('Firebase: Error');
    expect(message).not.toContain(code);
    expect(message.length).toBeGreaterThan(40);
  });

  it('points to "Sign in locally" when Google is unreachable and the emulator is in use', () => {
    const offline = signInErrorMessage(firebaseError('auth/internal-error'), {emulator: true});
    expect(offline).toMatch(/offline/);
    expect(offline).toContain('"Sign in locally"');
    expect(
      signInErrorMessage(firebaseError('auth/internal-error'), {emulator: false}),
    ).not.toContain('Sign in locally');
  });

  it('keeps the message of an error it does not know', () => {
    expect(signInErrorMessage(new Error('Quota exceeded.'), {emulator: false})).toBe(
      'Sign-in failed: Quota exceeded.',
    );
  });
});
