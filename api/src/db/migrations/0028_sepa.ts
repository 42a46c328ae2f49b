import { type Kysely, sql } from 'kysely';

/**
 * Money rails through bank files: payouts wait for the day's ISO 20022 credit-transfer file (pain.001) and are
 * settled by the bank's status report (pain.002); incoming transfers come from the bank's statement (camt.053).
 * - payout_files: each generated file, kept as sent (a lost download is the same file again);
 * - payouts.rail / payouts.payout_file_id: which payouts wait for a file, and the one file each went out in;
 * - bank_statement_entries: every statement line read, once per bank reference, applied or left for an operator.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table payout_files (
      id bigserial primary key,
      message_id text not null unique,
      execution_date date not null,
      transactions integer not null check (transactions > 0),
      control_sum bigint not null check (control_sum > 0),
      xml text not null,
      created_by text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    alter table payouts
      add column rail text not null default 'callback' check (rail in ('callback', 'sepa-file')),
      add column payout_file_id bigint references payout_files(id) on delete restrict
  `.execute(db);
  await sql`create index payouts_waiting_for_file on payouts (created_at) where rail = 'sepa-file' and payout_file_id is null`.execute(
    db,
  );
  await sql`
    create table bank_statement_entries (
      id bigserial primary key,
      entry_key text not null unique,
      account_iban text not null,
      statement_id text not null,
      booked_on date,
      amount bigint not null,
      currency text not null,
      concept text not null,
      debtor_name text,
      outcome text not null check (outcome in ('applied', 'unmatched')),
      loan_id bigint references loans(id) on delete restrict,
      reason text,
      imported_by text not null,
      imported_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index bank_statement_entries_unmatched on bank_statement_entries (imported_at) where outcome = 'unmatched'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists bank_statement_entries`.execute(db);
  await sql`drop index if exists payouts_waiting_for_file`.execute(db);
  await sql`alter table payouts drop column if exists payout_file_id, drop column if exists rail`.execute(db);
  await sql`drop table if exists payout_files`.execute(db);
}
