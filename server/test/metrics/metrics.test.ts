import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import Fastify, {type FastifyInstance} from 'fastify';
import {freePort} from '../../../testing/authEmulator';
import {HOST, ORIGIN, companySession, testApp} from '../fixtures';
import {startServerProcess, type ServerProcess} from '../serverProcess';
import {bearerMatches, metricsRoutes} from '../../src/metrics/metricsRoutes';
import {routeClass} from '../../src/metrics/gateMetrics';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';

function value(text: string, series: string): number {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
}

describe('GET /metrics behind METRICS_TOKEN', () => {
  let app: FastifyInstance;
  let cookie: string;
  beforeAll(async () => {
    ({app} = await testApp({METRICS_TOKEN: TOKEN}));
    cookie = await companySession(app);
  });
  afterAll(() => app?.close());

  const scrape = (authorization?: string) =>
    app.inject({
      method: 'GET',
      url: '/metrics',
      headers: {host: HOST, ...(authorization ? {authorization} : {})},
    });

  it('refuses a scraper without the token, or with another, and tells a signed-in reader nothing either', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await scrape(authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.body).not.toContain('handbook_');
    }
    const reader = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: {host: HOST, cookie},
    });
    expect(reader.statusCode).toBe(401);
  });

  it('counts requests by route class and status, page and search latency, and session checks', async () => {
    const before = (await scrape(`Bearer ${TOKEN}`)).body;
    await app.inject({method: 'GET', url: '/docs/tools/git', headers: {host: HOST, cookie}});
    await app.inject({method: 'GET', url: '/docs/no-such-page', headers: {host: HOST, cookie}});
    await app.inject({
      method: 'POST',
      url: '/1/indexes/handbook/queries',
      headers: {host: HOST, cookie, origin: ORIGIN},
      payload: JSON.stringify({requests: [{indexName: 'handbook', query: 'helm'}]}),
    });
    await app.inject({
      method: 'GET',
      url: '/docs/tools/git',
      headers: {host: HOST, cookie: 'handbook_session=forged'},
    });
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = response.body;
    const delta = (series: string) => value(after, series) - (value(before, series) || 0);
    expect(delta('handbook_http_requests_total{route="page",status="200"}')).toBe(1);
    expect(delta('handbook_http_requests_total{route="page",status="404"}')).toBe(1);
    expect(delta('handbook_http_requests_total{route="page",status="401"}')).toBe(1);
    expect(delta('handbook_http_requests_total{route="search",status="200"}')).toBe(1);
    expect(delta('handbook_http_request_duration_seconds_count{route="search"}')).toBe(1);
    expect(delta('handbook_session_checks_total{outcome="refused"}')).toBe(1);
    expect(value(after, 'handbook_session_checks_total{outcome="verified"}')).toBeGreaterThan(0);
    expect(after).toContain('handbook_insights_queue_depth ');
    expect(after).toContain('# TYPE handbook_insights_events_dropped_total counter');
    expect(after).toContain('# TYPE handbook_askai_first_text_seconds histogram');
  });

  it('answers 503 with a reason and Retry-After, not 500, when the cluster primary does not answer', async () => {
    const bare = Fastify();
    await bare.register(metricsRoutes, {
      token: TOKEN,
      text: () => Promise.reject(new Error('the cluster primary did not answer with the metrics')),
    });
    const response = await bare.inject({
      method: 'GET',
      url: '/metrics',
      headers: {authorization: `Bearer ${TOKEN}`},
    });
    await bare.close();
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json().message).toContain('the cluster primary did not answer');
  });

  it('compares tokens in constant time, whatever their length', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN.slice(1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });

  it('labels routes by class, never by path', () => {
    expect(routeClass('/docs/tools/git?x=1')).toBe('page');
    expect(routeClass('/assets/js/main.1a2b.js')).toBe('asset');
    expect(routeClass('/1/indexes/x/queries')).toBe('search');
    expect(routeClass('/__askai/chat')).toBe('askai');
    expect(routeClass('/__insights/report')).toBe('insights');
    expect(routeClass('/insights')).toBe('insights');
  });
});

/** The gate as its own process with two workers, for the tests of one describe block. */
function twoWorkerGate(env: () => Promise<Record<string, string>>): () => ServerProcess {
  let gate: ServerProcess;
  beforeAll(async () => {
    gate = await startServerProcess({...(await env()), WORKERS: '2'});
  });
  afterAll(async () => {
    gate?.child.kill('SIGTERM');
    await gate?.exited;
  });
  return () => gate;
}

/** A reader opens the same page six times: six requests some worker or other counts. */
async function sixPageViews(gate: ServerProcess): Promise<void> {
  const cookie = await gate.signIn('alice@studio.example');
  for (let n = 0; n < 6; n += 1) await fetch(`${gate.base}/docs/tools/git`, {headers: {cookie}});
}

describe('METRICS_PORT', () => {
  let metricsPort: number;
  const running = twoWorkerGate(async () => {
    metricsPort = await freePort();
    return {METRICS_PORT: String(metricsPort)};
  });

  it('serves every worker’s metrics, summed, on 127.0.0.1 only, and nothing else there', async () => {
    const gate = running();
    await sixPageViews(gate);
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(value(text, 'handbook_http_requests_total{route="page",status="200"}')).toBe(6);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/docs/tools/git`)).status).toBe(404);
    // On the gate's own port, /metrics is the handbook's like any other path: no session, 401.
    expect((await fetch(`${gate.base}/metrics`)).status).toBe(401);
  });
});

describe('METRICS_PORT in a single process', () => {
  let metricsPort: number;
  let gate: ServerProcess;
  beforeAll(async () => {
    metricsPort = await freePort();
    gate = await startServerProcess({METRICS_PORT: String(metricsPort), WORKERS: '1'});
  });
  afterAll(async () => {
    gate?.child.kill('SIGTERM');
    await gate?.exited;
  });

  it('serves its own metrics there and still drains cleanly on SIGTERM', async () => {
    await sixPageViews(gate);
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(
      value(await response.text(), 'handbook_http_requests_total{route="page",status="200"}'),
    ).toBe(6);
    gate.child.kill('SIGTERM');
    expect(await gate.exited).toBe(0);
  });
});

describe('METRICS_TOKEN under two workers', () => {
  const running = twoWorkerGate(async () => ({METRICS_TOKEN: TOKEN}));

  it('answers a scraper with the token with every worker’s metrics, summed, from either worker', async () => {
    const gate = running();
    await sixPageViews(gate);
    // New connections: the kernel or the primary may hand each to either worker.
    for (let n = 0; n < 4; n += 1) {
      const response = await fetch(`${gate.base}/metrics`, {
        headers: {authorization: `Bearer ${TOKEN}`, connection: 'close'},
      });
      expect(response.status).toBe(200);
      expect(
        value(await response.text(), 'handbook_http_requests_total{route="page",status="200"}'),
      ).toBe(6);
    }
  });
});
