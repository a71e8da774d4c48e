import {readFileSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {companySession, testApp} from '../fixtures';
import {rawRequest} from './rawHttp';

const here = path.dirname(fileURLToPath(import.meta.url));
const payloads = readFileSync(path.join(here, 'open-redirect-payloads.txt'), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'));

let app: FastifyInstance;
let port: number;
let cookie: string;

beforeAll(async () => {
  ({app} = await testApp());
  await app.listen({host: '127.0.0.1', port: 0});
  port = (app.server.address() as AddressInfo).port;
  cookie = await companySession(app);
});
afterAll(() => app.close());

/** A payload as the path of each redirecting route: `.html` and `/index.html` suffixes. */
const targetsOf = (payload: string) => {
  const asPath = payload.startsWith('/') ? payload : `/${payload}`;
  return [
    `${asPath}.html`,
    `${asPath}/index.html`,
    `${asPath}.html?next=${encodeURIComponent(payload)}`,
    asPath,
  ];
};

describe('open redirects', () => {
  it(`holds the corpus of ${payloads.length} payloads`, () => {
    expect(payloads.length).toBeGreaterThan(40);
  });

  it.each(payloads)('never redirects off the site for %s', async (payload) => {
    for (const target of targetsOf(payload)) {
      for (const headers of [{}, {cookie}] as Record<string, string>[]) {
        const response = await rawRequest(
          port,
          target.replace(/[\s]/g, (c) => encodeURIComponent(c)),
          headers,
        );
        expect(response.status, target).toBeLessThan(500);
        const location = response.headers.location;
        if (location === undefined) continue;
        expect(location.startsWith('/'), `${target} → ${location}`).toBe(true);
        expect(/^\/[\\/]/.test(location), `${target} → ${location}`).toBe(false);
        expect(new URL(location, 'http://handbook.test').origin, `${target} → ${location}`).toBe(
          'http://handbook.test',
        );
      }
    }
  });
});
