import {claimsOf, type GoogleIdTokenVerifier} from './googleIdToken';

/**
 * The Firebase Auth emulator's Google ID tokens: unsigned, either strict JSON claims or a JWT
 * whose signature nobody checks (the emulator accepts both). Used only while
 * FIREBASE_AUTH_EMULATOR_HOST is set, which configuration refuses with NODE_ENV=production.
 */
export function emulatorGoogleIdTokens(): GoogleIdTokenVerifier {
  return async (token) => {
    const json = token.startsWith('{')
      ? token
      : Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8');
    let payload: unknown;
    try {
      payload = JSON.parse(json);
    } catch {
      throw new Error('The emulator Google ID token is neither JSON nor a JWT.');
    }
    if (typeof payload !== 'object' || payload === null) {
      throw new Error('The emulator Google ID token carries no claims.');
    }
    return claimsOf(payload as Record<string, unknown>);
  };
}
