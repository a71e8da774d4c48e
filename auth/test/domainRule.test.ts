import {describe, expect, it} from 'vitest';
import {checkIdentity, parseAllowedDomains, type Identity, type Refusal} from '../src/domainRule';

const allowed = ['studio.example'];
const google = (email: string | null): Identity => ({
  email,
  emailVerified: true,
  provider: 'google.com',
});

// Each row is an attack (or a legitimate case) and the verdict the rule must give.
const cases: [name: string, identity: Identity, expected: true | Refusal][] = [
  ['admits a verified Google account of the company domain', google('alice@studio.example'), true],
  ['admits mixed case by lower-casing the address', google('Alice@Studio.EXAMPLE'), true],
  [
    'refuses a lookalike domain that ends with the company name',
    google('eve@evilstudio.example'),
    'other-domain',
  ],
  [
    'refuses a suffix attack on the company domain',
    google('eve@studio.example.attacker.test'),
    'other-domain',
  ],
  ['refuses a subdomain of the company domain', google('eve@mail.studio.example'), 'other-domain'],
  ['refuses a double @ that hides another domain', google('a@b@studio.example'), 'malformed-email'],
  [
    'refuses a double @ that puts the company domain first',
    google('eve@studio.example@attacker.test'),
    'malformed-email',
  ],
  ['refuses a trailing dot on the domain', google('eve@studio.example.'), 'other-domain'],
  ['refuses leading whitespace', google(' eve@studio.example'), 'malformed-email'],
  ['refuses trailing whitespace', google('eve@studio.example '), 'malformed-email'],
  [
    'refuses a newline inside the address',
    google('eve@attacker.test\n@studio.example'),
    'malformed-email',
  ],
  [
    'refuses a Cyrillic lookalike letter in the domain',
    google('eve@studіo.example'),
    'malformed-email',
  ],
  ['refuses a fullwidth lookalike domain', google('eve@ｓtudio.example'), 'malformed-email'],
  [
    'refuses a Turkish dotted capital I that lower-cases to two code points',
    google('eve@STUDİO.EXAMPLE'),
    'malformed-email',
  ],
  ['refuses an empty local part', google('@studio.example'), 'malformed-email'],
  ['refuses an address without @', google('studio.example'), 'malformed-email'],
  ['refuses an empty address', google(''), 'missing-email'],
  ['refuses a missing address', google(null), 'missing-email'],
  [
    'refuses an unverified company address',
    {email: 'eve@studio.example', emailVerified: false, provider: 'google.com'},
    'unverified-email',
  ],
  [
    'refuses when verification is unknown',
    {email: 'eve@studio.example', emailVerified: undefined, provider: 'google.com'},
    'unverified-email',
  ],
  [
    'refuses a password account with a company address',
    {email: 'eve@studio.example', emailVerified: true, provider: 'password'},
    'wrong-provider',
  ],
  [
    'refuses an anonymous or custom-token sign-in',
    {email: 'eve@studio.example', emailVerified: true, provider: 'custom'},
    'wrong-provider',
  ],
];

describe('the company domain rule', () => {
  it.each(cases)('%s', (_name, identity, expected) => {
    const verdict = checkIdentity(identity, allowed);
    if (expected === true) {
      expect(verdict).toEqual({allowed: true, email: identity.email?.toLowerCase()});
    } else {
      expect(verdict).toEqual({allowed: false, reason: expected});
    }
  });

  it('admits any one of several allowed domains', () => {
    const domains = parseAllowedDomains('studio.example, Partner.Example');
    expect(checkIdentity(google('bob@partner.example'), domains).allowed).toBe(true);
    expect(checkIdentity(google('bob@studio.example'), domains).allowed).toBe(true);
  });
});

describe('parsing ALLOWED_EMAIL_DOMAINS', () => {
  it('lower-cases, trims and de-duplicates the list', () => {
    expect(parseAllowedDomains(' Studio.Example ,studio.example,b.example')).toEqual([
      'studio.example',
      'b.example',
    ]);
  });

  it.each([
    ['an empty list', ''],
    ['only commas', ' , ,'],
    ['an address instead of a domain', 'alice@studio.example'],
    ['a wildcard', '*.studio.example'],
    ['a trailing dot', 'studio.example.'],
    ['a single label', 'localhost'],
    ['a non-ASCII domain', 'studіo.example'],
  ])('rejects %s', (_name, raw) => {
    expect(() => parseAllowedDomains(raw)).toThrow();
  });
});
