import type {DecodedIdToken} from 'firebase-admin/auth';

/**
 * The slice of Firebase Authentication the gate needs. The production implementation is
 * firebase-admin (Google's keys, or the Auth emulator in development); tests use the same one
 * against the real emulator.
 */
export type IdentityProvider = {
  verifyIdToken(idToken: string): Promise<DecodedIdToken>;
  createSessionCookie(idToken: string, expiresInMs: number): Promise<string>;
  verifySessionCookie(cookie: string, checkRevoked: boolean): Promise<DecodedIdToken>;
  revokeRefreshTokens(uid: string): Promise<void>;
};
