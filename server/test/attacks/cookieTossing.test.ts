import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {FastifyInstance} from 'fastify';
import {sessionCookieFrom} from '../../src/session/cookie';
import {HOST, httpsSignIn, testApp} from '../fixtures';

describe('cookie tossing from a sibling subdomain', () => {
  it('reads only the __Host- cookie in production, where cookies are always Secure', () => {
    const production = {alwaysSecure: true};
    expect(sessionCookieFrom({handbook_session: 'planted'}, production)).toBeUndefined();
    expect(
      sessionCookieFrom(
        {handbook_session: 'planted', '__Host-handbook_session': 'own'},
        production,
      ),
    ).toBe('own');
  });

  it('prefers the __Host- cookie in development too', () => {
    const development = {alwaysSecure: false};
    expect(
      sessionCookieFrom(
        {handbook_session: 'planted', '__Host-handbook_session': 'own'},
        development,
      ),
    ).toBe('own');
    expect(sessionCookieFrom({handbook_session: 'plain'}, development)).toBe('plain');
  });

  describe('over HTTPS', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      ({app} = await testApp({TRUST_PROXY: 'true'}));
    });
    afterAll(() => app.close());

    const sessionPair = async (email: string) =>
      (await httpsSignIn(app, email)).split(';')[0] ?? '';

    it("keeps the reader's own session when an attacker's valid session is planted beside it", async () => {
      const own = await sessionPair('victim@studio.example');
      const attackers = (await sessionPair('mallory@studio.example')).replace(
        '__Host-handbook_session=',
        'handbook_session=',
      );
      const response = await app.inject({
        method: 'GET',
        url: '/__session',
        headers: {host: HOST, 'x-forwarded-proto': 'https', cookie: `${attackers}; ${own}`},
      });
      expect(response.json()).toMatchObject({email: 'victim@studio.example'});
    });
  });
});
