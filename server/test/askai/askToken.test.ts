import {describe, expect, it} from 'vitest';
import {TOKEN_TTL_SECONDS, checkAskToken, mintAskToken} from '../../src/askai/askToken';

const COOKIE = 'session-cookie-of-alice';
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('the Ask AI token', () => {
  it('carries its expiry where the modal reads it: base64 JSON in the first segment', () => {
    const token = mintAskToken(COOKIE, NOW);
    const payload = JSON.parse(atob(token.split('.')[0] ?? '')) as {exp: number};
    expect(payload.exp).toBe(NOW / 1000 + TOKEN_TTL_SECONDS);
  });

  it('is accepted with the session that minted it', () => {
    const token = mintAskToken(COOKIE, NOW);
    expect(checkAskToken(`TOKEN ${token}`, COOKIE, NOW + 60_000)).toEqual({ok: true});
  });

  it('is refused with another session', () => {
    const token = mintAskToken(COOKIE, NOW);
    expect(checkAskToken(`TOKEN ${token}`, 'session-cookie-of-bob', NOW).ok).toBe(false);
  });

  it('is refused once expired', () => {
    const token = mintAskToken(COOKIE, NOW);
    const verdict = checkAskToken(`TOKEN ${token}`, COOKIE, NOW + TOKEN_TTL_SECONDS * 1000);
    expect(verdict).toEqual({ok: false, reason: 'The Ask AI token has expired.'});
  });

  it('is refused when its expiry was edited', () => {
    const [, mac] = mintAskToken(COOKIE, NOW).split('.');
    const forged = `${btoa(JSON.stringify({exp: NOW / 1000 + 10 ** 6}))}.${mac}`;
    expect(checkAskToken(`TOKEN ${forged}`, COOKIE, NOW).ok).toBe(false);
  });

  it('is refused when missing or not in the TOKEN scheme', () => {
    const token = mintAskToken(COOKIE, NOW);
    expect(checkAskToken(undefined, COOKIE, NOW).ok).toBe(false);
    expect(checkAskToken(`Bearer ${token}`, COOKIE, NOW).ok).toBe(false);
  });
});
