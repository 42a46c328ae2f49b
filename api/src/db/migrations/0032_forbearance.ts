import { type Kysely, sql } from 'kysely';

/**
 * Forbearance before collection (CCD2 art. 35): each product's forbearance rules as data (an operator changes a row,
 * not code), the one due-date change a loan may have, and its instalment plan with the schedule agreed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table forbearance_rules (
      product_id integer primary key references products(id),
      due_date_change_max_days integer not null default 15 check (due_date_change_max_days between 1 and 60),
      due_date_change_max_late_days integer not null default 5 check (due_date_change_max_late_days >= 0),
      plan_min_instalments integer not null default 2 check (plan_min_instalments >= 2),
      plan_max_instalments integer not null default 4 check (plan_max_instalments <= 12),
      plan_monthly_basis_points integer not null default 300 check (plan_monthly_basis_points between 0 and 2000),
      plan_days_before_due integer not null default 5 check (plan_days_before_due >= 0),
      plan_grace_days integer not null default 5 check (plan_grace_days >= 0),
      max_extensions integer not null default 3 check (max_extensions >= 0),
      check (plan_min_instalments <= plan_max_instalments)
    )`.execute(db);
  await sql`insert into forbearance_rules (product_id) select id from products`.execute(db);

  await sql`
    create table loan_due_date_changes (
      id bigserial primary key,
      loan_id bigint not null unique references loans(id) on delete restrict,
      idempotency_key text not null unique,
      days integer not null check (days > 0),
      cost bigint not null check (cost >= 0),
      previous_must_pay_date date not null,
      must_pay_date date not null,
      at timestamptz not null default now()
    )`.execute(db);

  // No late interest accrues while a plan holds: what it has received is its total less what the ledger says is owed.
  await sql`
    create table loan_plans (
      id bigserial primary key,
      loan_id bigint not null unique references loans(id) on delete restrict,
      idempotency_key text not null unique,
      instalments jsonb not null,
      cost bigint not null check (cost >= 0),
      pay_now bigint not null check (pay_now >= 0),
      total bigint not null check (total >= 0),
      tae numeric not null,
      previous_must_pay_date date not null,
      status text not null default 'active' check (status in ('active', 'broken')),
      broken_on date,
      at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['loan_plans', 'loan_due_date_changes', 'forbearance_rules']) {
    await db.schema.dropTable(table).execute();
  }
}
