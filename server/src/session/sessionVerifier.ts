import {createHash} from 'node:crypto';
import {LRUCache} from 'lru-cache';
import {checkIdentity} from '@studio-handbook/auth/domainRule';
import type {DecodedIdToken} from 'firebase-admin/auth';
import type {IdentityProvider} from './identityProvider';

/** Firebase's answers for a session that was valid and has been ended (for the metrics). */
const REVOKED_CODES = new Set(['auth/session-cookie-revoked', 'auth/user-disabled']);

export type SessionIdentity = {readonly uid: string; readonly email: string};

export type SessionVerifierOptions = {
  readonly provider: IdentityProvider;
  readonly allowedDomains: readonly string[];
  /** How long a verified cookie is trusted before revocation is checked again (default 60 s). */
  readonly revocationCheckMs?: number;
  readonly maxCachedSessions?: number;
  readonly now?: () => number;
  /** Told the outcome of every check made with Firebase (metrics); cache hits are not checks. */
  readonly onCheck?: (outcome: 'verified' | 'refused' | 'revoked') => void;
  /** Tells the other processes of this server (cluster workers) about a sign-out. */
  readonly publishSignOut?: (signOut: SignOut) => void;
};

/** A sign-out: sessions of `uid` begun before `atSeconds`, and the cookie that signed out. */
export type SignOut = {
  readonly uid: string;
  readonly atSeconds: number;
  /** SHA-256 of the session cookie that signed out (hex), when there was one. */
  readonly cookieDigest?: string;
};

function digestOf(cookie: string): string {
  return createHash('sha256').update(cookie).digest('hex');
}

type CachedSession = SessionIdentity & {
  readonly authTime: number;
  readonly expiresAtMs: number;
  readonly checkedAtMs: number;
  /** SHA-256 of the cookie, computed once when it was verified, for the sign-out check. */
  readonly cookieDigest: string;
};

const MAX_COOKIE_LENGTH = 4096;

/** The identity a decoded Firebase token stands for, when the domain rule admits it. */
export function admittedIdentity(
  decoded: DecodedIdToken,
  allowedDomains: readonly string[],
): SessionIdentity | null {
  const verdict = checkIdentity(
    {
      email: decoded.email,
      emailVerified: decoded.email_verified,
      provider: decoded.firebase.sign_in_provider,
    },
    allowedDomains,
  );
  return verdict.allowed ? {uid: decoded.uid, email: verdict.email} : null;
}

/**
 * Decides whether a session cookie belongs to a company reader. Verified cookies are cached
 * (bounded, keyed by the cookie) so that page and asset requests do not each cost a
 * signature check; revocation is re-checked with Firebase once per `revocationCheckMs`.
 * Signing out on this server takes effect at once, whatever the cache holds.
 */
export class SessionVerifier {
  private readonly cache: LRUCache<string, CachedSession>;
  /** uid → seconds: sessions signed in before this second were ended on this server. */
  private readonly signedOutAt = new LRUCache<string, number>({max: 100_000});
  /** Digests of cookies that signed out here: over even if they began in that same second. */
  private readonly signedOutCookies = new LRUCache<string, true>({max: 100_000});
  private readonly provider: IdentityProvider;
  private readonly allowedDomains: readonly string[];
  private readonly revocationCheckMs: number;
  private readonly now: () => number;
  private readonly publishSignOut: ((signOut: SignOut) => void) | undefined;
  private readonly onCheck: SessionVerifierOptions['onCheck'];
  /** Checks with Firebase under way, by cookie: at most one per session at a time. */
  private readonly checking = new Map<string, Promise<SessionIdentity | null>>();

  constructor(options: SessionVerifierOptions) {
    this.provider = options.provider;
    this.allowedDomains = options.allowedDomains;
    this.revocationCheckMs = options.revocationCheckMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.publishSignOut = options.publishSignOut;
    this.onCheck = options.onCheck;
    this.cache = new LRUCache({max: options.maxCachedSessions ?? 10_000});
  }

  /**
   * The answer the cache alone gives for a cookie, without waiting: the identity while its last
   * check is fresh, null when it signed out here, undefined when only Firebase can tell (not
   * cached, expired, or due for its revocation check). The page hot path serves on an identity
   * and leaves every other case to `verify`. The cache is keyed by the cookie itself, and the
   * sign-out check reads the digest stored with it: no request hashes its cookie again.
   */
  cachedIdentity(cookie: string | undefined): SessionIdentity | null | undefined {
    if (!cookie || cookie.length > MAX_COOKIE_LENGTH) return null;
    const cached = this.cache.get(cookie);
    if (cached === undefined) return undefined;
    if (this.signedOutCookies.size > 0 && this.signedOutCookies.has(cached.cookieDigest)) {
      this.cache.delete(cookie);
      return null;
    }
    const now = this.now();
    if (cached.expiresAtMs <= now || now - cached.checkedAtMs >= this.revocationCheckMs) {
      return undefined;
    }
    return this.isSignedOut(cached.uid, cached.authTime) ? null : cached;
  }

