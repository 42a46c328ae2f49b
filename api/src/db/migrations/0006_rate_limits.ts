import type { Kysely } from 'kysely';

/**
 * Request counters of the rate limiter (api/src/http/rate-limit.ts), in the database so that several API
 * processes on one PostgreSQL count together. One row per (group, caller); a fixed window per row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // Expired rows are swept by window end.
  await db.schema
    .createIndex('rate_limit_counters_window')
    .on('rate_limit_counters')
    .column('window_ends_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();
}
