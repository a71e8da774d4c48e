/**
 * The one rule that decides who may read the handbook. The gate server enforces it; the
 * browser imports the same module only to choose which screen to show.
 *
 * An identity is admitted when its e-mail address, lower-cased, has exactly one `@`, a
 * non-empty local part and a domain *equal* to one of the allowed domains (never a suffix or
 * prefix match), the address is verified, and the sign-in provider is Google.
 */

export const GOOGLE_PROVIDER = 'google.com';

export type Identity = {
  readonly email: string | null | undefined;
  readonly emailVerified: boolean | null | undefined;
  readonly provider: string | null | undefined;
};

export type Refusal =
  'missing-email' | 'malformed-email' | 'unverified-email' | 'wrong-provider' | 'other-domain';

export type Verdict =
  | {readonly allowed: true; readonly email: string}
  | {readonly allowed: false; readonly reason: Refusal};

export const REFUSAL_MESSAGES: Readonly<Record<Refusal, string>> = {
  'missing-email': 'The account has no e-mail address.',
  'malformed-email': 'The account e-mail address is not a plain address.',
  'unverified-email': 'The account e-mail address is not verified.',
  'wrong-provider': 'Sign in with Google; other sign-in methods are not accepted.',
  'other-domain': 'The account is not a company account.',
};

// Printable ASCII without spaces: Google account addresses never need more, and refusing the
// rest shuts out whitespace tricks and Unicode lookalikes of the company domain.
const PLAIN_ADDRESS = /^[\x21-\x7e]+$/;
// One DNS name: letters, digits and hyphens in dot-separated labels, no trailing dot.
const DOMAIN_NAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** Parses a comma-separated list of domains; throws on an entry that is not a DNS name. */
export function parseAllowedDomains(raw: string): string[] {
  const domains = raw
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  if (domains.length === 0) {
    throw new Error('expected at least one domain, e.g. "studio.example"');
  }
  for (const domain of domains) {
    if (!DOMAIN_NAME.test(domain)) {
      throw new Error(`"${domain}" is not a domain name (expected e.g. "studio.example")`);
    }
  }
  return [...new Set(domains)];
}

/** The address's domain when it is a plain address with exactly one `@`, else undefined. */
export function domainOf(email: string): string | undefined {
  if (!PLAIN_ADDRESS.test(email)) return undefined;
  const parts = email.toLowerCase().split('@');
  if (parts.length !== 2) return undefined;
  const [local, domain] = parts;
  if (!local || !domain) return undefined;
  return domain;
}

export function checkIdentity(identity: Identity, allowedDomains: readonly string[]): Verdict {
  const {email} = identity;
  if (typeof email !== 'string' || email === '') return {allowed: false, reason: 'missing-email'};
  const domain = domainOf(email);
  if (domain === undefined) return {allowed: false, reason: 'malformed-email'};
  if (!allowedDomains.includes(domain)) return {allowed: false, reason: 'other-domain'};
  if (identity.emailVerified !== true) return {allowed: false, reason: 'unverified-email'};
  if (identity.provider !== GOOGLE_PROVIDER) return {allowed: false, reason: 'wrong-provider'};
  return {allowed: true, email: email.toLowerCase()};
}
