import { type Kysely, sql } from 'kysely';

/**
 * The customer's data rights: exports of everything held about them (JSON and PDF, offered for a limited time),
 * and erasure requests, each with the date until which what credit and anti-money-laundering law requires is
 * kept locked; `purged_at` says the retention job has erased it. `users.erased_at` locks an erased customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ready_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('json', 'text')
    .addColumn('pdf', 'bytea')
    .execute();
  await db.schema.createIndex('data_exports_user').on('data_exports').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('data_erasures')
    .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('retain_until', 'timestamptz', (c) => c.notNull())
    .addColumn('identity', 'jsonb', (c) => c.notNull())
    .addColumn('purged_at', 'timestamptz')
    .execute();
  await sql`create index data_erasures_due on data_erasures (retain_until) where purged_at is null`.execute(db);
  await db.schema.alterTable('users').addColumn('erased_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('erased_at').execute();
  await db.schema.dropTable('data_erasures').execute();
  await db.schema.dropTable('data_exports').execute();
}
