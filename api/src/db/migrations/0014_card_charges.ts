import { type Kysely, sql } from 'kysely';

/**
 * The sandbox card acquirer's charges of a saved card (auto-debit on the due date). The acquirer keeps one charge
 * per idempotency key (one per loan and day), so a retried job or a second API process charges nothing twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_card_charges')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('card_token', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('paid', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Bizum is a feature flag per customer (GET /v2/user is_bizum_payment_provider_enabled).
  await sql`alter table users add column is_bizum_payment_provider_enabled boolean not null default true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column is_bizum_payment_provider_enabled`.execute(db);
  await db.schema.dropTable('sandbox_card_charges').execute();
}
