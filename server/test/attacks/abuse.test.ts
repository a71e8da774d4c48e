import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {HOST, ORIGIN, companySession, testApp} from '../fixtures';

let app: FastifyInstance;
let reader: string;

beforeAll(async () => {
  ({app} = await testApp());
  reader = await companySession(app, 'reader@studio.example');
});
afterAll(() => app.close());

const badSignIn = (ip: string) =>
  app.inject({
    method: 'POST',
    url: '/__session',
    remoteAddress: ip,
    headers: {host: HOST, origin: ORIGIN, authorization: 'Bearer not.a.token'},
  });

describe('abuse of /__session', () => {
  it('rate-limits sign-in attempts per client address with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 35; i += 1) statuses.push((await badSignIn('203.0.113.7')).statusCode);
    expect(statuses.slice(0, 29).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another client is not affected.
    expect((await badSignIn('203.0.113.8')).statusCode).toBe(401);
  });

  it('leaves signed-in readers unaffected by a flood of bad sign-ins', async () => {
    const flood = Array.from({length: 300}, (_, i) => badSignIn(`198.51.100.${i % 5}`));
    const reads = Array.from({length: 60}, (_, i) =>
      app.inject({
        method: 'GET',
        url: i % 2 ? '/docs/tools/git' : '/docs/tools/kong',
        remoteAddress: '198.51.100.1',
        headers: {host: HOST, accept: 'text/html', cookie: reader},
      }),
    );
    const [floodResults, readResults] = await Promise.all([Promise.all(flood), Promise.all(reads)]);
    // A simultaneous burst from one address is counted before it is checked, so it may be
    // refused whole: every answer is a 401 or a 429, never content, never a 5xx.
    const floodStatuses = new Set(floodResults.map((response) => response.statusCode));
    expect([...floodStatuses].every((status) => status === 401 || status === 429)).toBe(true);
    expect(floodStatuses.has(429)).toBe(true);
    expect(readResults.every((response) => response.statusCode === 200)).toBe(true);
    const session = await app.inject({
      method: 'GET',
      url: '/__session',
      remoteAddress: '198.51.100.1',
      headers: {host: HOST, cookie: reader},
    });
    expect(session.statusCode).toBe(200);
  });
});
