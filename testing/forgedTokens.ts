import {createSign, generateKeyPairSync} from 'node:crypto';

/**
 * Hand-made JWTs for attack tests: unsigned (`alg: none`) or signed with a key Google never
 * issued. Claims default to a plausible Firebase ID token for `projectId`.
 */
const base64url = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

export type Claims = Record<string, unknown>;

export function idTokenClaims(projectId: string, overrides: Claims = {}): Claims {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now - 10,
    user_id: 'forged-user',
    sub: 'forged-user',
    iat: now - 10,
    exp: now + 3600,
    email: 'alice@studio.example',
    email_verified: true,
    firebase: {
      identities: {'google.com': ['1'], email: ['alice@studio.example']},
      sign_in_provider: 'google.com',
    },
    ...overrides,
  };
}

export function sessionCookieClaims(projectId: string, overrides: Claims = {}): Claims {
  return idTokenClaims(projectId, {
    iss: `https://session.firebase.google.com/${projectId}`,
    ...overrides,
  });
}

export function unsignedJwt(claims: Claims): string {
  return `${base64url({alg: 'none', typ: 'JWT'})}.${base64url(claims)}.`;
}

const {privateKey} = generateKeyPairSync('rsa', {modulusLength: 2048});

/** RS256 with a `kid` Google never published: valid in shape, unverifiable in fact. */
export function foreignSignedJwt(claims: Claims): string {
  const head = `${base64url({alg: 'RS256', typ: 'JWT', kid: 'not-a-google-key'})}.${base64url(claims)}`;
  const signature = createSign('RSA-SHA256').update(head).sign(privateKey).toString('base64url');
  return `${head}.${signature}`;
}
