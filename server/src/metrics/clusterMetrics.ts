import cluster from 'node:cluster';
import {randomUUID} from 'node:crypto';
import client from 'prom-client';
import {gateMetrics} from './gateMetrics';

/**
 * The metrics of the whole gate. In one process, its own registry. Under node:cluster, each
 * worker keeps its own counters, so the primary asks every worker (prom-client's
 * AggregatorRegistry) and sums them; a worker that serves `GET /metrics` asks the primary.
 */
const REQUEST = 'handbook:metrics-request';
const RESPONSE = 'handbook:metrics-response';
const TIMEOUT_MS = 5_000;

type MetricsResponse = {type: typeof RESPONSE; id: string; text?: string; error?: string};

let aggregator: client.AggregatorRegistry<typeof client.Registry.PROMETHEUS_CONTENT_TYPE> | null =
  null;
const waiting = new Map<string, (response: MetricsResponse) => void>();

export const METRICS_CONTENT_TYPE = client.register.contentType;

/** In a worker: answer the primary's aggregation requests (prom-client's own listener). */
export function joinClusterMetrics(): void {
  if (!cluster.isWorker || aggregator) return;
  aggregator = new client.AggregatorRegistry();
  process.on('message', (message: Partial<MetricsResponse>) => {
    if (message?.type !== RESPONSE || typeof message.id !== 'string') return;
    waiting.get(message.id)?.(message as MetricsResponse);
  });
}

/** In the primary: aggregate for its own listener, and for workers that ask. */
export function aggregateClusterMetrics(): () => Promise<string> {
  aggregator ??= new client.AggregatorRegistry();
  const registry = aggregator;
  cluster.on('message', (worker, message: {type?: string; id?: string}) => {
    if (message?.type !== REQUEST || typeof message.id !== 'string') return;
    const id = message.id;
    registry.clusterMetrics().then(
      (text: string) => worker.send({type: RESPONSE, id, text} satisfies MetricsResponse),
      (error: Error) =>
        worker.send({type: RESPONSE, id, error: error.message} satisfies MetricsResponse),
    );
  });
  return () => registry.clusterMetrics();
}

/** This gate's metrics as Prometheus text, from whichever process asks. */
export function metricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return gateMetrics().registry.metrics();
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the cluster primary did not answer with the metrics'));
    }, TIMEOUT_MS);
    waiting.set(id, (response) => {
      clearTimeout(timer);
      waiting.delete(id);
      if (response.text !== undefined) resolve(response.text);
      else reject(new Error(response.error ?? 'no metrics'));
    });
    process.send?.({type: REQUEST, id});
  });
}
