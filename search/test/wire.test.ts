import {describe, expect, it} from 'vitest';
import {parseQueriesBody, WireError} from '../src/wire';

const body = (requests: unknown) => JSON.stringify({requests});

describe('the Algolia multi-query wire format', () => {
  it('reads the fields DocSearch sends, with defaults for the rest', () => {
    const [parsed] = parseQueriesBody(
      body([
        {
          indexName: 'handbook',
          query: 'kong',
          attributesToRetrieve: ['hierarchy.lvl0', 'content', 'url'],
          attributesToSnippet: ['content:10'],
          snippetEllipsisText: '…',
          highlightPreTag: '<mark>',
          highlightPostTag: '</mark>',
          hitsPerPage: 20,
          clickAnalytics: true,
          facetFilters: [
            'language:en',
            ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
          ],
        },
      ]),
    );
    expect(parsed).toEqual({
      indexName: 'handbook',
      query: 'kong',
      hitsPerPage: 20,
      page: 0,
      facetFilters: [
        ['language:en'],
        ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
      ],
      facets: [],
      attributesToRetrieve: ['hierarchy.lvl0', 'content', 'url'],
      attributesToSnippet: ['content:10'],
      attributesToHighlight: null,
      snippetEllipsisText: '…',
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      clickAnalytics: true,
    });
  });

  it('reads URL-encoded params as algoliasearch-helper sends them', () => {
    const params = new URLSearchParams({
      query: 'deploy',
      hitsPerPage: '15',
      page: '2',
      facets: JSON.stringify(['docusaurus_tag', 'language']),
      facetFilters: JSON.stringify([['language:en'], ['docusaurus_tag:default']]),
      clickAnalytics: 'false',
    }).toString();
    const [parsed] = parseQueriesBody(body([{indexName: 'handbook', params}]));
    expect(parsed).toMatchObject({
      query: 'deploy',
      hitsPerPage: 15,
      page: 2,
      facets: ['docusaurus_tag', 'language'],
      facetFilters: [['language:en'], ['docusaurus_tag:default']],
    });
  });

  it('uses Algolia defaults: 20 hits per page, <em> tags', () => {
    const [parsed] = parseQueriesBody(body([{indexName: 'handbook'}]));
    expect(parsed).toMatchObject({
      query: '',
      hitsPerPage: 20,
      highlightPreTag: '<em>',
      highlightPostTag: '</em>',
    });
  });

  it.each([
    ['malformed JSON', '{"requests": [', 'Invalid JSON body.'],
    ['no requests', body([]), 'requests must not be empty'],
    [
      'more than 50 requests',
      body(Array.from({length: 51}, () => ({indexName: 'x'}))),
      'at most 50 requests',
    ],
    ['a missing indexName', body([{query: 'x'}]), 'requests.0.indexName'],
    [
      'a query over 512 characters',
      body([{indexName: 'x', query: 'a'.repeat(513)}]),
      'query must be at most 512 characters',
    ],
    ['a query of the wrong type', body([{indexName: 'x', query: 42}]), 'requests.0.query'],
    ['a negative page', body([{indexName: 'x', page: -1}]), 'requests.0.page'],
    [
      'too many hits per page',
      body([{indexName: 'x', hitsPerPage: 5000}]),
      'requests.0.hitsPerPage',
    ],
    [
      'facetFilters that are not JSON',
      body([{indexName: 'x', params: 'facetFilters=%5B'}]),
      'requests.0.facetFilters: facetFilters must be an array of filters, or its JSON',
    ],
  ])('refuses %s with a clear message', (_name, raw, message) => {
    expect(() => parseQueriesBody(raw)).toThrow(WireError);
    expect(() => parseQueriesBody(raw)).toThrow(message);
  });
});
