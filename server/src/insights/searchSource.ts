import type {SearchRequest, SearchResult} from '@studio-handbook/search/types';
import type {SearchSource} from './events';

/**
 * Which client searched, from the Algolia agent string every Algolia client sends (a query
 * parameter, or a header): DocSearch's modal adds `docsearch`, the /search page's
 * algoliasearch-helper adds `JS Helper`.
 */
export function searchSource(agent: unknown): SearchSource {
  const text = typeof agent === 'string' ? agent : '';
  if (text.includes('JS Helper')) return 'page';
  if (/docsearch/i.test(text)) return 'modal';
  return 'other';
}

/**
 * The one search of a multi-query request that a reader made: the first request with a query
 * and hits asked for on its first page. The /search page's helper adds requests for facet
 * counts (no hits) and asks for later pages of the same query; neither is a new search.
 */
export function readersSearch(
  pairs: readonly {request: SearchRequest; result: SearchResult}[],
): {request: SearchRequest; result: SearchResult} | null {
  return (
    pairs.find(
      ({request}) => request.query.trim() !== '' && request.page === 0 && request.hitsPerPage > 0,
    ) ?? null
  );
}
