import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {inject} from 'vitest';
import {createDatabase} from '../../../testing/postgres';
import type {StoreLocation} from '../../src/insights/store/database';

/** Every insights test runs on both dialects: a SQLite file and the harness's real PostgreSQL. */
export const DIALECTS = ['sqlite', 'postgres'] as const;
export type TestDialect = (typeof DIALECTS)[number];

export function tempDir(prefix = 'handbook-insights-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** A fresh, empty store location of the dialect. */
export async function freshLocation(dialect: TestDialect): Promise<StoreLocation> {
  return dialect === 'sqlite'
    ? {databaseUrl: null, dataDir: tempDir()}
    : {databaseUrl: await createDatabase(inject('postgresUrl'), 'insights'), dataDir: tempDir()};
}

/** The environment that points a gate at that location. */
export function locationEnv(location: StoreLocation): Record<string, string> {
  return location.databaseUrl === null
    ? {DATA_DIR: location.dataDir}
    : {DATABASE_URL: location.databaseUrl, DATA_DIR: location.dataDir};
}
