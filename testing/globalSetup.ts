import path from 'node:path';
import type {TestProject} from 'vitest/node';
import {repoRoot, startAuthEmulator} from './authEmulator';
import {startPostgres} from './postgres';

export const TEST_EMULATOR_HOST = '127.0.0.1:9199';
export const TEST_PROJECT_ID = 'demo-handbook';

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorHost: string;
    projectId: string;
    /** A real PostgreSQL server's maintenance database; tests create databases of their own. */
    postgresUrl: string;
  }
}

/**
 * One real Auth emulator for the whole test run, on ports apart from `npm start`'s, and one
 * real PostgreSQL server (a throw-away cluster on a free loopback port).
 */
export default async function setup(project: TestProject) {
  const [started, startedPostgres] = await Promise.allSettled([
    startAuthEmulator({
      configFile: path.join(repoRoot, 'firebase.test.json'),
      host: TEST_EMULATOR_HOST,
      projectId: TEST_PROJECT_ID,
    }),
    startPostgres(),
  ]);
  if (started.status === 'rejected' || startedPostgres.status === 'rejected') {
    // One failed (the emulator's port taken by another run, say): stop the other before
    // reporting it, or it outlives the run.
    await Promise.all([
      started.status === 'fulfilled' ? started.value.stop() : null,
      startedPostgres.status === 'fulfilled' ? startedPostgres.value.stop() : null,
    ]);
    throw started.status === 'rejected'
      ? started.reason
      : (startedPostgres as PromiseRejectedResult).reason;
  }
  const [emulator, postgres] = [started.value, startedPostgres.value];
  project.provide('emulatorHost', emulator.host);
  project.provide('projectId', emulator.projectId);
  project.provide('postgresUrl', postgres.url);
  return async () => {
    await Promise.all([emulator.stop(), postgres.stop()]);
  };
}
