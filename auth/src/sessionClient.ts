import {EARLY_SESSION_GLOBAL} from './earlySessionCheck';
import {SESSION_PATH} from './runtimeConfig';

type EarlyWindow = {[EARLY_SESSION_GLOBAL]?: Promise<Response>};

/** The check the page's <head> started (see earlySessionCheck.ts), used once. */
function takeEarlyCheck(): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const early = (window as EarlyWindow)[EARLY_SESSION_GLOBAL];
  (window as EarlyWindow)[EARLY_SESSION_GLOBAL] = undefined;
  return early;
}

/** The identity the server answers at `GET /__session`. */
export type SessionIdentity = {readonly email: string; readonly uid: string};

export type SessionRefusal = {readonly status: number; readonly message: string};

/** Asks the server who is signed in: the session cookie, not the browser, is the truth. */
export async function fetchSession(): Promise<SessionIdentity | null> {
  const response = await (takeEarlyCheck() ??
    fetch(SESSION_PATH, {credentials: 'same-origin', cache: 'no-store'}));
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`Could not check the session (HTTP ${response.status}).`);
  return (await response.json()) as SessionIdentity;
}

/**
 * Trades a Firebase ID token for a session cookie; resolves to the refusal, if any. Google's
 * own ID token from the popup goes along, for the server's check of the account's Workspace
 * domain (`hd`).
 */
export async function startSession(
  idToken: string,
  googleIdToken: string | undefined,
): Promise<SessionRefusal | null> {
  const response = await fetch(SESSION_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json'},
    body: JSON.stringify(googleIdToken === undefined ? {} : {googleIdToken}),
  });
  if (response.ok) return null;
  const body = (await response.json().catch(() => ({}))) as {message?: unknown};
  const message =
    typeof body.message === 'string' ? body.message : `Sign-in failed (HTTP ${response.status}).`;
  return {status: response.status, message};
}

/** Ends the session on the server (cookie cleared, refresh tokens revoked). */
export async function endSession(): Promise<void> {
  await fetch(SESSION_PATH, {method: 'DELETE', credentials: 'same-origin'});
}
