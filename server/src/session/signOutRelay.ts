import cluster from 'node:cluster';

/**
 * Sign-outs must take effect at once in every process of this server, not only in the worker
 * that handled the logout: each worker caches verified cookies. Workers tell the primary,
 * which relays to all workers. (Across replicas, Firebase's revocation and the cache's
 * periodic re-check bound the delay; see SECURITY.md.)
 */
const MESSAGE = 'handbook:signed-out';

type SignOutMessage = {
  readonly type: typeof MESSAGE;
  readonly uid: string;
  readonly atSeconds: number;
};

function isSignOutMessage(message: unknown): message is SignOutMessage {
  const candidate = message as Partial<SignOutMessage> | null;
  return (
    candidate?.type === MESSAGE &&
    typeof candidate.uid === 'string' &&
    typeof candidate.atSeconds === 'number'
  );
}

export type SignOutRelay = {
  publish(uid: string, atSeconds: number): void;
  subscribe(apply: (uid: string, atSeconds: number) => void): void;
};

/** The worker's side, or null when this process is not a cluster worker. */
export function workerSignOutRelay(): SignOutRelay | null {
  if (!cluster.isWorker || !process.send) return null;
  return {
    publish: (uid, atSeconds) =>
      process.send?.({type: MESSAGE, uid, atSeconds} satisfies SignOutMessage),
    subscribe: (apply) =>
      process.on('message', (message: unknown) => {
        if (isSignOutMessage(message)) apply(message.uid, message.atSeconds);
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
