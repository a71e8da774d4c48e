import {initializeApp} from 'firebase/app';
import {
  GoogleAuthProvider,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  inMemoryPersistence,
  initializeAuth,
  signInWithCredential,
  signInWithPopup,
  type Auth,
  type User,
} from 'firebase/auth';
import type {RuntimeConfig} from '../src/runtimeConfig';

/**
 * Firebase Authentication for the sign-in page. Persistence is in memory only: the server's
 * session cookie is the one source of truth, so nothing survives in the browser that could
 * sign a user back in after Logout.
 */
export function createAuth(config: RuntimeConfig): Auth {
  const app = initializeApp(config.firebase);
  const auth = initializeAuth(app, {
    persistence: inMemoryPersistence,
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (config.emulatorUrl) {
    connectAuthEmulator(auth, sameSiteEmulatorUrl(config.emulatorUrl), {disableWarnings: true});
  }
  return auth;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost']);

/**
 * The emulator's helper iframe keeps state in sessionStorage, which browsers deny to
 * third-party frames: a page on localhost must reach the emulator as localhost too, not as
 * 127.0.0.1 (another site), and the other way round.
 */
export function sameSiteEmulatorUrl(emulatorUrl: string): string {
  const url = new URL(emulatorUrl);
  if (LOOPBACK.has(url.hostname) && LOOPBACK.has(window.location.hostname)) {
    url.hostname = window.location.hostname;
  }
  return url.origin;
}

/** A Firebase sign-in with Google, and Google's own ID token from it (it carries `hd`). */
export type GoogleSignIn = {readonly user: User; readonly googleIdToken: string | undefined};

export async function signInWithGoogle(auth: Auth): Promise<GoogleSignIn> {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({prompt: 'select_account'});
  const result = await signInWithPopup(auth, provider);
  const googleIdToken = GoogleAuthProvider.credentialFromResult(result)?.idToken;
  return {user: result.user, googleIdToken};
}

/**
 * Emulator only: signs in as a Google account without Google, by handing the emulator an
 * unsigned Google ID token. The emulator accepts it; a real Firebase project never would.
 * The account stands for a Workspace account of its address's domain (`hd`).
 */
export async function signInLocally(auth: Auth, email: string): Promise<GoogleSignIn> {
  const hd = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const googleIdToken = JSON.stringify({sub: `local-${email}`, email, email_verified: true, hd});
  const result = await signInWithCredential(auth, GoogleAuthProvider.credential(googleIdToken));
  return {user: result.user, googleIdToken};
}
