import type {Auth} from 'firebase-admin/auth';

export type AccessChange = 'revoke' | 'enable';

export type AccessChanged = {
  readonly uid: string;
  readonly email: string;
  /** When Firebase stopped accepting the user's earlier tokens (revoke only). */
  readonly tokensValidAfter: string | null;
};

export class UnknownAccountError extends Error {
  override name = 'UnknownAccountError';
}

function errorCode(error: unknown): string | undefined {
  const code = (error as {code?: unknown} | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * An operator's switch for one account in Firebase Authentication, the state every gate
 * worker and replica re-checks: `revoke` disables the user and revokes its refresh tokens
 * (no new sign-in, and every session cookie fails its next revocation check); `enable` lets
 * the user sign in again (sessions ended by the revocation stay ended).
 */
export async function changeAccountAccess(
  auth: Auth,
  email: string,
  change: AccessChange,
): Promise<AccessChanged> {
  let uid: string;
  try {
    uid = (await auth.getUserByEmail(email)).uid;
  } catch (error) {
    if (errorCode(error) === 'auth/user-not-found') {
      throw new UnknownAccountError(`No account has the address ${email}.`);
    }
    throw error;
  }
  if (change === 'enable') {
    await auth.updateUser(uid, {disabled: false});
    return {uid, email, tokensValidAfter: null};
  }
  await auth.updateUser(uid, {disabled: true});
  await auth.revokeRefreshTokens(uid);
  const user = await auth.getUser(uid);
  return {uid, email, tokensValidAfter: user.tokensValidAfterTime ?? null};
}
