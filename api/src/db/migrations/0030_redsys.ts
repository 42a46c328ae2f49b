import { type Kysely, sql } from 'kysely';

/**
 * Redsys: its order numbers (Ds_Merchant_Order, 4 to 12 characters, one per attempt at the gateway) and what each
 * stands for (a payment request, a card request, or a saved card's charge), so a notification finds its request and
 * a charge retried under the same key is the same order; and the card-on-file id of each saved card's first
 * operation, which the later merchant-initiated charges quote.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('redsys_orders')
    .addColumn('order_id', 'text', (c) => c.primaryKey().check(sql`order_id ~ '^[0-9]{4}[0-9A-Za-z]{0,8}$'`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('payment', 'card', 'charge')`))
    // The payment request's reference, the card request's id, or the charge's idempotency key.
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('response', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('answered_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('redsys_orders_reference').on('redsys_orders').columns(['kind', 'reference']).execute();
  await db.schema
    .createTable('redsys_cards')
    .addColumn('identifier', 'text', (c) => c.primaryKey())
    .addColumn('cof_txnid', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('redsys_cards').execute();
  await db.schema.dropTable('redsys_orders').execute();
}
