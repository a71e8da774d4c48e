import {createHmac, timingSafeEqual} from 'node:crypto';

/**
 * The token DocSearch's Ask AI screen fetches before it asks (`POST /__askai/chat/token`) and
 * sends back as `authorization: TOKEN <t>`. Its first dot-separated segment is base64 JSON with
 * `exp` (the modal refreshes it 30 s early); the second is an HMAC of the first keyed with the
 * session cookie itself, so a token is worth nothing outside the session that minted it, and
 * every worker and replica can check it without a shared secret.
 */

export const TOKEN_TTL_SECONDS = 15 * 60;

export function mintAskToken(sessionCookie: string, nowMs: number): string {
  const payload = Buffer.from(
    JSON.stringify({exp: Math.floor(nowMs / 1000) + TOKEN_TTL_SECONDS}),
  ).toString('base64');
  return `${payload}.${signature(sessionCookie, payload)}`;
}

export type TokenVerdict = {ok: true} | {ok: false; reason: string};

export function checkAskToken(
  header: string | undefined,
  sessionCookie: string,
  nowMs: number,
): TokenVerdict {
  const match = /^TOKEN ([A-Za-z0-9+/=]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(header ?? '');
  if (!match) return {ok: false, reason: 'An Ask AI token is required (authorization: TOKEN …).'};
  const [, payload = '', mac = ''] = match;
  const expected = Buffer.from(signature(sessionCookie, payload));
  if (!timingSafeEqual(expected, Buffer.from(mac)))
    return {ok: false, reason: 'This Ask AI token belongs to another session.'};
  let exp: unknown;
  try {
    exp = (JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as {exp?: unknown}).exp;
  } catch {
    return {ok: false, reason: 'The Ask AI token is malformed.'};
  }
  if (typeof exp !== 'number' || exp * 1000 <= nowMs)
    return {ok: false, reason: 'The Ask AI token has expired.'};
  return {ok: true};
}

function signature(sessionCookie: string, payload: string): string {
  return createHmac('sha256', `askai\n${sessionCookie}`).update(payload).digest('base64url');
}
