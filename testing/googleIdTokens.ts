import {createSign, generateKeyPairSync} from 'node:crypto';

/**
 * A local stand-in for Google's ID token signing keys (Google's real keys cannot be used
 * here): an RSA key pair, its public key published under a key id the way Google's
 * certificate endpoint publishes them, and RS256 tokens shaped like Google's ID tokens.
 */
export type Claims = Record<string, unknown>;

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export type LocalGoogleKeys = {
  /** What Google's certificate endpoint answers: key id → PEM public key. */
  readonly certificates: Record<string, string>;
  sign(claims: Claims, kid?: string): string;
};

export function localGoogleKeys(kid = 'local-google-key-1'): LocalGoogleKeys {
  const {privateKey, publicKey} = generateKeyPairSync('rsa', {modulusLength: 2048});
  return {
    certificates: {[kid]: publicKey.export({type: 'spki', format: 'pem'}).toString()},
    sign(claims, keyId = kid) {
      const head = `${base64url({alg: 'RS256', typ: 'JWT', kid: keyId})}.${base64url(claims)}`;
      const signature = createSign('RSA-SHA256')
        .update(head)
        .sign(privateKey)
        .toString('base64url');
      return `${head}.${signature}`;
    },
  };
}

/** The claims of Google's ID token for a Workspace account, as Google issues them. */
export function googleIdTokenClaims(
  clientId: string,
  sub: string,
  email: string,
  overrides: Claims = {},
): Claims {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: 'https://accounts.google.com',
    azp: clientId,
    aud: clientId,
    sub,
    email,
    email_verified: true,
    hd: email.slice(email.indexOf('@') + 1),
    iat: now - 5,
    exp: now + 3595,
    ...overrides,
  };
}
