import type {FastifyInstance, FastifyRequest} from 'fastify';
import type {SearchEngine} from '@studio-handbook/search/engine';
import type {SearchRequest, SearchResult} from '@studio-handbook/search/types';
import {createSuggester} from '@studio-handbook/search/suggestions';
import {parseQueriesBody, WireError} from '@studio-handbook/search/wire';

export const SEARCH_BODY_LIMIT = 64 * 1024;

/**
 * The Algolia multi-query endpoint that DocSearch's modal and the /search page call, answered
 * from the in-process index. Registered inside the gate, so a request without a company
 * session never reaches it. Bad input is a 400 in Algolia's `{message, status}` shape.
 */
export type SearchRoutesOptions = {
  readonly engine: SearchEngine;
  /** Called after each answered request (reader insights); must return at once. */
  readonly onSearch?: (
    request: FastifyRequest,
    searches: readonly {request: SearchRequest; result: SearchResult}[],
  ) => void;
};

export async function searchRoutes(app: FastifyInstance, options: SearchRoutesOptions) {
  const {engine, onSearch} = options;
  const suggest = createSuggester(engine);
  // The lite client sends JSON as text/plain (a "simple" request); accept any content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    {parseAs: 'string', bodyLimit: SEARCH_BODY_LIMIT},
    (_request, body, done) => done(null, body),
  );

  app.setErrorHandler(
    (error: {statusCode?: number; code?: string; message?: string}, request, reply) => {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? 400 : 500;
      if (status === 500) request.log.error({err: error}, 'search failed');
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? `The body must be at most ${SEARCH_BODY_LIMIT} bytes.`
          : status === 400
            ? (error.message ?? 'Invalid request.')
            : 'Internal error.';
      return reply.code(status).header('cache-control', 'no-store').send({message, status});
    },
  );

  app.post('/1/indexes/:indexName/queries', async (request, reply) => {
    let requests;
    try {
      requests = parseQueriesBody(typeof request.body === 'string' ? request.body : '');
    } catch (error) {
      if (error instanceof WireError) {
        return reply
          .code(400)
          .header('cache-control', 'no-store')
          .send({message: error.message, status: 400});
      }
      throw error;
    }
    const results = requests.map((searchRequest) => {
      const result = engine.search(searchRequest);
      // DocSearch's no-results screen offers `suggestions` under "Try searching for" (the
      // modal is patched to read them, scripts/patch-docsearch.mjs); Algolia clients ignore
      // the extra field.
      return result.nbHits === 0 && searchRequest.page === 0
        ? {...result, suggestions: suggest(searchRequest)}
        : result;
    });
    onSearch?.(
      request,
      requests.map((searchRequest, index) => ({
        request: searchRequest,
        result: results[index] as SearchResult,
      })),
    );
    return reply.header('cache-control', 'private, no-store').send({results});
  });
}
