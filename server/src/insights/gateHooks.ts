import type {FastifyReply, FastifyRequest} from 'fastify';
import type {SearchRequest, SearchResult} from '@studio-handbook/search/types';
import type {Insights} from './createInsights';
import {FORBIDDEN_PAGE} from './forbiddenPage';
import {FORBIDDEN_MESSAGE} from './insightsRoutes';
import {readersSearch, searchSource} from './searchSource';

/** The insights page and what lies under it (its page facts): for INSIGHTS_VIEWERS only. */
export function isInsightsPath(path: string): boolean {
  return path === '/insights' || path.startsWith('/insights/');
}

/**
 * The search endpoint's hook: records the reader's search (settled, see searchSettling.ts)
 * with its hit count, the client it came from and the query id a click will name.
 */
export function searchRecorder(insights: Insights) {
  return (
    request: FastifyRequest,
    searches: readonly {request: SearchRequest; result: SearchResult}[],
  ): void => {
    const search = readersSearch(searches);
    if (search === null) return;
    const agent =
      (request.query as Record<string, unknown> | undefined)?.['x-algolia-agent'] ??
      request.headers['x-algolia-agent'];
    insights.recordSearch(request.identity, {
      query: search.request.query,
      hits: search.result.nbHits,
      source: searchSource(agent),
      queryId: search.result.queryID ?? null,
    });
  };
}

/**
 * Before the gate serves a path under /insights: a reader who is not a viewer gets a 403 (a
 * page saying why, for a navigation), not the page; with insights off, the path is unknown.
 * Returns the reply when it answered, null to let the gate serve the path.
 */
export function guardInsightsPage(
  insights: Insights,
  request: FastifyRequest,
  reply: FastifyReply,
  notFound: () => FastifyReply | Promise<FastifyReply>,
): FastifyReply | Promise<FastifyReply> | null {
  if (insights.status === 'off') return notFound();
  if (insights.canView(request.identity)) return null;
  reply.code(403).header('cache-control', 'no-store');
  const dest = request.headers['sec-fetch-dest'];
  const navigation =
    typeof dest === 'string'
      ? dest === 'document'
      : (request.headers.accept ?? '').includes('text/html');
  return navigation
    ? reply.type('text/html; charset=utf-8').send(FORBIDDEN_PAGE)
    : reply.send({status: 403, message: FORBIDDEN_MESSAGE});
}
