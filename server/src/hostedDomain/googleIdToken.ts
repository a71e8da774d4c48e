/**
 * Google's own ID token from the sign-in popup, as far as the gate needs it: who the Google
 * account is (`sub`) and which Workspace domain manages it (`hd`; absent for a consumer
 * account, even one created with a company address).
 */
export type GoogleIdClaims = {readonly sub: string; readonly hd: string | null};

/**
 * Checks that a Google ID token is genuine and current and returns its claims; throws when it
 * is not. Two implementations: `signedGoogleIdTokens` (Google's signature, issuer, audience,
 * expiry) and, while the Auth emulator is configured, `emulatorGoogleIdTokens`.
 */
export type GoogleIdTokenVerifier = (token: string) => Promise<GoogleIdClaims>;

export function claimsOf(payload: Record<string, unknown> | undefined): GoogleIdClaims {
  const sub = payload?.sub;
  if (typeof sub !== 'string' || sub === '') throw new Error('The Google ID token has no subject.');
  const hd = payload?.hd;
  return {sub, hd: typeof hd === 'string' && hd !== '' ? hd.toLowerCase() : null};
}
