import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import {SQLITE_FILE, type StoreLocation} from '../../src/insights/store/database';

const TABLES = [
  'search_events',
  'search_clicks',
  'askai_questions',
  'askai_feedback',
  'page_feedback',
] as const;

/** Every event row of a store, read straight from the database (not through the gate). */
export async function allRows(location: StoreLocation): Promise<Record<string, unknown[]>> {
  const rows: Record<string, unknown[]> = {};
  if (location.databaseUrl === null) {
    const database = new Database(path.join(location.dataDir, SQLITE_FILE), {readonly: true});
    for (const table of TABLES) rows[table] = database.prepare(`select * from ${table}`).all();
    database.close();
    return rows;
  }
  const client = new pg.Client({connectionString: location.databaseUrl});
  await client.connect();
  for (const table of TABLES) rows[table] = (await client.query(`select * from ${table}`)).rows;
  await client.end();
  return rows;
}

export function rowCount(rows: Record<string, unknown[]>): number {
  return Object.values(rows).reduce((sum, list) => sum + list.length, 0);
}
