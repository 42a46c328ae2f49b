import { type Kysely, sql } from 'kysely';

/**
 * Payment cards. A card request is the customer's visit to the acquirer's tokenization
 * page; its status follows the acquirer's (New, PendingConfirmation, Completed, PartiallyRefunded, Refunded,
 * Error, Fraud). A completed request carries the card: its acquirer token and masked number, never the number.
 * Earned discounts (the 15 % for adding a card) are one per customer and target, spent by one later loan.
 * Bank imports: the aggregation provider's token per loan and the accounts its import found.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_cards')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Our own reference of the request, random: the acquirer's page and callback name it, the customer never does.
    .addColumn('request_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('New', 'PendingConfirmation', 'Completed', 'PartiallyRefunded', 'Refunded', 'Error', 'Fraud')`,
        ),
    )
    .addColumn('failure', 'text')
    .addColumn('token', 'text')
    .addColumn('pan', 'text')
    .addColumn('holder', 'text')
    .addColumn('expiry_month', 'integer')
    .addColumn('expiry_year', 'integer')
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payment_cards_user').on('payment_cards').columns(['user_id', 'created_at']).execute();
  // At most one default card per customer.
  await sql`create unique index payment_cards_one_default on payment_cards (user_id) where is_default`.execute(db);

  await db.schema
    .createTable('earned_discounts')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target', 'text', (c) => c.notNull().references('discounts.target'))
    .addColumn('earned_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('used_by_loan_id', 'bigint', (c) => c.references('loans.id').onDelete('set null'))
    .addPrimaryKeyConstraint('earned_discounts_pk', ['user_id', 'target'])
    .execute();

  // Bank-data aggregation (disbursement method 9): the provider's token for a loan and what its import found.
  await db.schema
    .createTable('bank_imports')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('loan_id', 'bigint', (c) => c.notNull().references('loans.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('unnax', 'kontomatik')`))
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('importing', 'imported', 'failed')`))
    .addColumn('accounts', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('bank_imports_one_per_token', ['loan_id', 'token'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bank_imports').execute();
  await db.schema.dropTable('earned_discounts').execute();
  await db.schema.dropTable('payment_cards').execute();
}
