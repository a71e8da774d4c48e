import path from 'node:path';
import type {TestProject} from 'vitest/node';
import {repoRoot, startAuthEmulator} from './authEmulator';

export const TEST_EMULATOR_HOST = '127.0.0.1:9199';
export const TEST_PROJECT_ID = 'demo-handbook';

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorHost: string;
    projectId: string;
  }
}

/** One real Auth emulator for the whole test run, on ports apart from `npm start`'s. */
export default async function setup(project: TestProject) {
  const emulator = await startAuthEmulator({
    configFile: path.join(repoRoot, 'firebase.test.json'),
    host: TEST_EMULATOR_HOST,
    projectId: TEST_PROJECT_ID,
  });
  project.provide('emulatorHost', emulator.host);
  project.provide('projectId', emulator.projectId);
  return () => emulator.stop();
}
