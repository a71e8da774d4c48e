import type {FastifyReply, FastifyRequest} from 'fastify';

// `__Host-` binds the cookie to this exact origin (Secure, Path=/, no Domain), so a sibling
// subdomain cannot plant or overwrite it. Browsers only accept it over HTTPS.
const SECURE_NAME = '__Host-handbook_session';
const PLAIN_NAME = 'handbook_session';

export type CookiePolicy = {readonly alwaysSecure: boolean};

function isSecure(request: FastifyRequest, policy: CookiePolicy): boolean {
  return policy.alwaysSecure || request.protocol === 'https';
}

/**
 * The session cookie of a request. Where cookies are always Secure (production), only the
 * `__Host-` one counts: a plain-named cookie can be planted by a sibling subdomain with
 * `Domain=` (cookie tossing) to sign the reader in as someone else.
 */
export function sessionCookieFrom(
  cookies: Record<string, string | undefined>,
  policy: CookiePolicy,
): string | undefined {
  const secure = cookies[SECURE_NAME];
  return policy.alwaysSecure ? secure : (secure ?? cookies[PLAIN_NAME]);
}

export function readSessionCookie(
  request: FastifyRequest,
  policy: CookiePolicy,
): string | undefined {
  return sessionCookieFrom(request.cookies, policy);
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  value: string,
  maxAgeSeconds: number,
  policy: CookiePolicy,
): void {
  const secure = isSecure(request, policy);
  reply.setCookie(secure ? SECURE_NAME : PLAIN_NAME, value, {
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: '/',
    maxAge: maxAgeSeconds,
  });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SECURE_NAME, {httpOnly: true, secure: true, sameSite: 'lax', path: '/'});
  reply.clearCookie(PLAIN_NAME, {httpOnly: true, sameSite: 'lax', path: '/'});
}
