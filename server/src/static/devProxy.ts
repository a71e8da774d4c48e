import {connect} from 'node:net';
import type {IncomingMessage} from 'node:http';
import type {Duplex} from 'node:stream';
import type {FastifyInstance} from 'fastify';
import replyFrom from '@fastify/reply-from';
import type {SessionVerifier} from '../session/sessionVerifier';
import {sessionCookieFrom} from '../session/cookie';

/**
 * Development only (`npm run dev`): instead of the build, signed-in requests are forwarded to
 * the Docusaurus dev server, and so are its hot-reload WebSockets, after the same session check.
 */
export async function devProxyRoutes(
  app: FastifyInstance,
  options: {upstream: string; verifier: SessionVerifier; headers: Readonly<Record<string, string>>},
) {
  const upstream = new URL(options.upstream);
  await app.register(replyFrom, {base: upstream.origin});
  app.get('/*', (request, reply) =>
    reply.from(request.url, {
      rewriteHeaders: (headers) => ({
        ...headers,
        ...options.headers,
        'cache-control': 'private, no-store',
      }),
    }),
  );

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Development only, so the development cookie rules apply.
    const cookie = sessionCookieFrom(app.parseCookie(request.headers.cookie ?? ''), {
      alwaysSecure: false,
    });
    void options.verifier.verify(cookie).then((identity) => {
      if (!identity) {
        socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      const target = connect(Number(upstream.port), upstream.hostname, () => {
        const lines = [`${request.method} ${request.url} HTTP/1.1`];
        for (let i = 0; i < request.rawHeaders.length; i += 2) {
          lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
        }
        target.write(`${lines.join('\r\n')}\r\n\r\n`);
        target.write(head);
        socket.pipe(target).pipe(socket);
      });
      const close = () => {
        socket.destroy();
        target.destroy();
      };
      target.on('error', close);
      socket.on('error', close);
    });
  });
}
