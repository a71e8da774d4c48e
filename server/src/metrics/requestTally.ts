import client from 'prom-client';

/**
 * Requests counted and timed in plain typed arrays, read by prom-client only when `/metrics` is
 * scraped. prom-client's own `Counter.inc` and `Histogram.observe` build a label hash on every
 * call (an object key from the label values), and the page hot path answers ~10,000 requests a
 * second a worker: the gate's profile (bench/README.md, issue 27, "A minute into the load")
 * put its histogram and counter at 2.8% + 0.9% of a worker's busy time. Here a request is three
 * array increments and an addition; the label sets are made once per scrape.
 */
export const ROUTE_CLASSES = [
  'page',
  'asset',
  'search',
  'askai',
  'session',
  'signin',
  'insights',
  'health',
  'metrics',
] as const;

export type RouteClass = (typeof ROUTE_CLASSES)[number];

const ROUTE_INDEX: Readonly<Record<RouteClass, number>> = Object.fromEntries(
  ROUTE_CLASSES.map((route, index) => [route, index]),
) as Record<RouteClass, number>;

/** Status codes are three digits (RFC 9110 §15); anything else is counted as 0 ("unknown"). */
const STATUS_SLOTS = 600;

const bump = (array: Float64Array, index: number, by: number) => {
  array[index] = (array[index] ?? 0) + by;
};

export class RequestTally {
  private readonly counts = new Float64Array(ROUTE_CLASSES.length * STATUS_SLOTS);
  private readonly bucketCounts: Float64Array;
  private readonly sums = new Float64Array(ROUTE_CLASSES.length);
  private readonly totals = new Float64Array(ROUTE_CLASSES.length);

  /** `buckets`: the histogram's upper bounds in seconds, ascending (`+Inf` is implied). */
  constructor(readonly buckets: readonly number[]) {
    for (let i = 1; i < buckets.length; i += 1) {
      if (!((buckets[i] ?? 0) > (buckets[i - 1] ?? 0))) throw new Error('buckets must ascend');
    }
    this.bucketCounts = new Float64Array(ROUTE_CLASSES.length * (buckets.length + 1));
  }

  /** One answered request: its route class, status code and duration in seconds. */
  add(route: RouteClass, status: number, seconds: number): void {
    const r = ROUTE_INDEX[route];
    const slot = Number.isInteger(status) && status >= 100 && status < STATUS_SLOTS ? status : 0;
    const value = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
    let bucket = 0;
    while (bucket < this.buckets.length && value > (this.buckets[bucket] ?? Infinity)) bucket += 1;
    bump(this.counts, r * STATUS_SLOTS + slot, 1);
    bump(this.bucketCounts, r * (this.buckets.length + 1) + bucket, 1);
    bump(this.sums, r, value);
    bump(this.totals, r, 1);
  }

  /** Every (route, status) seen so far with its count. */
  requestCounts(): {route: RouteClass; status: string; count: number}[] {
    const out: {route: RouteClass; status: string; count: number}[] = [];
    ROUTE_CLASSES.forEach((route, r) => {
      for (let slot = 0; slot < STATUS_SLOTS; slot += 1) {
        const count = this.counts[r * STATUS_SLOTS + slot] ?? 0;
        if (count > 0) out.push({route, status: slot === 0 ? 'unknown' : String(slot), count});
      }
    });
    return out;
  }

  /** Per route class seen so far: the cumulative bucket counts (`le` order, then `+Inf`), sum, count. */
  durations(): {route: RouteClass; cumulative: number[]; sum: number; count: number}[] {
    const width = this.buckets.length + 1;
    const out: {route: RouteClass; cumulative: number[]; sum: number; count: number}[] = [];
    ROUTE_CLASSES.forEach((route, r) => {
      const count = this.totals[r] ?? 0;
      if (count === 0) return;
      const cumulative: number[] = [];
      let running = 0;
      for (let bucket = 0; bucket < width; bucket += 1) {
        running += this.bucketCounts[r * width + bucket] ?? 0;
        cumulative.push(running);
      }
      out.push({route, cumulative, sum: this.sums[r] ?? 0, count});
    });
    return out;
  }

  reset(): void {
    this.counts.fill(0);
    this.bucketCounts.fill(0);
    this.sums.fill(0);
    this.totals.fill(0);
  }
}

/** `<name>`: a prom-client Counter labelled route and status whose values are the tally's. */
export function tallyCounter(
  tally: RequestTally,
  config: {name: string; help: string; registry: client.Registry},
): client.Counter<'route' | 'status'> {
  return new client.Counter({
    name: config.name,
    help: config.help,
    labelNames: ['route', 'status'],
    registers: [config.registry],
    collect() {
      this.reset();
      for (const {route, status, count} of tally.requestCounts()) this.inc({route, status}, count);
    },
  });
}

type HistogramValue = {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
};

/**
 * `<name>`: a Prometheus histogram labelled route, read from the tally. prom-client's Histogram
 * has no way to add a bucket's count at once, so this is a metric of its own with the shape
 * prom-client's registry and its cluster aggregator read from a metric (`get()` returning
 * name, help, type, values and the `sum` aggregator, as `Histogram.get()` does).
 */
export function registerTallyHistogram(
  tally: RequestTally,
  config: {name: string; help: string; registry: client.Registry},
): void {
  const {name, help} = config;
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get() {
      const values: HistogramValue[] = [];
      for (const {route, cumulative, sum, count} of tally.durations()) {
        tally.buckets.forEach((le, bucket) =>
          values.push({
            labels: {le, route},
            value: cumulative[bucket] ?? 0,
            metricName: `${name}_bucket`,
          }),
        );
        values.push({labels: {le: '+Inf', route}, value: count, metricName: `${name}_bucket`});
        values.push({labels: {route}, value: sum, metricName: `${name}_sum`});
        values.push({labels: {route}, value: count, metricName: `${name}_count`});
      }
      return Promise.resolve({name, help, type: 'histogram', values, aggregator: 'sum'});
    },
    reset() {
      tally.reset();
    },
  };
  // The registry's type lists prom-client's four classes; it reads a metric only through the
  // members above (registry.js: name, get(), reset()), which this object has.
  config.registry.registerMetric(metric as unknown as client.Metric);
}
