import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {pino} from 'pino';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type {RuntimeConfig} from '@studio-handbook/auth/runtimeConfig';
import type {Config} from './config';
import {
  BASE_HEADERS,
  SIGN_IN_OPENER_POLICY,
  SITE_OPENER_POLICY,
  inlineScriptHashes,
  signInContentSecurityPolicy,
  siteContentSecurityPolicy,
} from './security/headers';
import type {IdentityProvider} from './session/identityProvider';
import {SessionVerifier} from './session/sessionVerifier';
import type {SignOutRelay} from './session/signOutRelay';
import {sessionRoutes} from './session/sessionRoutes';
import {renderSignInPage} from './signin/signInPage';
import {loadAssetStore, type AssetStore} from './static/assetStore';
import {SearchEngine} from '@studio-handbook/search/engine';
import {readIndexFile} from '@studio-handbook/search/indexFile';
import {gateRoutes} from './static/gateRoutes';
import type {AskAiEventSink, AskAiService} from './askai/askService';
import {createAskAi} from './askai/createAskAi';
import type {Answerer} from './askai/types';
import {assetSender} from './static/sendAsset';
import type {GoogleIdTokenVerifier} from './hostedDomain/googleIdToken';
import {createGoogleIdTokenVerifier} from './hostedDomain/createGoogleIdTokenVerifier';
import {Insights} from './insights/createInsights';
import {isInsightsPath} from './insights/gateHooks';
import {nearestPageFinder} from './insights/nearestPage';
import {readPageFacts} from './insights/pageFacts';
import {gateMetrics, routeClass} from './metrics/gateMetrics';
import {metricsRoutes} from './metrics/metricsRoutes';
import {gateServerFactory, type FrontDoor} from './hotPath/gateServer';
import {pageHotPath} from './hotPath/pageHotPath';
import {observeAll, type RequestObserver} from './observe/requestObserver';
import {countDrops, logDestination} from './observe/logDestination';
import {requestLog} from './observe/requestLog';
import {LoadGuard} from './overload/loadGuard';
import {reportLoad} from './overload/loadReport';
import {buildResponseTable} from './static/responseTable';
import {cachedPreparer} from './static/sendAsset';

export type AppDependencies = {
  readonly provider: IdentityProvider;
  /** Preloaded builds (tests share them between apps); loaded from the config's dirs if absent. */
  readonly site?: AssetStore;
  readonly signIn?: AssetStore;
  readonly engine?: SearchEngine;
  readonly logger?: boolean;
  readonly now?: () => number;
  /** Ask AI's answerer (tests inject one); otherwise the configured one. */
  readonly answerer?: Answerer;
  /** Where Ask AI's structured events go; the request logger otherwise. */
  readonly askAiEvents?: AskAiEventSink;
  /** Cross-process sign-outs (cluster workers). */
  readonly signOutRelay?: SignOutRelay | null;
  /** Google ID tokens for the `hd` check (tests inject keys of their own); else configured. */
  readonly googleIdTokens?: GoogleIdTokenVerifier;
  /** Tests shorten how long insights wait before writing (production: half a second). */
  readonly insightsTiming?: {
    readonly flushIntervalMs?: number;
    readonly settleMs?: number;
    readonly capacity?: number;
  };
  /** More per-request observers, beside the request log and the metrics. */
  readonly requestObservers?: readonly RequestObserver[];
  /** A request that has waited longer than this is shed with a 503 (ms; default 500). */
  readonly shedAfterMs?: number;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** This worker's load: the overload guard's figures (`snapshot`, `totals`). */
    loadGuard: LoadGuard;
  }
}

const BODY_LIMIT = 64 * 1024;
const SHED_AFTER_MS = 500;
const LOAD_REPORT_MS = 5000;

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const dest = request.headers['sec-fetch-dest'];
  if (typeof dest === 'string') return dest === 'document';
  return (request.headers.accept ?? '').includes('text/html');
}

