import {buildApp} from './app';
import {ConfigError, loadConfig} from './config';
import {createFirebaseProvider} from './session/firebaseProvider';

/** Starts the gate: configuration from the environment, listen, and drain on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config, {
    provider: createFirebaseProvider(config),
    logger: true,
  });
  const shutdown = (signal: string) => {
    app.log.info({signal}, 'draining in-flight requests');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({err: error}, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  await app.listen({host: config.host, port: config.port});
  if (config.emulatorHost !== null) {
    app.log.info(`development mode against the Firebase Auth emulator at ${config.emulatorHost}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
