import {mkdirSync} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import {Kysely, PostgresDialect, SqliteDialect, type PostgresPool} from 'kysely';
import pg from 'pg';
import type {Dialect} from './migrations';
import type {InsightsDatabase} from './schema';

export const SQLITE_FILE = 'insights.sqlite';

export type StoreLocation = {
  /** PostgreSQL URL; null for the SQLite file in dataDir. */
  readonly databaseUrl: string | null;
  readonly dataDir: string;
};

export type Connection = {
  readonly db: Kysely<InsightsDatabase>;
  readonly dialect: Dialect;
  /** Where the store is, for logs: the file, or the URL without its password. */
  readonly where: string;
};

/** The store's location cannot be opened (a folder that cannot be created, a bad URL). */
export class StoreLocationError extends Error {
  override name = 'StoreLocationError';
}

// PostgreSQL's 64-bit integers (ids, epoch milliseconds, counts) and numerics (averages) reach
// JavaScript as strings by default; every value the store keeps fits a double exactly.
const INT8 = 20;
const NUMERIC = 1700;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 || oid === NUMERIC
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Without a password: the URL is logged. */
export function redactedUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.password = '';
  return url.toString();
}

export function openConnection(
  location: StoreLocation,
  onPoolError: (error: Error) => void = () => {},
): Connection {
  if (location.databaseUrl !== null) {
    const pool = new pg.Pool({
      connectionString: location.databaseUrl,
      max: 4,
      // A store that does not answer must not hold the recorder (or /insights) for long.
      connectionTimeoutMillis: 5_000,
      statement_timeout: 15_000,
      idleTimeoutMillis: 30_000,
      application_name: 'studio-handbook-gate',
      types: pgTypes,
    });
    // An idle client whose server went away emits here; unhandled, it would end the process.
    pool.on('error', onPoolError);
    // (@types/pg leaves out the pool's `options`, which Kysely's interface names.)
    return {
      db: new Kysely<InsightsDatabase>({
        dialect: new PostgresDialect({pool: pool as unknown as PostgresPool}),
      }),
      dialect: 'postgres',
      where: redactedUrl(location.databaseUrl),
    };
  }
  const file = path.join(location.dataDir, SQLITE_FILE);
  try {
    mkdirSync(location.dataDir, {recursive: true});
  } catch (error) {
    throw new StoreLocationError(
      `DATA_DIR: cannot create ${location.dataDir} for the insights store (${(error as Error).message})`,
    );
  }
  let database: Database.Database;
  try {
    database = new Database(file, {timeout: 5_000});
  } catch (error) {
    throw new StoreLocationError(`DATA_DIR: cannot open ${file} (${(error as Error).message})`);
  }
  // Write-ahead logging: readers of /insights never wait for the recorder's writes, and several
  // workers of one gate can share the file.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  return {
    db: new Kysely<InsightsDatabase>({dialect: new SqliteDialect({database})}),
    dialect: 'sqlite',
    where: file,
  };
}
