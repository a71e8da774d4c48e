import type {FastifyInstance} from 'fastify';
import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {HOST, companySession, testApp} from './fixtures';

let app: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  ({app} = await testApp());
  cookie = await companySession(app);
});
afterAll(() => app.close());

const URL_PATH =
  '/1/indexes/*/queries?x-algolia-api-key=session-gated&x-algolia-application-id=STUDIOHANDBOOK';

const search = (payload: string, withSession = true) =>
  app.inject({
    method: 'POST',
    url: URL_PATH,
    headers: {host: HOST, 'content-type': 'text/plain', ...(withSession ? {cookie} : {})},
    payload,
  });

const docSearchBody = (query: string) =>
  JSON.stringify({
    requests: [
      {
        query,
        indexName: 'studio-handbook',
        attributesToRetrieve: [
          'hierarchy.lvl0',
          'hierarchy.lvl1',
          'hierarchy.lvl2',
          'content',
          'type',
          'url',
        ],
        attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'content:10'],
        snippetEllipsisText: '…',
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
        hitsPerPage: 20,
        clickAnalytics: false,
        facetFilters: [
          'language:en',
          ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
        ],
      },
    ],
  });

describe('POST /1/indexes/*/queries', () => {
  it('returns 401 without a session, before reading the body', async () => {
    const response = await search(docSearchBody('kong'), false);
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('Kong');
  });

  it('answers the Algolia multi-query shape for a company session', async () => {
    const response = await search(docSearchBody('kong'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const {results} = response.json() as {results: Record<string, unknown>[]};
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      nbHits: expect.any(Number),
      nbPages: expect.any(Number),
      page: 0,
      hitsPerPage: 20,
      query: 'kong',
      index: 'studio-handbook',
      processingTimeMS: expect.any(Number),
    });
    const hits = results[0]?.hits as {
      url: string;
      hierarchy: {lvl0: string};
      _highlightResult: unknown;
      _snippetResult: unknown;
    }[];
    expect(hits[0]?.url).toMatch(/\/docs\/tools\/kong$/);
    expect(hits[0]?.hierarchy.lvl0).toBe('Tools');
  });

  it('answers every request of a multi-query, facet counts included', async () => {
    const params = (query: string, extra: Record<string, string>) =>
      new URLSearchParams({query, ...extra}).toString();
    const response = await search(
      JSON.stringify({
        requests: [
          {
            indexName: 'studio-handbook',
            params: params('deploy', {hitsPerPage: '15', facets: '["docusaurus_tag","language"]'}),
          },
          {
            indexName: 'studio-handbook',
            params: params('deploy', {hitsPerPage: '0', facets: 'language'}),
          },
        ],
      }),
    );
    const {results} = response.json() as {
      results: {
        hits: unknown[];
        hitsPerPage: number;
        facets?: Record<string, Record<string, number>>;
      }[];
    };
    expect(results).toHaveLength(2);
    expect(results[0]?.hits).toHaveLength(15);
    expect(results[0]?.facets?.language?.en).toBeGreaterThan(0);
    expect(results[1]?.hits).toEqual([]);
  });

  it.each([
    ['malformed JSON', '{"requests": ['],
    ['wrong types', JSON.stringify({requests: [{indexName: 'x', hitsPerPage: 'many'}]})],
    [
      'more than 50 requests',
      JSON.stringify({requests: Array.from({length: 51}, () => ({indexName: 'x'}))}),
    ],
    [
      'a query over 512 characters',
      JSON.stringify({requests: [{indexName: 'x', query: 'k'.repeat(513)}]}),
    ],
    [
      'a body over 64 KiB',
      JSON.stringify({requests: [{indexName: 'x', query: 'k', pad: 'x'.repeat(70 * 1024)}]}),
    ],
  ])('returns 400 with an Algolia-style message for %s', async (_name, payload) => {
    const response = await search(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({message: expect.any(String), status: 400});
  });

  it('never answers 5xx to random bodies', async () => {
    const json = fc.jsonValue({maxDepth: 4});
    const requestish = fc.record(
      {
        indexName: fc.oneof(fc.string(), json),
        query: fc.oneof(fc.string({maxLength: 600}), json),
        params: fc.oneof(fc.string(), json),
        hitsPerPage: fc.oneof(fc.integer(), fc.string(), json),
        page: fc.oneof(fc.integer(), json),
        facetFilters: fc.oneof(fc.array(fc.oneof(fc.string(), fc.array(fc.string()))), json),
        attributesToSnippet: fc.oneof(fc.array(fc.string()), json),
        highlightPreTag: fc.oneof(fc.string(), json),
      },
      {requiredKeys: []},
    );
    const bodies = fc.oneof(
      fc.string(),
      json.map((value) => JSON.stringify(value)),
      fc.array(requestish, {maxLength: 60}).map((requests) => JSON.stringify({requests})),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (payload) => {
        const response = await search(payload);
        expect(response.statusCode).toBeLessThan(500);
        expect([200, 400]).toContain(response.statusCode);
      }),
      {numRuns: 300},
    );
  });
});
