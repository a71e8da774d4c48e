import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadConfig} from '../src/config';
import {createFirebaseProvider} from '../src/session/firebaseProvider';
import type {IdentityProvider} from '../src/session/identityProvider';
import {SessionVerifier} from '../src/session/sessionVerifier';
import {companySession, testApp, testEnv} from './fixtures';

/**
 * The session verifier against the real Auth emulator, through firebase-admin as production
 * uses it; the provider is only wrapped to count the checks it is asked for.
 */
let app: FastifyInstance;
let cookieValue: string;
beforeAll(async () => {
  ({app} = await testApp());
  cookieValue = (await companySession(app)).split('=').slice(1).join('=');
});
afterAll(() => app.close());

function countingVerifier(clock: {now: number}) {
  const real = createFirebaseProvider(loadConfig(testEnv()));
  const checks: boolean[] = [];
  const provider: IdentityProvider = {
    ...real,
    verifySessionCookie: (cookie, checkRevoked) => {
      checks.push(checkRevoked);
      return real.verifySessionCookie(cookie, checkRevoked);
    },
  };
  const verifier = new SessionVerifier({
    provider,
    allowedDomains: ['studio.example'],
    revocationCheckMs: 60_000,
    now: () => clock.now,
  });
  return {verifier, checks};
}

describe('checking a session with Firebase', () => {
  it('asks Firebase once when a reader’s requests arrive together as its revocation check falls due', async () => {
    const clock = {now: Date.now()};
    const {verifier, checks} = countingVerifier(clock);
    expect(await verifier.verify(cookieValue)).toMatchObject({email: 'alice@studio.example'});
    expect(checks).toEqual([true]);
    clock.now += 61_000;
    const answers = await Promise.all(Array.from({length: 40}, () => verifier.verify(cookieValue)));
    expect(answers.every((identity) => identity?.email === 'alice@studio.example')).toBe(true);
    expect(checks).toEqual([true, true]);
    // Once answered, the next request is served from the cache again.
    await verifier.verify(cookieValue);
    expect(checks).toHaveLength(2);
  });

  it('refuses every request that waited on a check when the reader signed out meanwhile', async () => {
    const clock = {now: Date.now()};
    const {verifier} = countingVerifier(clock);
    const identity = await verifier.verify(cookieValue);
    clock.now += 61_000;
    const waiting = Array.from({length: 5}, () => verifier.verify(cookieValue));
    // The reader signs out (on another worker, relayed here) while Firebase is still answering.
    verifier.markSignedOut({
      uid: identity?.uid ?? '',
      atSeconds: Math.floor(clock.now / 1000) + 1,
    });
    expect(await Promise.all(waiting)).toEqual([null, null, null, null, null]);
    expect(await verifier.verify(cookieValue)).toBeNull();
  });

  it('offers the wire front a check to wait on only for a known session due for it', async () => {
    const clock = {now: Date.now()};
    const {verifier, checks} = countingVerifier(clock);
    expect(verifier.dueCheck(cookieValue)).toBeNull(); // never verified here: the routes decide
    expect(verifier.dueCheck(undefined)).toBeNull();
    const identity = await verifier.verify(cookieValue);
    expect(verifier.dueCheck(cookieValue)).toBeNull(); // fresh
    clock.now += 61_000;
    const first = verifier.dueCheck(cookieValue);
    const second = verifier.dueCheck(cookieValue);
    expect(second).not.toBeNull();
    expect(await first).toMatchObject({email: 'alice@studio.example'});
    expect(await second).toMatchObject({email: 'alice@studio.example'});
    expect(checks).toEqual([true, true]); // both waited on the one check under way
    expect(verifier.dueCheck(cookieValue)).toBeNull(); // fresh again
    clock.now += 61_000;
    verifier.markSignedOut({uid: identity?.uid ?? '', atSeconds: Math.floor(clock.now / 1000) + 1});
    expect(verifier.dueCheck(cookieValue)).toBeNull(); // signed out here: nothing to wait for
    expect(checks).toHaveLength(2);
  });
});
