import { type Kysely, sql } from 'kysely';

/**
 * Servicing: the sandbox clock, payment requests and the payments applied from them or from
 * operators, extensions, the 14-day withdrawal and the sale of a loan to a buyer. Money itself stays in the
 * ledger; these tables say why each ledger transaction happened and make every payment idempotent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row: how many days the sandbox clock runs ahead of the real one (advance-days). Ignored in production.
  await sql`
    create table sandbox_clock (
      id boolean primary key default true check (id),
      offset_days integer not null default 0 check (offset_days >= 0)
    )`.execute(db);
  await sql`insert into sandbox_clock (id, offset_days) values (true, 0)`.execute(db);

  // What the customer asked to pay (card, Bizum) before the provider answers; one pending request per loan,
  // so two payoffs cannot be in flight at once.
  await sql`
    create table payment_requests (
      id bigserial primary key,
      loan_id bigint not null references loans(id) on delete cascade,
      reference text not null unique,
      payment_type text not null check (payment_type in ('prolongation','partial_repay','payoff')),
      channel text not null check (channel in ('card','bizum')),
      amount bigint not null check (amount > 0),
      term integer,
      promocode text,
      status text not null default 'pending' check (status in ('pending','paid','failed')),
      created_at timestamptz not null default now(),
      settled_at timestamptz
    )`.execute(db);
  await sql`create unique index payment_requests_one_pending on payment_requests (loan_id) where status = 'pending'`.execute(
    db,
  );

  // Every payment received, once per external id (provider reference, bank statement line, cash receipt).
  await sql`
    create table loan_payments (
      id bigserial primary key,
      loan_id bigint not null references loans(id) on delete restrict,
      external_id text not null unique,
      channel text not null,
      payment_type text not null,
      amount bigint not null check (amount >= 0),
      applied jsonb not null,
      at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table loan_extensions (
      id bigserial primary key,
      loan_id bigint not null references loans(id) on delete restrict,
      external_id text not null unique,
      term integer not null check (term > 0),
      cost bigint not null check (cost >= 0),
      promocode text,
      previous_must_pay_date date not null,
      must_pay_date date not null,
      at timestamptz not null default now()
    )`.execute(db);

  // The customer's withdrawal (Ley 16/2011, art. 28): the amount fixed on the day and the acknowledgement shown.
  await sql`
    create table loan_withdrawals (
      loan_id bigint primary key references loans(id) on delete restrict,
      requested_on date not null,
      principal bigint not null,
      interest bigint not null,
      amount bigint not null,
      acknowledgement text not null,
      at timestamptz not null default now()
    )`.execute(db);

  // A loan offered (Presale 28) or sold (Sold 27) to a buyer: the buyer's data as it was on the day.
  await sql`
    create table loan_cessions (
      loan_id bigint primary key references loans(id) on delete restrict,
      buyer jsonb not null,
      balance bigint not null,
      sold_date date,
      at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'loan_cessions',
    'loan_withdrawals',
    'loan_extensions',
    'loan_payments',
    'payment_requests',
    'sandbox_clock',
  ]) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
