import { type Kysely, sql } from 'kysely';

/**
 * Loan applications. A row is created when the customer applies (status Request); the decision,
 * signing and payout move it on. Money in integer cents (bigint); the price is frozen at
 * application time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence loan_public_number start 100001`.execute(db);
  await db.schema
    .createTable('loans')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull().unique().defaultTo(sql`'CR' || nextval('loan_public_number')`))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('request_amount', 'bigint', (c) => c.notNull().check(sql`request_amount > 0`))
    .addColumn('original_request_amount', 'bigint', (c) => c.notNull())
    .addColumn('term', 'integer', (c) => c.notNull().check(sql`term > 0`))
    .addColumn('commission', 'bigint', (c) => c.notNull().check(sql`commission >= 0`))
    .addColumn('original_commission', 'bigint', (c) => c.notNull())
    .addColumn('return_amount', 'bigint', (c) => c.notNull())
    .addColumn('tae_tenths', 'integer', (c) => c.notNull())
    .addColumn('is_free', 'boolean', (c) => c.notNull())
    .addColumn('promocode', 'text')
    .addColumn('attempt_reference', 'text', (c) => c.notNull())
    .addColumn('target_url', 'text')
    .addColumn('method_of_disbursement', 'integer')
    .addColumn('iban', 'text')
    .addColumn('requested_ip', 'text')
    .addColumn('request_date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('status_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('loans_attempt', ['user_id', 'attempt_reference'])
    .execute();
  // One open application or loan per customer, enforced by the database so two tabs cannot both apply.
  // Closed: Returned 3, Denied 4, Timeout 36.
  await sql`create unique index loans_one_open on loans (user_id) where status not in (3, 4, 36)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('loans').execute();
  await sql`drop sequence loan_public_number`.execute(db);
}
