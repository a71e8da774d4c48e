import {clearHandbookTraces} from '@studio-handbook/auth/browserTraces';
import {endSession} from '@studio-handbook/auth/sessionClient';

/**
 * Logout: the server clears the session cookie, revokes the user's Firebase refresh tokens and
 * asks the browser to drop its HTTP cache (`Clear-Site-Data: "cache"`); the page removes every
 * storage key that holds handbook text (recent searches, Ask AI conversations); then the reload
 * lands on the sign-in page. The sign-in page keeps Firebase state in memory only, so nothing
 * else is left to clear.
 */
export async function signOut(): Promise<void> {
  try {
    await endSession();
  } finally {
    clearHandbookTraces();
    window.location.reload();
  }
}
