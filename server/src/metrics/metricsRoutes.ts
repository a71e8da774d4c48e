import {createHash, timingSafeEqual} from 'node:crypto';
import {createServer, type Server} from 'node:http';
import type {FastifyInstance} from 'fastify';
import {BASE_HEADERS} from '../security/headers';
import {METRICS_CONTENT_TYPE, metricsText} from './clusterMetrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares in constant time: the token's length and content leak nothing through timing. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (\S+)$/i.exec(header ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

/**
 * `GET /metrics` on the gate's own port for a scraper that presents METRICS_TOKEN as a bearer
 * token. Registered before the session check: a scraper has no Google account, and without the
 * token it gets a bare 401 that says nothing about the handbook.
 */
export async function metricsRoutes(
  app: FastifyInstance,
  options: {token: string; text?: () => Promise<string>},
) {
  const text = options.text ?? metricsText;
  app.get('/metrics', async (request, reply) => {
    reply.headers(BASE_HEADERS).header('cache-control', 'no-store');
    if (!bearerMatches(request.headers.authorization, options.token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({status: 401, message: 'Metrics need Authorization: Bearer <METRICS_TOKEN>.'});
    }
    let body: string;
    try {
      body = await text();
    } catch (error) {
      // The cluster primary did not answer in time: the same 503 as the METRICS_PORT listener.
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({status: 503, message: `Metrics unavailable: ${(error as Error).message}.`});
    }
    return reply.type(METRICS_CONTENT_TYPE).send(body);
  });
}

/**
 * METRICS_PORT: a listener of its own on 127.0.0.1 (never another address), answering only
 * `GET /metrics`, without a token: whoever can reach the loopback port is on the machine.
 */
export function listenForMetrics(
  port: number,
  text: () => Promise<string> = metricsText,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, {'content-type': 'text/plain; charset=utf-8', ...BASE_HEADERS});
      response.end('Only GET /metrics is served here.\n');
      return;
    }
    text().then(
      (body) => {
        response.writeHead(200, {
          'content-type': METRICS_CONTENT_TYPE,
          'cache-control': 'no-store',
          ...BASE_HEADERS,
        });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: Error) => {
        response.writeHead(503, {'content-type': 'text/plain; charset=utf-8', ...BASE_HEADERS});
        response.end(`Metrics unavailable: ${error.message}\n`);
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `METRICS_PORT: cannot listen on 127.0.0.1:${port} (${error.code ?? error.message})`,
        ),
      ),
    );
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
