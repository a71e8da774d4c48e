import {describe, expect, it} from 'vitest';
import client from 'prom-client';
import {RequestTally, registerTallyHistogram, tallyCounter} from '../../src/metrics/requestTally';

const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
// Bounds exactly, between bounds, past the last bound, zero: every branch of the bucket choice.
const OBSERVED: [route: 'page' | 'search' | 'askai', status: number, seconds: number][] = [
  ['page', 200, 0.0004],
  ['page', 200, 0.001],
  ['page', 304, 0.0011],
  ['page', 404, 0],
  ['search', 200, 0.03],
  ['search', 400, 0.25],
  ['askai', 200, 31],
  ['askai', 503, 7.5],
];

function tallied(): client.Registry {
  const registry = new client.Registry();
  const tally = new RequestTally(BUCKETS);
  tallyCounter(tally, {name: 'requests_total', help: 'Requests.', registry});
  registerTallyHistogram(tally, {name: 'duration_seconds', help: 'Durations.', registry});
  for (const [route, status, seconds] of OBSERVED) tally.add(route, status, seconds);
  return registry;
}

function promClients(): client.Registry {
  const registry = new client.Registry();
  const counter = new client.Counter({
    name: 'requests_total',
    help: 'Requests.',
    labelNames: ['route', 'status'],
    registers: [registry],
  });
  const histogram = new client.Histogram({
    name: 'duration_seconds',
    help: 'Durations.',
    labelNames: ['route'],
    buckets: BUCKETS,
    registers: [registry],
  });
  for (const [route, status, seconds] of OBSERVED) {
    counter.inc({route, status: String(status)});
    histogram.observe({route}, seconds);
  }
  return registry;
}

/** The exposition's lines, sorted: the two write the same series in a different order. */
const lines = async (registry: {metrics(): Promise<string>}) =>
  (await registry.metrics()).split('\n').sort();

describe('the request tally', () => {
  it("writes the same Prometheus text as prom-client's Counter and Histogram fed the same requests", async () => {
    expect(await lines(tallied())).toEqual(await lines(promClients()));
  });

  it('sums two workers as the cluster aggregator sums prom-client histograms', async () => {
    const ours = client.AggregatorRegistry.aggregate([
      await tallied().getMetricsAsJSON(),
      await tallied().getMetricsAsJSON(),
    ]);
    const theirs = client.AggregatorRegistry.aggregate([
      await promClients().getMetricsAsJSON(),
      await promClients().getMetricsAsJSON(),
    ]);
    expect(await lines(ours)).toEqual(await lines(theirs));
    expect(await ours.metrics()).toContain('duration_seconds_count{route="page"} 8');
  });

  it('counts a status code outside 100–599 as unknown rather than in another slot', async () => {
    const registry = new client.Registry();
    const tally = new RequestTally(BUCKETS);
    tallyCounter(tally, {name: 'requests_total', help: 'Requests.', registry});
    tally.add('page', 1200, 0.001);
    tally.add('page', 200.5, 0.001);
    const text = await registry.metrics();
    expect(text).toContain('requests_total{route="page",status="unknown"} 2');
    expect(text).not.toContain('status="200"');
  });

  it('is emptied by the registry reset', async () => {
    const registry = tallied();
    registry.resetMetrics();
    const text = await registry.metrics();
    expect(text).not.toMatch(/^requests_total\{/m);
    expect(text).not.toMatch(/^duration_seconds_count\{/m);
  });

  it('refuses bounds that do not ascend', () => {
    expect(() => new RequestTally([0.1, 0.05])).toThrow(/ascend/);
  });
});
