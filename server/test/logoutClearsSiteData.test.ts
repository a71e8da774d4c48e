import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {HOST, ORIGIN, companySession, testApp} from './fixtures';

let app: FastifyInstance;
beforeAll(async () => {
  ({app} = await testApp());
});
afterAll(() => app.close());

describe('Logout', () => {
  it('asks the browser to drop its cache of the handbook (Clear-Site-Data)', async () => {
    const cookie = await companySession(app);
    const response = await app.inject({
      method: 'DELETE',
      url: '/__session',
      headers: {host: HOST, origin: ORIGIN, cookie},
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['clear-site-data']).toBe('"cache"');
  });
});
