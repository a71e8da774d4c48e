import type {FastifyInstance, FastifyReply} from 'fastify';
import {REFUSAL_MESSAGES, checkIdentity} from '@studio-handbook/auth/domainRule';
import {SESSION_PATH} from '@studio-handbook/auth/runtimeConfig';
import type {IdentityProvider} from './identityProvider';
import type {SessionVerifier} from './sessionVerifier';
import {
  clearSessionCookies,
  readSessionCookie,
  setSessionCookie,
  type CookiePolicy,
} from './cookie';
import {isSameOrigin} from './origin';
import type {GoogleIdTokenVerifier} from '../hostedDomain/googleIdToken';
import {checkManagedAccount} from '../hostedDomain/managedAccount';

export type SessionRoutesOptions = {
  readonly provider: IdentityProvider;
  readonly verifier: SessionVerifier;
  readonly allowedDomains: readonly string[];
  readonly sessionDays: number;
  readonly cookiePolicy: CookiePolicy;
  /** Google's `hd` check (GOOGLE_HOSTED_DOMAIN_CHECK); null when it is off. */
  readonly googleIdTokens: GoogleIdTokenVerifier | null;
  readonly now?: () => number;
};

/** Firebase's guidance: only mint a session cookie from a sign-in made in the last 5 minutes. */
const MAX_SIGN_IN_AGE_MS = 5 * 60_000;
const BEARER = /^Bearer ([A-Za-z0-9_.-]{1,8192})$/;
const MAX_GOOGLE_TOKEN_LENGTH = 8192;

type SignInBody = {readonly googleIdToken?: string};

/** The optional JSON body of a sign-in, or a reason it is not acceptable. */
function readSignInBody(body: unknown): SignInBody | string {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) return 'The body must be a JSON object.';
  const {googleIdToken} = body as Record<string, unknown>;
  if (googleIdToken === undefined) return {};
  if (
    typeof googleIdToken !== 'string' ||
    googleIdToken === '' ||
    googleIdToken.length > MAX_GOOGLE_TOKEN_LENGTH
  ) {
    return `googleIdToken must be a string of 1 to ${MAX_GOOGLE_TOKEN_LENGTH} characters.`;
  }
  return {googleIdToken};
}

function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').send({status, message});
}

/** The spec's token-sync URL: trade a Firebase ID token for a session cookie, and back. */
export async function sessionRoutes(app: FastifyInstance, options: SessionRoutesOptions) {
  const {provider, verifier, allowedDomains, sessionDays, cookiePolicy, googleIdTokens} = options;
  const now = options.now ?? Date.now;
  const rateLimit = {max: 30, timeWindow: '1 minute'};

  app.get(SESSION_PATH, async (request, reply) => {
    const identity = await verifier.verify(readSessionCookie(request, cookiePolicy));
    if (!identity) return refuse(reply, 401, 'Not signed in.');
    return reply
      .header('cache-control', 'no-store')
      .send({uid: identity.uid, email: identity.email});
  });

  app.post(SESSION_PATH, {config: {rateLimit}}, async (request, reply) => {
    if (!isSameOrigin(request)) return refuse(reply, 403, 'Cross-origin sign-in is refused.');
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return refuse(reply, 401, 'Send the Firebase ID token as a Bearer token.');
    const idToken = match[1];
    const body = readSignInBody(request.body);
    if (typeof body === 'string') return refuse(reply, 400, body);
    let decoded;
    try {
      decoded = await provider.verifyIdToken(idToken);
    } catch {
      return refuse(reply, 401, 'The sign-in token is invalid or expired.');
    }
    const verdict = checkIdentity(
      {
        email: decoded.email,
        emailVerified: decoded.email_verified,
        provider: decoded.firebase.sign_in_provider,
      },
      allowedDomains,
    );
    if (!verdict.allowed) {
      return reply
        .code(403)
        .header('cache-control', 'no-store')
        .send({
          status: 403,
          reason: verdict.reason,
          message: REFUSAL_MESSAGES[verdict.reason],
          email: decoded.email ?? null,
        });
    }
    if (now() - decoded.auth_time * 1000 > MAX_SIGN_IN_AGE_MS) {
      return refuse(reply, 401, 'The sign-in is too old: sign in again.');
    }
    if (googleIdTokens !== null) {
      const managed = await checkManagedAccount(
        body.googleIdToken,
        decoded,
        googleIdTokens,
        allowedDomains,
      );
      if (!managed.allowed) {
        return reply
          .code(managed.status)
          .header('cache-control', 'no-store')
          .send({
            status: managed.status,
            reason: managed.reason,
            message: managed.message,
            email: decoded.email ?? null,
          });
      }
    }
    const maxAgeSeconds = sessionDays * 24 * 60 * 60;
    let cookie: string;
    try {
      cookie = await provider.createSessionCookie(idToken, maxAgeSeconds * 1000);
    } catch {
      return refuse(reply, 401, 'The sign-in token is invalid or expired.');
    }
    setSessionCookie(request, reply, cookie, maxAgeSeconds, cookiePolicy);
    return reply.code(204).header('cache-control', 'no-store').send();
  });

  app.delete(SESSION_PATH, {config: {rateLimit}}, async (request, reply) => {
    if (!isSameOrigin(request)) return refuse(reply, 403, 'Cross-origin sign-out is refused.');
    const identity = await verifier.verify(readSessionCookie(request, cookiePolicy));
    clearSessionCookies(reply);
    if (identity) {
      try {
        await verifier.signOut(identity.uid, readSessionCookie(request, cookiePolicy));
      } catch (error) {
        // The session is already over on this server; Firebase will retry on its next check.
        request.log.error({err: error}, 'could not revoke refresh tokens');
      }
    }
    // The browser drops its HTTP cache of this origin (handbook pages and chunks included).
    return reply
      .code(204)
      .header('cache-control', 'no-store')
      .header('clear-site-data', '"cache"')
      .send();
  });
}
