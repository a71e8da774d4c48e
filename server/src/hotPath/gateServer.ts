import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {Socket} from 'node:net';
import type {FastifyServerFactory} from 'fastify';
import type {RequestObserver} from '../observe/requestObserver';
import type {LoadGuard} from '../overload/loadGuard';
import {BASE_HEADERS} from '../security/headers';
import type {PageHotPath} from './pageHotPath';
import {WireFront, type WireReply} from './wire/wireFront';

/** What the gate's HTTP server does before Fastify: set once the app is built. */
export type FrontDoor = {
  /** The page hot path (null until the build is loaded, and while the app closes). */
  page: PageHotPath | null;
  /** Overload shedding (null: every request is admitted). */
  guard: LoadGuard | null;
  observe: RequestObserver | null;
  /** The wire front, once the server exists (it stops answering when the app closes). */
  wire?: WireFront;
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
const SHED_REPLY: WireReply = {
  status: 503,
  headers: SHED_HEADERS,
  body: SHED_BODY,
  answeredBy: 'shed',
};

type ServerOptions = {
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
};

/**
 * Fastify's server factory for the gate: a plain node:http server whose request handler is
 * the gate's front door. Every request is first offered to the load guard (a request that has
 * waited too long is answered 503 + `Retry-After` at once; `/healthz` always goes through),
 * then to the page hot path, and whatever neither answered goes to Fastify. New connections
 * go to the wire front first (wire/wireFront.ts), which answers the plain GETs of signed-in
 * readers the same two ways, from the bytes, and hands the connection to node:http at the first
 * request it does not answer. The server gets the same timeouts Fastify gives its own.
 */
export function gateServerFactory(door: FrontDoor): FastifyServerFactory {
  return (fastifyHandler, options) => {
    const handler = (request: IncomingMessage, response: ServerResponse) => {
      const startedMs = performance.now();
      const {guard, page, observe} = door;
      const url = request.url ?? '';
      if (guard !== null && !guard.admit() && url !== '/healthz') {
        response.writeHead(503, SHED_HEADERS);
        response.end(SHED_BODY);
        observe?.({
          method: request.method ?? 'GET',
          url,
          statusCode: 503,
          durationMs: performance.now() - startedMs,
          answeredBy: 'shed',
        });
        return;
      }
      const headers = request.headers;
      const chosen =
        page !== null &&
        request.method === 'GET' &&
        headers['content-length'] === undefined &&
        headers['transfer-encoding'] === undefined
          ? page({
              url,
              cookie: headers.cookie,
              ifNoneMatch: headers['if-none-match'],
              acceptEncoding: headers['accept-encoding'],
            })
          : null;
      if (chosen === null) {
        fastifyHandler(request, response);
        return;
      }
      response.writeHead(chosen.status, chosen.headers as string[]);
      response.end(chosen.body);
      observe?.({
        method: 'GET',
        url,
        statusCode: chosen.status,
        durationMs: performance.now() - startedMs,
        answeredBy: 'page',
      });
    };
    const opts = options as ServerOptions;
    const server: Server = createServer(handler);
    if (typeof opts.keepAliveTimeout === 'number') server.keepAliveTimeout = opts.keepAliveTimeout;
    if (typeof opts.requestTimeout === 'number') server.requestTimeout = opts.requestTimeout;
    if (typeof opts.connectionTimeout === 'number') server.setTimeout(opts.connectionTimeout);
    if (typeof opts.maxRequestsPerSocket === 'number' && opts.maxRequestsPerSocket > 0) {
      server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
    }
    // A limit on requests per connection is node:http's to keep: the wire front then stands by.
    if (!((server.maxRequestsPerSocket ?? 0) > 0)) door.wire = wireFrontFor(server, door);
    return server;
  };
}

/**
 * Puts a wire front before node:http on `server`: node:http's own connection listener (the
 * one `http.createServer` adds) is taken off the server's `connection` event and called by the
 * front when it hands a connection over, so every connection, from the server's own socket or
 * from the extra acceptors, meets the front first.
 */
function wireFrontFor(server: Server, door: FrontDoor): WireFront {
  const listeners = server.listeners('connection') as Array<(socket: Socket) => void>;
  const nodeConnection = listeners[0];
  if (listeners.length !== 1 || nodeConnection === undefined) {
    throw new Error(`node:http has ${listeners.length} connection listeners, expected 1`);
  }
  server.removeListener('connection', nodeConnection);
  const front = new WireFront({
    answer: (get) => {
      const {guard, page} = door;
      const chosen = page === null ? null : page(get);
      // Left to node:http, whose handler asks the load guard about it.
      if (chosen === null) return null;
      if (guard !== null && !guard.admit()) return SHED_REPLY;
      return {...chosen, answeredBy: 'page'};
    },
    answered: (get, reply, startedMs) =>
      door.observe?.({
        method: 'GET',
        url: get.url,
        statusCode: reply.status,
        durationMs: performance.now() - startedMs,
        answeredBy: reply.answeredBy,
        onWire: true,
      }),
    wait: (get) => door.page?.dueCheck?.(get) ?? null,
    handOff: (socket) => nodeConnection.call(server, socket),
    keepAliveTimeoutMs: () => server.keepAliveTimeout,
  });
  server.on('connection', (socket: Socket) => front.take(socket));
  return front;
}
