import { type Kysely, sql } from 'kysely';

/**
 * Products, their commission schedule, promo codes and discounts, all data: prices change without code.
 * Product 1: 50 to 1,000 EUR in steps of 10 EUR, 5 to 30 days, first loan free up to 300 EUR.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('min_amount', 'integer', (c) => c.notNull())
    .addColumn('max_amount', 'integer', (c) => c.notNull())
    .addColumn('amount_step', 'integer', (c) => c.notNull())
    .addColumn('min_term', 'integer', (c) => c.notNull())
    .addColumn('max_term', 'integer', (c) => c.notNull())
    .addColumn('term_step', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('free_first_loan_max_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_default_toggle_position', 'integer', (c) => c.notNull())
    .addColumn('term_default_toggle_position', 'integer', (c) => c.notNull())
    .addColumn('late_daily_basis_points', 'integer', (c) => c.notNull())
    .addCheckConstraint('products_amounts', sql`min_amount > 0 and min_amount <= max_amount and amount_step > 0`)
    .addCheckConstraint('products_terms', sql`min_term > 0 and min_term <= max_term and term_step > 0`)
    .execute();

  // Commission per day of term, in basis points of the amount, by the longest term a band covers.
  await db.schema
    .createTable('product_fee_bands')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('max_term', 'integer', (c) => c.notNull())
    .addColumn('daily_basis_points', 'integer', (c) => c.notNull().check(sql`daily_basis_points >= 0`))
    .addPrimaryKeyConstraint('product_fee_bands_pk', ['product_id', 'max_term'])
    .execute();

  await db.schema
    .createTable('promo_codes')
    .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code ~ '^[A-Z0-9]{1,10}$'`))
    .addColumn('percent_commission', 'integer')
    .addColumn('percent_extension', 'integer')
    .addColumn('percent_extension_price', 'integer')
    .addColumn('valid_from', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('valid_to', 'timestamptz')
    .addColumn('max_uses', 'integer')
    .addColumn('used_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'promo_codes_one_kind',
      sql`num_nonnulls(percent_commission, percent_extension, percent_extension_price) = 1`,
    )
    .execute();

  await db.schema
    .createTable('discounts')
    .addColumn('target', 'text', (c) => c.primaryKey())
    .addColumn('percent', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();

  await sql`
    insert into products (id, name, min_amount, max_amount, amount_step, min_term, max_term, term_step,
      free_first_loan_max_amount, amount_default_toggle_position, term_default_toggle_position, late_daily_basis_points)
    values (1, 'Préstamo rápido', 5000, 100000, 1000, 5, 30, 1, 30000, 25, 25, 10)
  `.execute(db);
  await sql`insert into product_fee_bands (product_id, max_term, daily_basis_points) values (1, 15, 110), (1, 30, 100)`.execute(
    db,
  );
  await sql`insert into discounts (target, percent, description) values
    ('autodebit_card_added', 15, 'Descuento del 15 % en la comisión de tu próximo préstamo por activar el débito automático')`.execute(
    db,
  );
  await sql`insert into promo_codes (code, percent_commission, valid_to) values ('CREDIMO10', 10, now() + interval '1 year')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['discounts', 'promo_codes', 'product_fee_bands', 'products']) {
    await db.schema.dropTable(table).execute();
  }
}
