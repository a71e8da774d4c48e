import type {Worker} from 'node:cluster';

/**
 * Whether every worker of the cluster has exited. Node removes a worker from `cluster.workers`
 * only once it has both exited and disconnected, in either order: when the last worker's `exit`
 * comes before its `disconnect`, it is still listed, dead. Counting the listed workers then
 * keeps a primary that holds a socket of its own (the metrics port) running for ever; asking
 * each whether it is dead does not.
 */
export function everyWorkerExited(
  workers: Readonly<Record<string, Pick<Worker, 'isDead'> | undefined>>,
): boolean {
  return Object.values(workers).every((worker) => worker === undefined || worker.isDead());
}
