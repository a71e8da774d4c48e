import {Agent, createServer, get, type Server} from 'node:http';
import {createServer as createNetServer} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {openAcceptors, type Acceptors} from '../src/hotPath/acceptors';

/** One GET through `agent`: the status, the body, and whether it went over a reused connection. */
function fetchOver(
  agent: Agent,
  port: number,
): Promise<{status: number; body: string; reused: boolean}> {
  return new Promise((resolve, reject) => {
    const request = get({host: '127.0.0.1', port, path: '/', agent}, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () =>
        resolve({status: response.statusCode ?? 0, body, reused: request.reusedSocket}),
      );
    });
    request.on('error', reject);
  });
}

describe('extra listening sockets for the gate’s HTTP server', () => {
  let server: Server;
  let acceptors: Acceptors | null = null;
  const agent = new Agent({keepAlive: true, maxSockets: 1});
  afterEach(() => {
    acceptors?.stop();
    agent.destroy();
    server?.close();
  });

  it('hands every connection its sockets accept to the HTTP server, which answers it', async () => {
    let served = 0;
    server = createServer((_request, response) => {
      served += 1;
      response.end('the gate answered');
    });
    acceptors = await openAcceptors(
      server,
      {host: '127.0.0.1', port: 0, backlog: 511},
      3,
      () => {},
    );
    const ports = acceptors.addresses().map((address) => address.port);
    expect(new Set(ports).size).toBe(3);
    for (const port of ports) {
      const answer = await fetchOver(new Agent(), port);
      expect(answer).toMatchObject({status: 200, body: 'the gate answered'});
    }
    expect(served).toBe(3);
  });

  it('stops accepting when stopped, while a connection it accepted is still served', async () => {
    server = createServer((_request, response) => response.end('still here'));
    acceptors = await openAcceptors(
      server,
      {host: '127.0.0.1', port: 0, backlog: 511},
      1,
      () => {},
    );
    const [address] = acceptors.addresses();
    const port = address?.port ?? 0;
    expect(await fetchOver(agent, port)).toMatchObject({status: 200, reused: false});
    acceptors.stop();
    // The open keep-alive connection belongs to the HTTP server: it is served as before.
    expect(await fetchOver(agent, port)).toEqual({status: 200, body: 'still here', reused: true});
    // A new connection finds nothing listening.
    await expect(fetchOver(new Agent(), port)).rejects.toMatchObject({code: 'ECONNREFUSED'});
  });

  it('refuses to start, closing what it opened, when a socket cannot listen', async () => {
    server = createServer((_request, response) => response.end());
    const probe = createNetServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const {port} = probe.address() as {port: number};
    await new Promise((resolve) => probe.close(resolve));
    // Without reusePort the second socket cannot share the first one's port.
    await expect(
      openAcceptors(server, {host: '127.0.0.1', port, backlog: 511}, 2, () => {}),
    ).rejects.toMatchObject({code: 'EADDRINUSE'});
    // The first socket was closed again: the port is free.
    const again = createNetServer();
    await new Promise<void>((resolve, reject) => {
      again.once('error', reject);
      again.listen(port, '127.0.0.1', resolve);
    });
    again.close();
  });
});
