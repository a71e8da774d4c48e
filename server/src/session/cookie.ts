import type {FastifyReply, FastifyRequest} from 'fastify';

// `__Host-` binds the cookie to this exact origin (Secure, Path=/, no Domain), so a sibling
// subdomain cannot plant or overwrite it. Browsers only accept it over HTTPS.
const SECURE_NAME = '__Host-handbook_session';
const PLAIN_NAME = 'handbook_session';

export const SESSION_COOKIE_NAMES = [SECURE_NAME, PLAIN_NAME] as const;

export type CookiePolicy = {readonly alwaysSecure: boolean};

function isSecure(request: FastifyRequest, policy: CookiePolicy): boolean {
  return policy.alwaysSecure || request.protocol === 'https';
}

export function readSessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies[SECURE_NAME] ?? request.cookies[PLAIN_NAME];
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
