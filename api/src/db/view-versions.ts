import { type Kysely, sql } from 'kysely';

/** Whose version a write to a table moves: the row's user, the user of its loan or ledger account, or everyone's. */
export type VersionOwner = 'id' | 'user_id' | 'loan_id' | 'account_id' | 'shared';

/**
 * Every table GET /v2/user and GET /v2/loan read, with how a row finds its customer (migration 0009). A table
 * the poll reads and this list misses would let a change go unseen behind a 304: the poll test checks the
 * statements read no other table.
 */
export const VERSIONED_TABLES: ReadonlyArray<{ table: string; owner: VersionOwner }> = [
  { table: 'users', owner: 'id' },
  { table: 'user_profiles', owner: 'user_id' },
  { table: 'user_addresses', owner: 'user_id' },
  { table: 'user_employment', owner: 'user_id' },
  { table: 'user_contacts', owner: 'user_id' },
  { table: 'loans', owner: 'user_id' },
  { table: 'payment_cards', owner: 'user_id' },
  { table: 'earned_discounts', owner: 'user_id' },
  { table: 'documents', owner: 'user_id' },
  { table: 'liveness_checks', owner: 'user_id' },
  { table: 'customer_flags', owner: 'user_id' },
  { table: 'ledger_postings', owner: 'account_id' },
  { table: 'ledger_accounts', owner: 'loan_id' },
  { table: 'loan_agreements', owner: 'loan_id' },
  { table: 'payment_requests', owner: 'loan_id' },
  { table: 'loan_withdrawals', owner: 'loan_id' },
  { table: 'loan_cessions', owner: 'loan_id' },
  { table: 'discounts', owner: 'shared' },
  { table: 'products', owner: 'shared' },
  { table: 'product_fee_bands', owner: 'shared' },
  { table: 'sandbox_clock', owner: 'shared' },
];

const triggerName = (table: string) => `${table}_view_changed`;

/**
 * Attaches migration 0009's version trigger to every table above that lacks it: idempotent, run after every
 * migration run (a second API process starting at the same moment finds it done, or loses the race harmlessly).
 */
export async function ensureViewTriggers(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ tgname: string }>`
    select tgname from pg_trigger where tgname like '%\\_view\\_changed' and not tgisinternal`.execute(db);
  const present = new Set(rows.map((r) => r.tgname));
  for (const { table, owner } of VERSIONED_TABLES) {
    if (present.has(triggerName(table))) continue;
    await sql`
      do $$ begin
        create constraint trigger ${sql.id(triggerName(table))}
          after insert or update or delete on ${sql.table(table)}
          deferrable initially deferred for each row execute function view_changed(${sql.lit(owner)});
      exception when duplicate_object then null;
      end $$`.execute(db);
  }
}

export async function dropViewTriggers(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ tgname: string; relname: string }>`
    select t.tgname, c.relname from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where t.tgname like '%\\_view\\_changed' and not t.tgisinternal`.execute(db);
  for (const { tgname, relname } of rows) {
    await sql`drop trigger if exists ${sql.id(tgname)} on ${sql.table(relname)}`.execute(db);
  }
}

/** Migration 0009: one row per customer whose view changed (scope = user id), and scope 0 for the shared one. */
export interface ViewVersionsTable {
  scope: string;
  version: string;
}

declare module './schema' {
  interface Database {
    view_versions: ViewVersionsTable;
  }
}
