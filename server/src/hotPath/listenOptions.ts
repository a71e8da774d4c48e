import cluster from 'node:cluster';

/** Whether this Node.js can give each process its own listening socket on one port. */
export function supportsReusePort(version: string = process.versions.node): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  // `reusePort` (SO_REUSEPORT) arrived in Node.js 23.1 and 22.12.
  return major > 23 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12);
}

/**
 * Connections the kernel may hold for a listening socket before this process accepts them
 * (Linux caps it at net.core.somaxconn, 4096 by default). Node's default, 511, overflows
 * when a thousand readers connect at once: the kernel then drops their handshakes or first
 * requests, and they wait a second or more for TCP to retry, unseen by the gate.
 */
export const BACKLOG = 4096;

/**
 * How a gate process listens. A cluster worker on Linux with a Node.js that has `reusePort`
 * opens its own socket on the shared port (`exclusive`, SO_REUSEPORT): the kernel spreads new
 * connections over the workers and each accepts its own, with no hand-off through the primary.
 * Elsewhere (Node.js 20, other systems, a single process) the cluster primary accepts and
 * hands connections to the workers in turn, as before.
 */
export function listenOptions(
  host: string,
  port: number,
  env: {readonly isWorker: boolean; readonly platform: string; readonly nodeVersion: string} = {
    isWorker: cluster.isWorker,
    platform: process.platform,
    nodeVersion: process.versions.node,
  },
): {host: string; port: number; backlog: number; exclusive?: boolean; reusePort?: boolean} {
  if (env.isWorker && env.platform === 'linux' && supportsReusePort(env.nodeVersion)) {
    return {host, port, backlog: BACKLOG, exclusive: true, reusePort: true};
  }
  return {host, port, backlog: BACKLOG};
}
