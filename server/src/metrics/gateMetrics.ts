import client from 'prom-client';
import {RequestTally, registerTallyHistogram, tallyCounter, type RouteClass} from './requestTally';

export type {RouteClass} from './requestTally';

/**
 * The gate's Prometheus metrics (prom-client), one set per process on prom-client's global
 * registry: cluster workers' sets are summed by the primary (clusterMetrics.ts). Label values
 * are a small fixed set (route classes, status codes, outcomes), never a path or a person.
 */
export type SessionOutcome = 'verified' | 'refused' | 'revoked';

export type GateMetrics = {
  readonly registry: client.Registry;
  /** Requests answered, by route class and status, and their durations (requestTally.ts). */
  readonly requests: RequestTally;
  readonly sessions: client.Counter<'outcome'>;
  readonly askAiFirstText: client.Histogram;
  readonly insightsDropped: client.Counter<'reason'>;
  readonly logLinesDropped: client.Counter;
  /** Adds a source of queued events to the queue-depth gauge; returns its removal. */
  watchQueue(depth: () => number): () => void;
  /** Adds a load guard's figures (requests shed since start, its queue now); returns its removal. */
  watchLoad(load: () => LoadTotals): () => void;
};

/** What a load guard reports to the metrics (`LoadGuard.totals`). */
export type LoadTotals = {readonly shed: number; readonly queueLength: number};

let metrics: GateMetrics | null = null;

/**
 * The request-duration histogram's upper bounds, in seconds: Prometheus's client defaults
 * (.005 … 10 s, the same as prom-client's) with 1 ms below, where the page hot path answers,
 * and 30 s above, where a long Ask AI answer streams.
 */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Classifies a request for the `route` label from its path alone. */
export function routeClass(url: string): RouteClass {
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (path.startsWith('/1/indexes/')) return 'search';
  if (path.startsWith('/__askai/')) return 'askai';
  if (path === '/__session') return 'session';
  if (path.startsWith('/__auth/')) return 'signin';
  if (path.startsWith('/__insights/') || path === '/insights' || path.startsWith('/insights/'))
    return 'insights';
  if (path === '/healthz') return 'health';
  if (path === '/metrics') return 'metrics';
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.') && !last.endsWith('.html') ? 'asset' : 'page';
}

export function gateMetrics(): GateMetrics {
  if (metrics) return metrics;
  const registry = client.register;
  client.collectDefaultMetrics({register: registry, prefix: 'handbook_'});
  const sources = new Set<() => number>();
  const loads = new Set<() => LoadTotals>();
  const sumOf = (pick: (totals: LoadTotals) => number) => {
    let sum = 0;
    for (const load of loads) sum += pick(load());
    return sum;
  };
  // The event-loop delay is among the default metrics (handbook_nodejs_eventloop_lag_*).
  new client.Counter({
    name: 'handbook_requests_shed_total',
    help: 'Requests answered 503 with Retry-After because they waited too long before a worker took them up (overload).',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sumOf((totals) => totals.shed));
    },
  });
  new client.Gauge({
    name: 'handbook_request_queue_length',
    help: 'Requests taken up in the event-loop turn under way: the queue a busy worker is working through.',
    registers: [registry],
    collect() {
      this.set(sumOf((totals) => totals.queueLength));
    },
  });
  new client.Gauge({
    name: 'handbook_insights_queue_depth',
    help: 'Reader insight events waiting to be written to the store.',
    registers: [registry],
    collect() {
      let depth = 0;
      for (const source of sources) depth += source();
      this.set(depth);
    },
  });
  const requests = new RequestTally(DURATION_BUCKETS);
  tallyCounter(requests, {
    name: 'handbook_http_requests_total',
    help: 'Requests answered, by route class and status code.',
    registry,
  });
  registerTallyHistogram(requests, {
    name: 'handbook_http_request_duration_seconds',
    help: 'Time to answer a request (for Ask AI, until the answer has streamed), by route class.',
    registry,
  });
  metrics = {
    registry,
    requests,
    sessions: new client.Counter({
      name: 'handbook_session_checks_total',
      help: 'Session cookies checked with Firebase: verified, refused (invalid, expired, another domain) or revoked (signed out, revoked, disabled).',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    askAiFirstText: new client.Histogram({
      name: 'handbook_askai_first_text_seconds',
      help: "Time from an Ask AI question's arrival to the first text of its answer.",
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers: [registry],
    }),
    insightsDropped: new client.Counter({
      name: 'handbook_insights_events_dropped_total',
      help: 'Reader insight events not recorded: queue full, store write failed, or store unavailable.',
      labelNames: ['reason'],
      registers: [registry],
    }),
    logLinesDropped: new client.Counter({
      name: 'handbook_log_lines_dropped_total',
      help: "Log lines not written because the log's in-memory buffer was full (the disk or pipe fell behind).",
      registers: [registry],
    }),
    watchQueue(depth) {
      sources.add(depth);
      return () => sources.delete(depth);
    },
    watchLoad(load) {
      loads.add(load);
      return () => loads.delete(load);
    },
  };
  return metrics;
}
