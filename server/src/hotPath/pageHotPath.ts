import {fastifyCookie} from '@fastify/cookie';
import {sessionCookieFrom, type CookiePolicy} from '../session/cookie';
import type {SessionVerifier} from '../session/sessionVerifier';
import {chooseVariant, type ChosenResponse} from '../static/preparedResponse';
import type {ResponseTable} from '../static/responseTable';

/** What a plain GET (no body) carries that the page hot path reads. */
export type PageRequest = {
  readonly url: string;
  readonly cookie: string | undefined;
  readonly ifNoneMatch: string | undefined;
  readonly acceptEncoding: string | undefined;
};

/**
 * The prepared response to a plain GET, or null to leave the request to Fastify's routes; and,
 * for a request it left only because its reader's session is due for the revocation check,
 * that check (`SessionVerifier.dueCheck`), after which it may be asked again.
 */
export type PageHotPath = ((request: PageRequest) => ChosenResponse | null) & {
  readonly dueCheck?: (request: PageRequest) => Promise<unknown> | null;
};

export type PageHotPathOptions = {
  readonly table: ResponseTable;
  readonly verifier: SessionVerifier;
  readonly cookiePolicy: CookiePolicy;
};

/**
 * The page hot path: a signed-in reader's GET of a build file, answered before Fastify with
 * one lookup from the URL to its prepared response. It serves only when everything is as
 * plain as a browser's page load: GET, no body (the callers check both), a URL exactly in the
 * table, and a session cookie the session cache already holds as a company reader's, fresh
 * (not due for its revocation check, not signed out). Anything else (no cookie, an unknown or
 * due session, a query, an odd path) is left to Fastify's routes, which decide it as always:
 * deny by default. The table and the cookie are read exactly as those routes read them
 * (`resolveRequest`, @fastify/cookie's parser), so the answer is the one they would give.
 */
export function pageHotPath(options: PageHotPathOptions): PageHotPath {
  const {table, verifier, cookiePolicy} = options;
  const sessionOf = (cookie: string) =>
    sessionCookieFrom(fastifyCookie.parse(cookie), cookiePolicy);
  const decide = ({url, cookie, ifNoneMatch, acceptEncoding}: PageRequest) => {
    const prepared = table.get(url);
    if (prepared === undefined || cookie === undefined) return null;
    const identity = verifier.cachedIdentity(sessionOf(cookie));
    if (!identity) return null;
    return chooseVariant(prepared, ifNoneMatch, acceptEncoding);
  };
  const dueCheck = ({url, cookie}: PageRequest) =>
    table.get(url) === undefined || cookie === undefined
      ? null
      : verifier.dueCheck(sessionOf(cookie));
  return Object.assign(decide, {dueCheck});
}
