import { type Kysely, sql } from 'kysely';

/**
 * The platform's own table: an append-only audit log. Every later capability that acts on a customer's
 * behalf (agents, admins, jobs) writes who, whom, when, from where and what.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('audit_log_subject_at').on('audit_log').columns(['subject', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
