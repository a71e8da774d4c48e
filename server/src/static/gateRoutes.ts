import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import type {SessionIdentity, SessionVerifier} from '../session/sessionVerifier';
import {readSessionCookie, type CookiePolicy} from '../session/cookie';
import type {AssetStore} from './assetStore';
import type {SearchEngine} from '@studio-handbook/search/engine';
import {searchRoutes} from '../search/searchRoutes';
import {askAiRoutes} from '../askai/askAiRoutes';
import type {AskAiService} from '../askai/askService';
import {devProxyRoutes} from './devProxy';
import type {PreparedResponse} from './preparedResponse';
import type {Asset} from './assetStore';
import {resolveRequest} from './resolveRequest';
import {assetSender} from './sendAsset';
import {canonicalPath, candidateKeys} from './urlPath';
import type {Insights} from '../insights/createInsights';
import {guardInsightsPage, isInsightsPath, searchRecorder} from '../insights/gateHooks';
import {insightsRoutes} from '../insights/insightsRoutes';

export type GateRoutesOptions = {
  readonly site: AssetStore;
  readonly verifier: SessionVerifier;
  readonly siteHeaders: Readonly<Record<string, string>>;
  readonly engine: SearchEngine;
  readonly askAi: AskAiService;
  readonly cookiePolicy: CookiePolicy;
  /** Each file's responses, prepared once (shared with the page hot path). */
  readonly prepared: (asset: Asset) => PreparedResponse;
  /** Development only: forward signed-in requests to the Docusaurus dev server. */
  readonly devSiteUrl?: string | null;
  /** Answers a request that has no company session (the sign-in page or a bare 401). */
  readonly deny: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  /** Reader insights: recording, the events endpoint, /insights for its viewers. */
  readonly insights: Insights;
  /** Seconds to an Ask AI answer's first text (metrics). */
  readonly onAskAiFirstText?: (seconds: number) => void;
};

declare module 'fastify' {
  interface FastifyRequest {
    identity: SessionIdentity | null;
  }
}

const NOT_FOUND_PAGE = '/404.html';

/**
 * Everything that is not explicitly public is the handbook, and the handbook requires a
 * company session: deny by default, before the path is even looked at.
 */
export async function gateRoutes(app: FastifyInstance, options: GateRoutesOptions) {
  const {
    site,
    verifier,
    siteHeaders,
    deny,
    devSiteUrl,
    engine,
    cookiePolicy,
    askAi,
    insights,
    prepared,
  } = options;

  app.decorateRequest('identity', null);

  app.addHook('onRequest', async (request, reply) => {
    request.identity = await verifier.verify(readSessionCookie(request, cookiePolicy));
    if (!request.identity) return deny(request, reply);
    return undefined;
  });

  await app.register(searchRoutes, {
    engine,
    ...(insights.status === 'off' ? {} : {onSearch: searchRecorder(insights)}),
  });
  await app.register(askAiRoutes, {
    service: askAi,
    cookiePolicy,
    insights,
    ...(options.onAskAiFirstText ? {onFirstText: options.onAskAiFirstText} : {}),
  });
  // A page of this handbook: what page feedback and search clicks may name.
  const isPage = (path: string) => {
    if (devSiteUrl) return true;
    const result = canonicalPath(path);
    return (
      result.ok && candidateKeys(result.path).some((key) => key.endsWith('.html') && site.has(key))
    );
  };
  await app.register(insightsRoutes, {insights, isPage});

  if (devSiteUrl) {
    // The dev server knows nothing of viewers: /insights is refused here, before the proxy.
    app.addHook('preHandler', async (request, reply) => {
      if (!isInsightsPath(request.url.split('?', 1)[0] ?? '')) return undefined;
      return (
        guardInsightsPage(insights, request, reply, () =>
          reply.code(404).send({status: 404, message: 'Not found.'}),
        ) ?? undefined
      );
    });
    await app.register(devProxyRoutes, {upstream: devSiteUrl, verifier, headers: siteHeaders});
    return;
  }

  const sendAsset = assetSender(siteHeaders, prepared);
  // A site has few URLs and readers ask for the same ones: resolve each once.
  const resolved = new Map<string, ReturnType<typeof resolveRequest>>();
  const resolve = (url: string) => {
    let result = resolved.get(url);
    if (!result) {
      result = resolveRequest(site, url);
      if (resolved.size >= 10_000) resolved.clear();
      resolved.set(url, result);
    }
    return result;
  };

  const notFoundPage = (request: FastifyRequest, reply: FastifyReply) => {
    const notFound = site.get(NOT_FOUND_PAGE);
    if (!notFound) return reply.code(404).send({status: 404, message: 'Not found.'});
    return sendAsset(request, reply, notFound, 404);
  };
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    // /insights is for its viewers only: the server refuses everyone else (the page hot path
    // leaves these URLs to this route, see app.ts).
    const canonical = canonicalPath(request.url);
    if (canonical.ok && isInsightsPath(canonical.path)) {
      const guarded = guardInsightsPage(insights, request, reply, () =>
        notFoundPage(request, reply),
      );
      if (guarded !== null) return guarded;
    }
    const result = resolve(request.url);
    switch (result.kind) {
      case 'bad':
        return reply.code(400).send({status: 400, message: result.reason});
      case 'redirect':
        return reply
          .code(301)
          .header('cache-control', 'private, no-cache')
          .redirect(result.location, 301);
      case 'file':
        return sendAsset(request, reply, result.asset);
      case 'missing':
        return notFoundPage(request, reply);
    }
  };

  app.get('/*', serve);
  app.setNotFoundHandler((_request, reply) =>
    reply
      .code(405)
      .header('allow', 'GET, HEAD')
      .send({status: 405, message: 'Method not allowed.'}),
  );
}
