import cluster, {type Worker} from 'node:cluster';
import type {FastifyInstance} from 'fastify';
import {buildApp} from './app';
import {everyWorkerExited} from './cluster/everyWorkerExited';
import {EXTRA_ACCEPTORS, openAcceptors} from './hotPath/acceptors';
import {listenOptions} from './hotPath/listenOptions';
import {ConfigError, loadConfig, type Config} from './config';
import {createFirebaseProvider} from './session/firebaseProvider';
import {relaySignOutsBetweenWorkers, workerSignOutRelay} from './session/signOutRelay';
import {InsightsStore} from './insights/store/insightsStore';
import {StoreLocationError} from './insights/store/database';
import {StoreSchemaError} from './insights/store/migrations';
import {aggregateClusterMetrics, joinClusterMetrics} from './metrics/clusterMetrics';
import {listenForMetrics} from './metrics/metricsRoutes';

/**
 * Starts the gate: configuration from the environment, then either one process that listens,
 * or (WORKERS > 1) a primary that runs that many workers sharing the port. SIGTERM or SIGINT
 * drains in-flight requests and exits 0.
 */
function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function serve(config: Config): Promise<void> {
  // The handlers come first: a SIGTERM that arrives while this process is still loading the
  // build (a worker started moments before a deploy stops it) must end it cleanly, not by the
  // default handler. Until the server listens there is nothing in flight to drain.
  let listening: FastifyInstance | null = null;
  let closing = false;
  // What else listens stops before the app closes (Fastify takes no hooks once it listens).
  const stopBeforeClose: Array<() => void> = [];
  const shutdown = (signal: string) => {
    if (closing) return; // a repeated signal must not cut the drain short
    closing = true;
    const app = listening;
    if (app === null) process.exit(0);
    app.log.info({signal}, 'draining in-flight requests');
    for (const stop of stopBeforeClose) stop();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({err: error}, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  joinClusterMetrics();
  const app = await buildApp(config, {
    provider: createFirebaseProvider(config),
    logger: true,
    signOutRelay: workerSignOutRelay(),
  });
  if (closing) process.exit(0);
  const listen = listenOptions(config.host, config.port);
  await app.listen(listen);
  // With a socket of its own, a worker opens more in the port's group, to accept a burst of
  // new connections faster (acceptors.ts); they stop accepting when the app starts to close.
  if (listen.reusePort === true) {
    const acceptors = await openAcceptors(app.server, listen, EXTRA_ACCEPTORS, (error) =>
      app.log.error({err: error}, 'accepting a connection failed'),
    );
    stopBeforeClose.push(() => acceptors.stop());
  }
  listening = app;
  // One process: it serves its own metrics port. Under the cluster the primary does.
  if (config.metrics.port !== null && !cluster.isWorker) {
    const metricsServer = await listenForMetrics(config.metrics.port);
    stopBeforeClose.push(() => metricsServer.close());
  }
  // A worker with its own socket (reusePort) listens without the primary knowing: tell it.
  if (cluster.isWorker) process.send?.({type: LISTENING_MESSAGE});
  if (config.emulatorHost !== null && !cluster.isWorker) {
    app.log.info(`development mode against the Firebase Auth emulator at ${config.emulatorHost}`);
  }
}

/**
 * Before the workers start, the primary brings the insights store to this code's schema once:
 * workers that all found a new SQLite file would otherwise race to create its tables. A newer
 * schema stops the gate here; a store that cannot be reached is left to the workers, which
 * serve readers and keep trying.
 */
async function migrateBeforeWorkers(config: Config): Promise<void> {
  if (!config.insights.enabled) return;
  try {
    const store = await InsightsStore.open(config.insights);
    await store.close();
  } catch (error) {
    if (error instanceof StoreSchemaError || error instanceof StoreLocationError) throw error;
  }
}

const LISTENING_MESSAGE = 'handbook:listening';

/** The levels at which an `info` line is written. */
const LOG_LEVELS = new Set(['info', 'debug', 'trace']);

async function supervise(config: Config): Promise<void> {
  await migrateBeforeWorkers(config);
  // Workers serving `GET /metrics` with the token ask the primary for the sum, so it listens
  // for their requests whenever metrics are on, not only when it has a port of its own.
  if (config.metrics.port !== null || config.metrics.token !== null) {
    const aggregate = aggregateClusterMetrics();
    if (config.metrics.port !== null) await listenForMetrics(config.metrics.port, aggregate);
  }
  relaySignOutsBetweenWorkers();
  let stopping = false;
  let failed = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < config.workers; i += 1) fork();
  // A worker that never listened had nothing in flight: if the stop signal reaches it before
  // its own handlers exist (it is still loading), ending by that signal is a clean stop too.
  const listening = new Set<number>();
  let announced = false;
  const onListening = (worker: Worker) => {
    listening.add(worker.id);
    // Once every worker serves (a load balancer or a bench may wait for this), say so once.
    if (!announced && listening.size >= config.workers && LOG_LEVELS.has(config.logLevel)) {
      announced = true;
      console.log(
        JSON.stringify({
          level: 30,
          time: Date.now(),
          pid: process.pid,
          workers: listening.size,
          msg: 'every worker is listening',
        }),
      );
    }
  };
  cluster.on('listening', onListening);
  cluster.on('message', (worker, message: {type?: unknown} | null) => {
    if (message?.type === LISTENING_MESSAGE) onListening(worker);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      const stoppedWhileStarting = !listening.has(worker.id) && signal === 'SIGTERM';
      if (code !== 0 && !stoppedWhileStarting) {
        failed = true;
        console.error(
          `gate worker ${worker.process.pid} did not drain cleanly (${signal ?? code})`,
        );
      }
      if (everyWorkerExited(cluster.workers ?? {})) process.exit(failed ? 1 : 0);
      return;
    }
    // A worker that dies on its own is replaced; the others keep serving meanwhile.
    console.error(`gate worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

const config = readConfig();
const fail = (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
};
if (config.workers > 1 && cluster.isPrimary) supervise(config).catch(fail);
else serve(config).catch(fail);