  /**
   * For a cookie whose cached session is due for its revocation check (known here, not
   * expired, not signed out here), that check: started now, or the one already under way.
   * Null in every other case (never seen, expired, fresh, signed out), which only `verify` and
   * the routes decide. The wire front waits on it instead of handing a busy reader's connection
   * to node:http every `revocationCheckMs` (bench/README.md, "The revocation check's minute").
   */
  dueCheck(cookie: string | undefined): Promise<SessionIdentity | null> | null {
    if (!cookie || cookie.length > MAX_COOKIE_LENGTH) return null;
    const cached = this.cache.peek(cookie);
    if (cached === undefined) return null;
    const now = this.now();
    if (cached.expiresAtMs <= now || now - cached.checkedAtMs < this.revocationCheckMs) return null;
    if (this.signedOutCookies.size > 0 && this.signedOutCookies.has(cached.cookieDigest))
      return null;
    if (this.isSignedOut(cached.uid, cached.authTime)) return null;
    return this.verify(cookie);
  }

  /**
   * The company identity of a session cookie, or null. Never throws: any doubt is a no.
   * Requests of one session that arrive while its check with Firebase is under way wait for
   * that check rather than start their own: when a busy reader's revocation check falls due,
   * every request in flight would otherwise ask Firebase at once.
   */
  async verify(cookie: string | undefined): Promise<SessionIdentity | null> {
    const known = this.cachedIdentity(cookie);
    if (known !== undefined || !cookie) return known ?? null;
    const cookieDigest = digestOf(cookie);
    if (this.signedOutCookies.has(cookieDigest)) {
      this.cache.delete(cookie);
      return null;
    }
    const underWay = this.checking.get(cookie);
    if (underWay !== undefined) return underWay;
    const check = this.check(cookie, cookieDigest).finally(() => this.checking.delete(cookie));
    this.checking.set(cookie, check);
    return check;
  }

  /** One check of a cookie with Firebase; the cache holds its answer. */
  private async check(cookie: string, cookieDigest: string): Promise<SessionIdentity | null> {
    const key = cookie; // at most 4 KB, and at most maxCachedSessions of them
    const now = this.now();
    try {
      const decoded = await this.provider.verifySessionCookie(cookie, true);
      const identity = admittedIdentity(decoded, this.allowedDomains);
      if (!identity || this.isSignedOut(decoded.uid, decoded.auth_time)) {
        this.onCheck?.(identity ? 'revoked' : 'refused');
        this.cache.delete(key);
        return null;
      }
      // A sign-out of this very cookie while Firebase was answering wins.
      if (this.signedOutCookies.has(cookieDigest)) return null;
      this.onCheck?.('verified');
      this.cache.set(key, {
        ...identity,
        authTime: decoded.auth_time,
        expiresAtMs: decoded.exp * 1000,
        checkedAtMs: now,
        cookieDigest,
      });
      return identity;
    } catch (error) {
      this.onCheck?.(
        REVOKED_CODES.has((error as {code?: unknown}).code as string) ? 'revoked' : 'refused',
      );
      this.cache.delete(key);
      return null;
    }
  }

  /**
   * Ends, on this server and at once, the signing-out cookie and every session of `uid` begun
   * before this second, and revokes the user's Firebase refresh tokens. A sign-in later in the
   * same second stays valid: Firebase's `auth_time` has one-second resolution, and comparing
   * it with `<=` would lock out a reader who signs out and straight back in.
   */
  async signOut(uid: string, cookie?: string): Promise<void> {
    const signOut: SignOut = {
      uid,
      atSeconds: Math.floor(this.now() / 1000),
      ...(cookie ? {cookieDigest: digestOf(cookie)} : {}),
    };
    this.markSignedOut(signOut);
    this.publishSignOut?.(signOut);
    await this.provider.revokeRefreshTokens(uid);
  }

  /** Applies a sign-out made here or in another process of this server. */
  markSignedOut({uid, atSeconds, cookieDigest}: SignOut): void {
    this.signedOutAt.set(uid, Math.max(atSeconds, this.signedOutAt.get(uid) ?? 0));
    if (cookieDigest !== undefined) this.signedOutCookies.set(cookieDigest, true);
  }

  private isSignedOut(uid: string, authTime: number): boolean {
    const signedOut = this.signedOutAt.get(uid);
    return signedOut !== undefined && authTime < signedOut;
  }
}
