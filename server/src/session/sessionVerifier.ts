import {LRUCache} from 'lru-cache';
import {checkIdentity} from '@studio-handbook/auth/domainRule';
import type {DecodedIdToken} from 'firebase-admin/auth';
import type {IdentityProvider} from './identityProvider';

export type SessionIdentity = {readonly uid: string; readonly email: string};

export type SessionVerifierOptions = {
  readonly provider: IdentityProvider;
  readonly allowedDomains: readonly string[];
  /** How long a verified cookie is trusted before revocation is checked again. */
  readonly revocationCheckMs?: number;
  readonly maxCachedSessions?: number;
  readonly now?: () => number;
  /** Tells the other processes of this server (cluster workers) about a sign-out. */
  readonly publishSignOut?: (uid: string, atSeconds: number) => void;
};

type CachedSession = SessionIdentity & {
  readonly authTime: number;
  readonly expiresAtMs: number;
  readonly checkedAtMs: number;
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
  /** uid → seconds: sessions signed in before this moment were ended on this server. */
  private readonly signedOutAt = new LRUCache<string, number>({max: 100_000});
  private readonly provider: IdentityProvider;
  private readonly allowedDomains: readonly string[];
  private readonly revocationCheckMs: number;
  private readonly now: () => number;
  private readonly publishSignOut: ((uid: string, atSeconds: number) => void) | undefined;

  constructor(options: SessionVerifierOptions) {
    this.provider = options.provider;
    this.allowedDomains = options.allowedDomains;
    this.revocationCheckMs = options.revocationCheckMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
    this.publishSignOut = options.publishSignOut;
    this.cache = new LRUCache({max: options.maxCachedSessions ?? 10_000});
  }

  /** The company identity of a session cookie, or null. Never throws: any doubt is a no. */
  async verify(cookie: string | undefined): Promise<SessionIdentity | null> {
    if (!cookie || cookie.length > MAX_COOKIE_LENGTH) return null;
    const key = cookie; // at most 4 KB, and at most maxCachedSessions of them
    const now = this.now();
    const cached = this.cache.get(key);
    if (cached && cached.expiresAtMs > now && now - cached.checkedAtMs < this.revocationCheckMs) {
      return this.isSignedOut(cached.uid, cached.authTime) ? null : cached;
    }
    try {
      const decoded = await this.provider.verifySessionCookie(cookie, true);
      const identity = admittedIdentity(decoded, this.allowedDomains);
      if (!identity || this.isSignedOut(decoded.uid, decoded.auth_time)) {
        this.cache.delete(key);
        return null;
      }
      this.cache.set(key, {
        ...identity,
        authTime: decoded.auth_time,
        expiresAtMs: decoded.exp * 1000,
        checkedAtMs: now,
      });
      return identity;
    } catch {
      this.cache.delete(key);
      return null;
    }
  }

  /** Ends every session of `uid` on this server now, and revokes its Firebase refresh tokens. */
  async signOut(uid: string): Promise<void> {
    const atSeconds = Math.floor(this.now() / 1000);
    this.markSignedOut(uid, atSeconds);
    this.publishSignOut?.(uid, atSeconds);
    await this.provider.revokeRefreshTokens(uid);
  }

  /** A session signed in no later than the user's last sign-out here is over. */
  /** Applies a sign-out made here or in another process of this server. */
  markSignedOut(uid: string, atSeconds: number): void {
    this.signedOutAt.set(uid, Math.max(atSeconds, this.signedOutAt.get(uid) ?? 0));
  }

  private isSignedOut(uid: string, authTime: number): boolean {
    const signedOut = this.signedOutAt.get(uid);
    return signedOut !== undefined && authTime <= signedOut;
  }
}
