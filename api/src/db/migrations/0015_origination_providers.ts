import { type Kysely, sql } from 'kysely';

/**
 * Origination's providers. Payouts: a payout can bounce (ProcessingFail 15) and be tried again: a loan keeps every attempt, numbered, with the
 * bank's reason for a bounce; at most one attempt per loan is not failed (accepted or confirmed) at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payouts drop constraint payouts_loan_id_key`.execute(db);
  await sql`alter table payouts add column attempt integer not null default 1 check (attempt > 0)`.execute(db);
  await sql`alter table payouts add column failure text`.execute(db);
  await sql`alter table payouts add constraint payouts_loan_attempt unique (loan_id, attempt)`.execute(db);
  await sql`create unique index payouts_one_live_per_loan on payouts (loan_id) where status <> 'failed'`.execute(db);

  // Bank-data aggregation: what the provider's signed callback said of a customer's bank session (the accounts it
  // read, or that it could not), once per session; the import of a loan that posted that session reads it here.
  await sql`
    create table aggregation_sessions (
      id bigserial primary key,
      provider text not null check (provider in ('unnax', 'kontomatik')),
      token text not null,
      status text not null check (status in ('imported', 'failed')),
      bank_name text,
      accounts jsonb not null default '[]'::jsonb,
      received_at timestamptz not null default now(),
      unique (provider, token)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists aggregation_sessions`.execute(db);
  await sql`drop index if exists payouts_one_live_per_loan`.execute(db);
  await sql`alter table payouts drop constraint if exists payouts_loan_attempt`.execute(db);
  await sql`delete from payouts where attempt > 1`.execute(db);
  await sql`alter table payouts drop column failure, drop column attempt`.execute(db);
  await sql`alter table payouts add constraint payouts_loan_id_key unique (loan_id)`.execute(db);
}
