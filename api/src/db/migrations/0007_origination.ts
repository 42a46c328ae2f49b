import { type Kysely, sql } from 'kysely';

/**
 * Origination: the loan's transitions log, the double-entry ledger, the decision with its reasons
 * and review requests, the signature, the agreements, the payout and the funnel events. The job queue's own
 * tables are made by pg-boss in its schema `pgboss`, not here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table loans
      add column approve_date timestamptz,
      add column give_date date,
      add column must_pay_date date,
      add column returned_date date,
      add column withdrawal_until date,
      add column signed_at timestamptz,
      add column new_conditions_approved boolean not null default false,
      add column auto_debit_step_completed boolean not null default false,
      add column required_files jsonb not null default '[]'::jsonb
  `.execute(db);
  await sql`alter table users add column is_hide_skip_auto_debit_button boolean not null default false`.execute(db);

  // Who moved a loan, when, why, from what to what: written by the one transition function only.
  await sql`
    create table loan_transitions (
      id bigserial primary key,
      loan_id bigint not null references loans(id) on delete cascade,
      from_status integer not null,
      to_status integer not null,
      actor_kind text not null check (actor_kind in ('customer','operator','job','provider','system')),
      actor_id text,
      reason text not null,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index loan_transitions_loan on loan_transitions (loan_id, id)`.execute(db);

  // The ledger: accounts (global when loan_id is null), transactions de-duplicated by key, postings in cents.
  await sql`
    create table ledger_accounts (
      id bigserial primary key,
      code text not null,
      loan_id bigint references loans(id) on delete restrict
    )`.execute(db);
  await sql`create unique index ledger_accounts_code on ledger_accounts (code, coalesce(loan_id, 0))`.execute(db);
  await sql`
    create table ledger_transactions (
      id bigserial primary key,
      idempotency_key text not null unique,
      kind text not null,
      loan_id bigint references loans(id) on delete restrict,
      at timestamptz not null default now(),
      detail jsonb not null default '{}'::jsonb
    )`.execute(db);
  await sql`
    create table ledger_postings (
      id bigserial primary key,
      transaction_id bigint not null references ledger_transactions(id) on delete restrict,
      account_id bigint not null references ledger_accounts(id) on delete restrict,
      amount bigint not null check (amount <> 0)
    )`.execute(db);
  await sql`create index ledger_postings_account on ledger_postings (account_id)`.execute(db);
  await sql`create index ledger_postings_transaction on ledger_postings (transaction_id)`.execute(db);
  // Double entry enforced by the database: at commit, every touched transaction has two or more postings that
  // sum to zero. Deferred, so the postings of one transaction may be inserted one by one.
  await sql`
    create function ledger_transaction_balanced() returns trigger language plpgsql as $$
    declare total numeric; n integer;
    begin
      select coalesce(sum(amount), 0), count(*) into total, n from ledger_postings where transaction_id = new.transaction_id;
      if total <> 0 or n < 2 then
        raise exception 'ledger transaction % does not balance (sum %, % postings)', new.transaction_id, total, n
          using errcode = '23514';
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger ledger_postings_balanced after insert on ledger_postings
      deferrable initially deferred for each row execute function ledger_transaction_balanced()`.execute(db);
  // Postings are facts: corrections are new transactions, never edits.
  await sql`
    create function ledger_postings_immutable() returns trigger language plpgsql as $$
    begin raise exception 'ledger postings cannot be changed' using errcode = '23514'; end $$`.execute(db);
  await sql`
    create trigger ledger_postings_no_change before update or delete on ledger_postings
      for each row execute function ledger_postings_immutable()`.execute(db);

  // The decision: outcome and the reasons shown to the customer (GDPR Art. 22), and requests for a human review.
  await sql`
    create table loan_decisions (
      id bigserial primary key,
      loan_id bigint not null references loans(id) on delete cascade,
      outcome text not null,
      reasons jsonb not null,
      automated boolean not null,
      decided_by text not null,
      requested_amount bigint not null,
      offered_amount bigint,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index loan_decisions_loan on loan_decisions (loan_id, id)`.execute(db);
  await sql`
    create table decision_reviews (
      id bigserial primary key,
      loan_id bigint not null references loans(id) on delete cascade,
      user_id bigint not null references users(id) on delete cascade,
      comment text,
      requested_at timestamptz not null default now(),
      unique (loan_id)
    )`.execute(db);

  // One signature per loan, bound to the amount and IBAN it was signed for.
  await sql`
    create table loan_signatures (
      loan_id bigint primary key references loans(id) on delete cascade,
      code_id bigint not null,
      amount bigint not null,
      iban text not null,
      address text,
      signed_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table loan_agreements (
      id bigserial primary key,
      loan_id bigint not null references loans(id) on delete cascade,
      type text not null,
      name text not null,
      pdf bytea not null,
      created_at timestamptz not null default now(),
      unique (loan_id, type)
    )`.execute(db);

  // Payouts to the customer's IBAN: one per loan, de-duplicated by the caller's key and the provider's reference.
  await sql`
    create table payouts (
      id bigserial primary key,
      loan_id bigint not null unique references loans(id) on delete restrict,
      idempotency_key text not null unique,
      provider_reference text not null unique,
      amount bigint not null check (amount > 0),
      iban text not null,
      status text not null check (status in ('accepted','confirmed','failed')),
      created_at timestamptz not null default now(),
      confirmed_at timestamptz
    )`.execute(db);
  // Provider callbacks already seen: a replay finds its nonce here and changes nothing.
  await sql`
    create table provider_callback_nonces (
      provider text not null,
      nonce text not null,
      at timestamptz not null default now(),
      primary key (provider, nonce)
    )`.execute(db);

  await sql`
    create table funnel_events (
      id bigserial primary key,
      user_id bigint references users(id) on delete cascade,
      loan_id bigint references loans(id) on delete cascade,
      event text not null,
      detail jsonb not null default '{}'::jsonb,
      at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'funnel_events',
    'provider_callback_nonces',
    'payouts',
    'loan_agreements',
    'loan_signatures',
    'decision_reviews',
    'loan_decisions',
    'ledger_postings',
    'ledger_transactions',
    'ledger_accounts',
    'loan_transitions',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists ledger_transaction_balanced`.execute(db);
  await sql`drop function if exists ledger_postings_immutable`.execute(db);
  await sql`alter table users drop column is_hide_skip_auto_debit_button`.execute(db);
  await sql`
    alter table loans drop column approve_date, drop column give_date, drop column must_pay_date,
      drop column returned_date, drop column withdrawal_until, drop column signed_at,
      drop column new_conditions_approved, drop column auto_debit_step_completed, drop column required_files
  `.execute(db);
}