/** Builds the gate. It never listens: `server.ts` does, and tests call `app.inject()`. */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  // In development proxy mode (`npm run dev`) the dev server stands in for the build.
  const site: AssetStore =
    deps.site ?? (config.devSiteUrl ? new Map() : loadAssetStore(config.siteDir));
  const signIn = deps.signIn ?? loadAssetStore(config.signInDir);
  if (!config.devSiteUrl && !site.has('/index.html')) {
    throw new Error(`No site build in ${config.siteDir}: run \`npm run build\` first.`);
  }
  const engine =
    deps.engine ??
    (() => {
      // The index carries the records, Ask AI's sections and the writers' synonyms
      // (site/search-synonyms.json) as of its build.
      return SearchEngine.fromIndexFile(readIndexFile(config.searchIndexFile));
    })();
  if (!signIn.has('/signin.js')) {
    throw new Error(`No sign-in page build in ${config.signInDir}: run \`npm run build\` first.`);
  }

  const cookiePolicy = {alwaysSecure: config.mode === 'production'};
  const emulatorUrl = config.emulatorHost === null ? null : `http://${config.emulatorHost}`;
  const runtimeConfig: RuntimeConfig = {
    firebase: config.firebase,
    emulatorUrl,
    allowedDomains: config.allowedDomains,
  };
  const signInHtml = renderSignInPage(runtimeConfig);
  const signInHeaders = {
    ...BASE_HEADERS,
    'cross-origin-opener-policy': SIGN_IN_OPENER_POLICY,
    'content-security-policy': signInContentSecurityPolicy(config.firebase.authDomain, emulatorUrl),
  };
  const siteHeaders: Record<string, string> = {
    ...BASE_HEADERS,
    'cross-origin-opener-policy': SITE_OPENER_POLICY,
  };
  // The dev server's hot reload evaluates code, so development proxy mode goes without a CSP.
  if (!config.devSiteUrl) {
    siteHeaders['content-security-policy'] = siteContentSecurityPolicy(inlineScriptHashes(site));
  }

  // The log's destination buffers and writes off the request path (flushed at exit), bounded
  // (observe/logDestination.ts).
  const destination = deps.logger ? logDestination(1) : null;
  const logger = destination ? pino({level: config.logLevel}, destination) : null;
  const door: FrontDoor = {page: null, guard: null, observe: null};
  const app = Fastify({
    ...(logger ? {loggerInstance: logger as FastifyBaseLogger} : {logger: false}),
    // One line per request comes from the request log below, not Fastify's pair of lines.
    logController: new LogController({disableRequestLogging: true}),
    serverFactory: gateServerFactory(door),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    routerOptions: {maxParamLength: 2048},
    return503OnClosing: true,
  });
  const metrics = gateMetrics();
  if (destination) countDrops(destination, (lines) => metrics.logLinesDropped.inc(lines));
  // Requests by route class and status, and their latency, from the one observation point:
  // the page hot path's answers are counted as Fastify's are.
  const countRequest: RequestObserver = (observation) => {
    metrics.requests.add(
      routeClass(observation.url),
      observation.statusCode,
      observation.durationMs / 1000,
    );
  };
  const log = destination && logger?.isLevelEnabled('info') ? requestLog(destination) : null;
  const observe = observeAll([
    ...(log ? [log] : []),
    countRequest,
    ...(deps.requestObservers ?? []),
  ]);
  door.observe = observe;
  if (observe) {
    app.addHook('onResponse', (request, reply, done) => {
      observe({
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        durationMs: reply.elapsedTime,
        answeredBy: 'route',
      });
      done();
    });
  }
  const guard = new LoadGuard({shedAfterMs: deps.shedAfterMs ?? SHED_AFTER_MS});
  door.guard = guard;
  app.decorate('loadGuard', guard);
  const stopLoadReport = reportLoad(guard, app.log, LOAD_REPORT_MS);
  const unwatchLoad = metrics.watchLoad(() => guard.totals());
  app.addHook('preClose', (done) => {
    door.page = null; // requests on kept-alive connections now get Fastify's 503 while closing
    door.wire?.close(); // closes its idle connections, hands the rest to node:http
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    stopLoadReport();
    unwatchLoad();
    guard.stop();
    log?.flush();
    done();
  });
  const relay = deps.signOutRelay ?? null;
  const verifier = new SessionVerifier({
    onCheck: (outcome) => metrics.sessions.inc({outcome}),
    provider: deps.provider,
    allowedDomains: config.allowedDomains,
    revocationCheckMs: config.revocationCheckSeconds * 1000,
    ...(deps.now ? {now: deps.now} : {}),
    ...(relay ? {publishSignOut: relay.publish} : {}),
  });
  relay?.subscribe((signOut) => verifier.markSignedOut(signOut));

  const deny = (request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    reply.headers(signInHeaders).header('cache-control', 'no-store');
    if (wantsHtml(request)) {
      return reply.code(401).type('text/html; charset=utf-8').send(signInHtml);
    }
    return reply.code(401).send({status: 401, message: 'Sign in with a company Google account.'});
  };

  // Fail closed: an unexpected error answers without content, never with a page.
  app.setErrorHandler((error: {statusCode?: number; message?: string}, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status === 500) request.log.error({err: error}, 'request failed');
    reply.headers(BASE_HEADERS).header('cache-control', 'no-store');
    return reply
      .code(status)
      .send({status, message: status === 500 ? 'Internal error.' : error.message});
  });

  await app.register(cookie);
  await app.register(rateLimit, {global: false});

  app.get('/healthz', async (_request, reply) =>
    reply.headers(BASE_HEADERS).header('cache-control', 'no-store').send({status: 'ok'}),
  );
  if (config.metrics.token !== null) {
    await app.register(metricsRoutes, {token: config.metrics.token});
  }

  const sendSignInAsset = assetSender(signInHeaders);
  await app.register(async (publicAssets) => {
    publicAssets.get('/__auth/*', async (request, reply) => {
      const asset = signIn.get(`/${(request.params as {'*': string})['*']}`);
      if (!asset)
        return reply.headers(BASE_HEADERS).code(404).send({status: 404, message: 'Not found.'});
      return sendSignInAsset(request, reply, asset);
    });
  });

  await app.register(sessionRoutes, {
    provider: deps.provider,
    verifier,
    allowedDomains: config.allowedDomains,
    sessionDays: config.sessionDays,
    cookiePolicy,
    googleIdTokens: config.hostedDomainCheck.enabled
      ? (deps.googleIdTokens ?? createGoogleIdTokenVerifier(config))
      : null,
    ...(deps.now ? {now: deps.now} : {}),
  });

  const pageFacts = readPageFacts(site);
  const insights = await Insights.create({
    config: config.insights,
    log: app.log,
    pageFacts,
    nearestPage: nearestPageFinder(engine),
    titleOf: (url) => pageFacts.get(url.replace(/[?#].*$/s, ''))?.title ?? url,
    onDrop: (reason, count) => metrics.insightsDropped.inc({reason}, count),
    ...deps.insightsTiming,
  });
  const unwatchQueue = metrics.watchQueue(() => insights.recorder.depth);
  app.addHook('onClose', async () => {
    unwatchQueue();
    await insights.close();
  });

  const logAskAi: AskAiEventSink =
    deps.askAiEvents ?? ((event) => app.log.info(event, event.event));
  const askAi: AskAiService = createAskAi(
    config.askAi,
    engine,
    (event) => {
      logAskAi(event);
      insights.observeAskAi(event);
    },
    deps.answerer,
  );

  const prepared = cachedPreparer(siteHeaders);
  await app.register(gateRoutes, {
    askAi,
    site,
    verifier,
    siteHeaders,
    deny,
    devSiteUrl: config.devSiteUrl,
    engine,
    cookiePolicy,
    insights,
    onAskAiFirstText: (seconds) => metrics.askAiFirstText.observe(seconds),
    prepared,
  });
  if (!config.devSiteUrl) {
    door.page = pageHotPath({
      // /insights answers its viewers only: its URLs go the long way, through the route's check.
      table: buildResponseTable(site, prepared, isInsightsPath),
      verifier,
      cookiePolicy,
    });
  }

  return app;
}
