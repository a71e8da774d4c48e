import type {SearchEngine} from '@studio-handbook/search/engine';
import {createSuggester} from '@studio-handbook/search/suggestions';
import type {SearchRequest} from '@studio-handbook/search/types';

export type NearestPage = {readonly url: string; readonly title: string};

function request(query: string): SearchRequest {
  return {
    indexName: 'insights',
    query,
    hitsPerPage: 1,
    page: 0,
    facetFilters: [],
    facets: [],
    attributesToRetrieve: ['url', 'hierarchy.lvl1', 'hierarchy.lvl2'],
    attributesToSnippet: [],
    attributesToHighlight: [],
    snippetEllipsisText: '…',
    highlightPreTag: '',
    highlightPostTag: '',
    clickAnalytics: false,
  };
}

/**
 * Where the handbook comes nearest to a search that found nothing: the first hit of the query
 * the modal's "Try searching for" offers first (search/src/suggestions.ts). Computed when the
 * report is read, so it follows the handbook as pages are added.
 */
export function nearestPageFinder(engine: SearchEngine): (text: string) => NearestPage | null {
  const suggest = createSuggester(engine);
  return (text) => {
    let result = engine.search(request(text));
    if (result.nbHits === 0) {
      const [suggestion] = suggest(request(text));
      if (suggestion === undefined) return null;
      result = engine.search(request(suggestion));
    }
    const hit = result.hits[0];
    if (!hit?.url) return null;
    const url = new URL(hit.url, 'http://handbook.invalid');
    const {lvl1, lvl2} = hit.hierarchy ?? {};
    return {
      url: `${url.pathname}${url.hash}`,
      title: [lvl1, lvl2].filter((part) => typeof part === 'string' && part !== '').join(' › '),
    };
  };
}
