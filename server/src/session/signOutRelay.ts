import cluster from 'node:cluster';
import type {SignOut} from './sessionVerifier';

/**
 * Sign-outs must take effect at once in every process of this server, not only in the worker
 * that handled the logout: each worker caches verified cookies. Workers tell the primary,
 * which relays to all workers. (Across replicas, Firebase's revocation and the cache's
 * periodic re-check bound the delay; see SECURITY.md.)
 */
const MESSAGE = 'handbook:signed-out';

type SignOutMessage = SignOut & {readonly type: typeof MESSAGE};

function isSignOutMessage(message: unknown): message is SignOutMessage {
  const candidate = message as Partial<SignOutMessage> | null;
  return (
    candidate?.type === MESSAGE &&
    typeof candidate.uid === 'string' &&
    typeof candidate.atSeconds === 'number' &&
    (candidate.cookieDigest === undefined || typeof candidate.cookieDigest === 'string')
  );
}

export type SignOutRelay = {
  publish(signOut: SignOut): void;
  subscribe(apply: (signOut: SignOut) => void): void;
};

/** The worker's side, or null when this process is not a cluster worker. */
export function workerSignOutRelay(): SignOutRelay | null {
  if (!cluster.isWorker || !process.send) return null;
  return {
    publish: (signOut) => process.send?.({...signOut, type: MESSAGE} satisfies SignOutMessage),
    subscribe: (apply) =>
      process.on('message', (message: unknown) => {
        if (!isSignOutMessage(message)) return;
        const {uid, atSeconds, cookieDigest} = message;
        apply({uid, atSeconds, ...(cookieDigest === undefined ? {} : {cookieDigest})});
      }),
  };
}

/** The primary's side: every sign-out a worker reports goes to every worker. */
export function relaySignOutsBetweenWorkers(): void {
  cluster.on('message', (_worker, message: unknown) => {
    if (!isSignOutMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.send(message);
  });
}
