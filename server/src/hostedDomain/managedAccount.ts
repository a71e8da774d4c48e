import type {DecodedIdToken} from 'firebase-admin/auth';
import {GOOGLE_PROVIDER} from '@studio-handbook/auth/domainRule';
import type {GoogleIdTokenVerifier} from './googleIdToken';

export type ManagedAccountRefusal =
  'missing-google-token' | 'invalid-google-token' | 'google-account-mismatch' | 'unmanaged-account';

export type ManagedAccountVerdict =
  | {readonly allowed: true}
  | {
      readonly allowed: false;
      readonly status: 401 | 403;
      readonly reason: ManagedAccountRefusal;
      readonly message: string;
    };

export const MANAGED_ACCOUNT_MESSAGES: Readonly<Record<ManagedAccountRefusal, string>> = {
  'missing-google-token':
    "Send Google's ID token from the sign-in popup as googleIdToken in the JSON body.",
  'invalid-google-token': 'The Google sign-in token is invalid or expired: sign in again.',
  'google-account-mismatch': 'The Google sign-in token belongs to another Google account.',
  'unmanaged-account':
    "The account is not managed by the company's Google Workspace: sign in with your work account.",
};

function refuse(status: 401 | 403, reason: ManagedAccountRefusal): ManagedAccountVerdict {
  return {allowed: false, status, reason, message: MANAGED_ACCOUNT_MESSAGES[reason]};
}

/**
 * Google's guidance for "company accounts only": the `hd` claim of Google's own ID token names
 * the Workspace domain that manages the account. The e-mail domain alone would also admit a
 * consumer Google account created with a company address. The Google token must be genuine,
 * belong to the same Google account as the Firebase sign-in, and carry an allowed `hd`.
 */
export async function checkManagedAccount(
  googleIdToken: string | undefined,
  firebaseToken: DecodedIdToken,
  verify: GoogleIdTokenVerifier,
  allowedDomains: readonly string[],
): Promise<ManagedAccountVerdict> {
  if (googleIdToken === undefined) return refuse(401, 'missing-google-token');
  let claims;
  try {
    claims = await verify(googleIdToken);
  } catch {
    return refuse(401, 'invalid-google-token');
  }
  const googleIdentities = firebaseToken.firebase.identities[GOOGLE_PROVIDER] as unknown;
  if (!Array.isArray(googleIdentities) || !googleIdentities.includes(claims.sub)) {
    return refuse(401, 'google-account-mismatch');
  }
  if (claims.hd === null || !allowedDomains.includes(claims.hd)) {
    return refuse(403, 'unmanaged-account');
  }
  return {allowed: true};
}
