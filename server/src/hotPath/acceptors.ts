import type {Server as HttpServer} from 'node:http';
import {createServer, type AddressInfo, type Server as NetServer} from 'node:net';

/**
 * Listening sockets a worker opens on the gate's port besides its first, when each worker has
 * its own (`reusePort`). libuv accepts one connection per listening socket per event-loop turn
 * (libuv 1.45, "unix: don't accept() connections in a loop", in every Node.js the gate runs
 * on). A busy worker's turn is tens of milliseconds, so a burst of a thousand new connections
 * waited seconds in the kernel's accept queue, where the load guard cannot see it: that was
 * wrk's 2 s timeouts at 1,024 connections. With more sockets in the port's reusePort group
 * the kernel spreads new connections over them and a worker accepts that many per turn.
 * Sixteen in all per worker: the sweep in bench/README.md ("Accepting a burst").
 */
export const EXTRA_ACCEPTORS = 15;

type ListenOptions = {
  host: string;
  port: number;
  backlog: number;
  exclusive?: boolean;
  reusePort?: boolean;
};

/** Sockets that accept for an HTTP server: `stop()` stops accepting (connections stay its). */
export type Acceptors = {
  /** Where each socket listens (with reusePort, all on the one port). */
  addresses(): AddressInfo[];
  stop(): void;
};

/**
 * Opens `count` more listening sockets with `options` and hands every connection they accept
 * to `server` (the documented way: `server.emit('connection', socket)`), with the socket
 * options node:http gives its own (half-open allowed, no Nagle delay). Rejects, closing what
 * it opened, if any of them cannot listen; a failed accept later (out of file descriptors)
 * goes to `onError`, and the socket keeps listening.
 */
export async function openAcceptors(
  server: HttpServer,
  options: ListenOptions,
  count: number,
  onError: (error: Error) => void,
): Promise<Acceptors> {
  const opened: NetServer[] = [];
  const stop = () => {
    for (const acceptor of opened) if (acceptor.listening) acceptor.close();
  };
  try {
    for (let i = 0; i < count; i += 1) {
      const acceptor = createServer({allowHalfOpen: true, noDelay: true}, (socket) =>
        server.emit('connection', socket),
      );
      opened.push(acceptor);
      await new Promise<void>((resolve, reject) => {
        acceptor.once('error', reject);
        acceptor.listen(options, () => {
          acceptor.off('error', reject);
          acceptor.on('error', onError);
          resolve();
        });
      });
    }
  } catch (error) {
    stop();
    throw error;
  }
  return {addresses: () => opened.map((acceptor) => acceptor.address() as AddressInfo), stop};
}
