import type {Hierarchy, SearchRecord, SearchRequest} from '../src/types';

let counter = 0;

/** A record for ranking fixtures: a heading when `content` is absent. */
export function record(
  url: string,
  levels: Partial<Hierarchy>,
  content: string | null = null,
  extra: Partial<SearchRecord> = {},
): SearchRecord {
  const hierarchy: Hierarchy = {
    lvl0: 'Docs',
    lvl1: null,
    lvl2: null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
    ...levels,
  };
  const deepest =
    (['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2', 'lvl1'] as const).find(
      (level) => hierarchy[level] !== null,
    ) ?? 'lvl1';
  counter += 1;
  return {
    objectID: `r${counter}`,
    url,
    type: content === null ? deepest : 'content',
    hierarchy,
    content,
    language: 'en',
    docusaurus_tag: 'docs-default-current',
    // The indexer reads the kind from the page's markup; fixtures name it by their URL.
    kind: /\/category\//.test(url) ? 'category' : /\/blog\/\d{4}\//.test(url) ? 'blog' : 'doc',
    position: counter,
    ...extra,
  };
}

export function request(query: string, overrides: Partial<SearchRequest> = {}): SearchRequest {
  return {
    indexName: 'handbook',
    query,
    hitsPerPage: 20,
    page: 0,
    facetFilters: [],
    facets: [],
    attributesToRetrieve: null,
    attributesToSnippet: ['content:10'],
    attributesToHighlight: null,
    snippetEllipsisText: '…',
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
    clickAnalytics: false,
    ...overrides,
  };
}
