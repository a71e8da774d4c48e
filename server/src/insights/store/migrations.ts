import {sql, type Kysely} from 'kysely';
import {Migrator, type Migration} from 'kysely/migration';

export type Dialect = 'sqlite' | 'postgres';

export const MIGRATION_TABLE = 'insights_migration';
export const MIGRATION_LOCK_TABLE = 'insights_migration_lock';

/** The store's schema is newer than this code: another (newer) gate migrated it. */
export class StoreSchemaError extends Error {
  override name = 'StoreSchemaError';
}

/**
 * Versioned, forward-only migrations: each name sorts after the last, none is ever edited or
 * removed once released, and there are no `down` steps (a rollback of the code keeps the data
 * and refuses to start instead, see `migrateStore`).
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  // The one difference between the dialects: how a table numbers its rows.
  const id = (table: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'bigserial', (column) => column.primaryKey())
      : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
  const common = (table: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
    id(table)
      .addColumn('at', 'bigint', (column) => column.notNull())
      .addColumn('day', 'varchar(10)', (column) => column.notNull())
      .addColumn('reader', 'varchar(64)', (column) => column.notNull());

  return {
    '0001_reader_insights': {
      async up(db: Kysely<unknown>) {
        await common(db.schema.createTable('search_events'))
          .addColumn('source', 'varchar(10)', (column) => column.notNull())
          .addColumn('query', 'text', (column) => column.notNull())
          .addColumn('normalised', 'text', (column) => column.notNull())
          .addColumn('hits', 'integer', (column) => column.notNull())
          .addColumn('query_id', 'varchar(64)')
          .execute();
        await common(db.schema.createTable('search_clicks'))
          .addColumn('query_id', 'varchar(64)', (column) => column.notNull())
          .addColumn('url', 'text', (column) => column.notNull())
          .addColumn('position', 'integer', (column) => column.notNull())
          .execute();
        await common(db.schema.createTable('askai_questions'))
          .addColumn('message_id', 'varchar(200)', (column) => column.notNull())
          .addColumn('question', 'text', (column) => column.notNull())
          .addColumn('normalised', 'text', (column) => column.notNull())
          .addColumn('outcome', 'varchar(10)', (column) => column.notNull())
          .addColumn('cited', 'text', (column) => column.notNull())
          .addColumn('nearest', 'text')
          .addColumn('first_text_ms', 'integer')
          .addColumn('answerer', 'varchar(20)', (column) => column.notNull())
          .execute();
        await common(db.schema.createTable('askai_feedback'))
          .addColumn('message_id', 'varchar(200)', (column) => column.notNull())
          .addColumn('thumbs', 'integer', (column) => column.notNull())
          .addColumn('comment', 'text')
          .addColumn('question', 'text')
          .addColumn('cited', 'text')
          .execute();
        await common(db.schema.createTable('page_feedback'))
          .addColumn('page', 'text', (column) => column.notNull())
          .addColumn('helpful', 'integer', (column) => column.notNull())
          .addColumn('comment', 'text')
          .execute();
        await db.schema
          .createTable('insights_settings')
          .addColumn('key', 'varchar(64)', (column) => column.primaryKey())
          .addColumn('value', 'text', (column) => column.notNull())
          .execute();
        // Every report reads a period (`at >=`), retention deletes by `at`, and the joins go
        // through the query and message ids.
        for (const table of [
          'search_events',
          'search_clicks',
          'askai_questions',
          'askai_feedback',
          'page_feedback',
        ]) {
          await db.schema.createIndex(`${table}_at`).on(table).column('at').execute();
        }
        await db.schema
          .createIndex('search_clicks_query_id')
          .on('search_clicks')
          .column('query_id')
          .execute();
        await db.schema
          .createIndex('askai_questions_message_id')
          .on('askai_questions')
          .column('message_id')
          .execute();
      },
    },
  };
}

async function executedMigrations(db: Kysely<unknown>): Promise<string[]> {
  const tables = await db.introspection.getTables();
  if (!tables.some((table) => table.name === MIGRATION_TABLE)) return [];
  const {rows} = await sql<{name: string}>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(
    db,
  );
  return rows.map((row) => row.name);
}

/**
 * Brings the store to this code's schema at start-up. A store that holds a migration this code
 * does not know was migrated by a newer gate: running on it could misread or damage its rows,
 * so start-up stops with a StoreSchemaError naming the migrations. Concurrent gates are safe:
 * Kysely takes PostgreSQL's advisory lock, and SQLite runs one write transaction at a time.
 */
export async function migrateStore(db: Kysely<unknown>, dialect: Dialect): Promise<string[]> {
  const known = migrations(dialect);
  const unknown = (await executedMigrations(db)).filter((name) => !(name in known));
  if (unknown.length > 0) {
    const latest = Object.keys(known).sort().at(-1);
    throw new StoreSchemaError(
      `The insights store was migrated by a newer version of the gate (${unknown.join(', ')}; this one knows up to ${latest}). Deploy that version, or point DATABASE_URL or DATA_DIR at another store.`,
    );
  }
  const migrator = new Migrator({
    db,
    provider: {getMigrations: async () => known},
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
  });
  const {error, results = []} = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result) => result.status === 'Error');
    throw new Error(
      `Insights store migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return results.map((result) => result.migrationName);
}
