/**
 * What the reader reads when sign-in fails: a sentence about what happened and what to do, for
 * every Firebase Auth error code SPEC.md §8 names, instead of "Firebase: Error (auth/…)". The
 * raw error still goes to the console for whoever debugs it.
 */

type Context = {
  /** The page is connected to the Auth emulator, so "Sign in locally" is on offer. */
  readonly emulator: boolean;
};

const LOCAL_HINT = ' While the emulator is in use, "Sign in locally" below works without it.';

const MESSAGES: Readonly<Record<string, (context: Context) => string>> = {
  'auth/popup-blocked': () =>
    'The browser blocked the Google sign-in window. Allow pop-ups for this site, then press "Login with Google" again.',
  'auth/popup-closed-by-user': () =>
    'The Google sign-in window was closed before sign-in finished. Press "Login with Google" to try again.',
  'auth/cancelled-popup-request': () =>
    'Another Google sign-in window was already open. Finish or close it, then try again.',
  'auth/unauthorized-domain': () =>
    "This site's address is not authorised for Google sign-in. Ask the handbook's operators to add it to the Firebase project's authorised domains.",
  'auth/network-request-failed': ({emulator}) =>
    `Google sign-in could not reach its servers. Check your network connection and try again.${emulator ? LOCAL_HINT : ''}`,
  'auth/internal-error': ({emulator}) =>
    `Google sign-in could not start: its script did not load, which usually means this computer is offline or a blocker stopped it.${emulator ? LOCAL_HINT : ''}`,
  'auth/web-storage-unsupported': () =>
    'This browser blocks the storage Google sign-in needs. Allow cookies and site data for this site, or use another browser.',
  'auth/invalid-api-key': () =>
    "The handbook's sign-in is misconfigured (invalid Firebase API key). Tell the handbook's operators.",
  'auth/argument-error': () => 'Sign-in could not start. Reload the page and try again.',
  'auth/missing-multi-factor-info': () =>
    'Your account needs a second sign-in step this page cannot complete. Contact IT.',
};

export function signInErrorMessage(error: unknown, context: Context): string {
  const code =
    typeof error === 'object' && error !== null && 'code' in error
      ? String((error as {code: unknown}).code)
      : '';
  const message = MESSAGES[code];
  if (message) return message(context);
  const detail = error instanceof Error ? error.message : String(error);
  return `Sign-in failed: ${detail}${context.emulator ? LOCAL_HINT : ''}`;
}
