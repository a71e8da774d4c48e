import type {IncomingMessage, ServerResponse} from 'node:http';
import {fastifyCookie} from '@fastify/cookie';
import type {RequestObserver} from '../observe/requestObserver';
import {sessionCookieFrom, type CookiePolicy} from '../session/cookie';
import type {SessionVerifier} from '../session/sessionVerifier';
import {chooseVariant} from '../static/preparedResponse';
import type {ResponseTable} from '../static/responseTable';

/** Answers a request and returns true, or returns false and leaves it untouched. */
export type FrontHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  startedMs: number,
) => boolean;

export type PageHotPathOptions = {
  readonly table: ResponseTable;
  readonly verifier: SessionVerifier;
  readonly cookiePolicy: CookiePolicy;
  readonly observe: RequestObserver | null;
};

/**
 * The page hot path: a signed-in reader's GET of a build file, answered before Fastify with
 * one lookup from the URL to its prepared response. It serves only when everything is as
 * plain as a browser's page load: GET, no body, a URL exactly in the table, and a session
 * cookie the session cache already holds as a company reader's, fresh (not due for its
 * revocation check, not signed out). Anything else (no cookie, an unknown or due session,
 * another method, a query, an odd path) is left to Fastify's routes, which decide it as
 * always: deny by default. The table and the cookie are read exactly as those routes read
 * them (`resolveRequest`, @fastify/cookie's parser), so the answer is the one they would give.
 */
export function pageHotPath(options: PageHotPathOptions): FrontHandler {
  const {table, verifier, cookiePolicy, observe} = options;
  return (request, response, startedMs) => {
    if (request.method !== 'GET') return false;
    const url = request.url ?? '';
    const prepared = table.get(url);
    if (prepared === undefined) return false;
    const headers = request.headers;
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) {
      return false;
    }
    const cookieHeader = headers.cookie;
    if (cookieHeader === undefined) return false;
    const identity = verifier.cachedIdentity(
      sessionCookieFrom(fastifyCookie.parse(cookieHeader), cookiePolicy),
    );
    if (!identity) return false;
    const chosen = chooseVariant(prepared, headers['if-none-match'], headers['accept-encoding']);
    response.writeHead(chosen.status, chosen.headers as string[]);
    response.end(chosen.body);
    observe?.({
      method: 'GET',
      url,
      statusCode: chosen.status,
      durationMs: performance.now() - startedMs,
      answeredBy: 'page',
    });
    return true;
  };
}
