/**
 * The gate's one per-request observation point. Every answered request, whichever part of the
 * gate answered it (the page hot path or Fastify's routes), is reported here exactly once, as it
 * is handed to the socket: the request log and the overload statistics read it, and a metrics
 * exporter can sit beside them. An observer runs on the hot path, so it must be cheap and
 * synchronous: count, add to a histogram, push to a buffer; never await or write to a file.
 */
export type RequestObservation = {
  readonly method: string;
  /** The request target as received (path and query). */
  readonly url: string;
  readonly statusCode: number;
  /**
   * Milliseconds from the request's arrival in this worker to its response: until the last
   * byte was handed to the socket (Fastify's routes), or until the in-memory response was
   * written in one go (the page hot path, which never waits).
   */
  readonly durationMs: number;
  /** Which part answered: `page` (the hot path), `route` (Fastify), `shed` (overload 503). */
  readonly answeredBy: 'page' | 'route' | 'shed';
  /** True when the wire front wrote the answer itself (hotPath/wire), without node:http. */
  readonly onWire?: boolean;
};

export type RequestObserver = (observation: RequestObservation) => void;

/** One observer made of several, called in order; none when the list is empty. */
export function observeAll(observers: readonly RequestObserver[]): RequestObserver | null {
  if (observers.length === 0) return null;
  if (observers.length === 1) return observers[0] ?? null;
  return (observation) => {
    for (const observer of observers) observer(observation);
  };
}
