import Fastify, {type FastifyInstance, type FastifyReply, type FastifyRequest} from 'fastify';
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
import {nearestPageFinder} from './insights/nearestPage';
import {readPageFacts} from './insights/pageFacts';
import {gateMetrics, routeClass} from './metrics/gateMetrics';
import {metricsRoutes} from './metrics/metricsRoutes';

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
};

const BODY_LIMIT = 64 * 1024;

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

  const app = Fastify({
    logger: deps.logger ? {level: config.logLevel} : false,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    routerOptions: {maxParamLength: 2048},
    return503OnClosing: true,
  });
  const metrics = gateMetrics();
  app.addHook('onResponse', async (request, reply) => {
    const route = routeClass(request.url);
    metrics.requests.inc({route, status: String(reply.statusCode)});
    metrics.duration.observe({route}, reply.elapsedTime / 1000);
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
  });

  return app;
}
