import {endSession} from '@studio-handbook/auth/sessionClient';

/**
 * Logout: the server clears the session cookie and revokes the user's Firebase refresh tokens
 * (the sign-in page keeps Firebase state in memory only, so nothing else is left to clear),
 * then the reload lands on the sign-in page.
 */
export async function signOut(): Promise<void> {
  try {
    await endSession();
  } finally {
    window.location.reload();
  }
}
