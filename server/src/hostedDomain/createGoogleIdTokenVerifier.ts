import type {Config} from '../config';
import {emulatorGoogleIdTokens} from './emulatorGoogleIdTokens';
import type {GoogleIdTokenVerifier} from './googleIdToken';
import {signedGoogleIdTokens} from './signedGoogleIdTokens';

/**
 * The verifier configuration asks for: none while GOOGLE_HOSTED_DOMAIN_CHECK is off, the
 * emulator's unsigned tokens while the Auth emulator is configured, Google's signed tokens
 * (audience GOOGLE_OAUTH_CLIENT_ID) otherwise.
 */
export function createGoogleIdTokenVerifier(config: Config): GoogleIdTokenVerifier | null {
  const {enabled, clientId} = config.hostedDomainCheck;
  if (!enabled) return null;
  if (config.emulatorHost !== null) return emulatorGoogleIdTokens();
  if (clientId === null) throw new Error('GOOGLE_OAUTH_CLIENT_ID is required for the hd check.');
  return signedGoogleIdTokens({clientId});
}
