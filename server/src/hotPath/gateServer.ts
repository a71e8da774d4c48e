import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {FastifyServerFactory} from 'fastify';
import type {RequestObserver} from '../observe/requestObserver';
import type {LoadGuard} from '../overload/loadGuard';
import {BASE_HEADERS} from '../security/headers';
import type {FrontHandler} from './pageHotPath';

/** What the gate's HTTP server does before Fastify: set once the app is built. */
export type FrontDoor = {
  /** The page hot path (null until the build is loaded, and while the app closes). */
  page: FrontHandler | null;
  /** Overload shedding (null: every request is admitted). */
  guard: LoadGuard | null;
  observe: RequestObserver | null;
};

const SHED_BODY = Buffer.from(
  JSON.stringify({status: 503, message: 'The handbook is busy. Try again in a second.'}),
);
const SHED_HEADERS = Object.entries({
  ...BASE_HEADERS,
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'retry-after': '1',
  'content-length': String(SHED_BODY.length),
}).flat();

function shed(response: ServerResponse): void {
  response.writeHead(503, SHED_HEADERS);
  response.end(SHED_BODY);
}

/**
 * Fastify's server factory for the gate: a plain node:http server whose request handler is
 * the gate's front door. Every request is first offered to the load guard (a request that has
 * waited too long is answered 503 + `Retry-After` at once; `/healthz` always goes through),
 * then to the page hot path, and whatever neither answered goes to Fastify. The server gets
 * the same timeouts Fastify gives its own.
 */
export function gateServerFactory(door: FrontDoor): FastifyServerFactory {
  return (fastifyHandler, options) => {
    const handler = (request: IncomingMessage, response: ServerResponse) => {
      const startedMs = performance.now();
      const {guard, page, observe} = door;
      if (guard !== null && !guard.admit() && request.url !== '/healthz') {
        shed(response);
        observe?.({
          method: request.method ?? 'GET',
          url: request.url ?? '',
          statusCode: 503,
          durationMs: performance.now() - startedMs,
          answeredBy: 'shed',
        });
        return;
      }
      if (page !== null && page(request, response, startedMs)) return;
      fastifyHandler(request, response);
    };
    const opts = options as {
      keepAliveTimeout?: number;
      requestTimeout?: number;
      connectionTimeout?: number;
      maxRequestsPerSocket?: number;
    };
    const server: Server = createServer(handler);
    if (typeof opts.keepAliveTimeout === 'number') server.keepAliveTimeout = opts.keepAliveTimeout;
    if (typeof opts.requestTimeout === 'number') server.requestTimeout = opts.requestTimeout;
    if (typeof opts.connectionTimeout === 'number') server.setTimeout(opts.connectionTimeout);
    if (typeof opts.maxRequestsPerSocket === 'number' && opts.maxRequestsPerSocket > 0) {
      server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
    }
    return server;
  };
}
