import {OAuth2Client, type Certificates} from 'google-auth-library';
import {claimsOf, type GoogleIdTokenVerifier} from './googleIdToken';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export type SignedGoogleIdTokensOptions = {
  /** The web client id of the Firebase project's Google provider: the token's audience. */
  readonly clientId: string;
  /**
   * Google's public keys by key id. By default Google's published certificates, fetched and
   * cached by google-auth-library; tests pass keys of their own so nothing leaves the machine.
   */
  readonly certificates?: () => Promise<Certificates>;
};

/**
 * Google ID tokens checked the way Google's library checks them: the signature against
 * Google's keys, the issuer, the audience, issue and expiry times (5 minutes of clock skew).
 */
export function signedGoogleIdTokens(options: SignedGoogleIdTokensOptions): GoogleIdTokenVerifier {
  const client = new OAuth2Client();
  const certificates =
    options.certificates ?? (async () => (await client.getFederatedSignonCertsAsync()).certs);
  return async (token) => {
    const ticket = await client.verifySignedJwtWithCertsAsync(
      token,
      await certificates(),
      options.clientId,
      GOOGLE_ISSUERS,
    );
    return claimsOf(ticket.getPayload() as Record<string, unknown> | undefined);
  };
}
