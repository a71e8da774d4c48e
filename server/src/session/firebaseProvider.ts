import {cert, getApps, initializeApp, applicationDefault, type App} from 'firebase-admin/app';
import {getAuth} from 'firebase-admin/auth';
import type {Agent} from 'node:http';
import type {Config} from '../config';
import type {IdentityProvider} from './identityProvider';

/**
 * firebase-admin, configured the usual way: against the emulator when FIREBASE_AUTH_EMULATOR_HOST
 * is set (the SDK reads it from the environment), else with GOOGLE_APPLICATION_CREDENTIALS or the
 * platform's default credentials.
 */
export function createFirebaseProvider(
  config: Config,
  options: {httpAgent?: Agent} = {},
): IdentityProvider {
  if (config.emulatorHost !== null) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.emulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const name = `gate-${config.firebase.projectId}${options.httpAgent ? '-agent' : ''}`;
  const app: App =
    getApps().find((existing) => existing.name === name) ??
    initializeApp(
      {
        projectId: config.firebase.projectId,
        // Where outgoing calls (Google's public keys included) go; tests point it at loopback.
        ...(options.httpAgent ? {httpAgent: options.httpAgent} : {}),
        ...(config.emulatorHost === null ? {credential: credentialFromEnvironment()} : {}),
      },
      name,
    );
  const auth = getAuth(app);
  return {
    verifyIdToken: (idToken) => auth.verifyIdToken(idToken, true),
    createSessionCookie: (idToken, expiresIn) => auth.createSessionCookie(idToken, {expiresIn}),
    verifySessionCookie: (cookie, checkRevoked) => auth.verifySessionCookie(cookie, checkRevoked),
    revokeRefreshTokens: (uid) => auth.revokeRefreshTokens(uid),
  };
}

function credentialFromEnvironment() {
  const file = process.env.GOOGLE_APPLICATION_CREDENTIALS;
  return file ? cert(file) : applicationDefault();
}
