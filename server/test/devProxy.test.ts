import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {connect} from 'node:net';
import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {HOST, companySession, testApp} from './fixtures';

// A stand-in for the Docusaurus dev server: answers any path with a marker, and completes
// any WebSocket handshake, so the test can see what the gate lets through.
let upstream: Server;
let app: FastifyInstance;
let gatePort: number;

beforeAll(async () => {
  upstream = createServer((request, response) => response.end(`dev server page ${request.url}`));
  upstream.on('upgrade', (_request, socket) => {
    socket.end(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
    );
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const {port} = upstream.address() as AddressInfo;
  ({app} = await testApp({DEV_SITE_URL: `http://127.0.0.1:${port}`}));
  await app.listen({host: '127.0.0.1', port: 0});
  gatePort = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  upstream.close();
});

function upgrade(cookie: string | null): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(gatePort, '127.0.0.1', () => {
      socket.write(
        [
          'GET /ws HTTP/1.1',
          `Host: 127.0.0.1:${gatePort}`,
          'Connection: Upgrade',
          'Upgrade: websocket',
          'Sec-WebSocket-Version: 13',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
          ...(cookie ? [`Cookie: ${cookie}`] : []),
          '',
          '',
        ].join('\r\n'),
      );
    });
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('end', () => resolve(data.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

describe('development proxy mode (npm run dev)', () => {
  it('returns 401 without a session and never asks the dev server', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/docs/x',
      headers: {host: HOST, accept: 'text/html'},
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('dev server page');
  });

  it('forwards a signed-in request to the dev server, privately', async () => {
    const cookie = await companySession(app);
    const response = await app.inject({
      method: 'GET',
      url: '/docs/x',
      headers: {host: HOST, cookie},
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('dev server page /docs/x');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses /insights to a reader who is not a viewer without asking the dev server', async () => {
    const cookie = await companySession(app);
    const response = await app.inject({
      method: 'GET',
      url: '/insights',
      headers: {host: HOST, cookie},
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('dev server page');
  });

  it('refuses the hot-reload WebSocket without a session', async () => {
    expect(await upgrade(null)).toBe('HTTP/1.1 401 Unauthorized');
  });

  it('passes the hot-reload WebSocket through for a company session', async () => {
    const cookie = await companySession(app);
    expect(await upgrade(cookie)).toBe('HTTP/1.1 101 Switching Protocols');
  });
});
