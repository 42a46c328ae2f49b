import { type Kysely, sql } from 'kysely';

/**
 * A loan's ledger transactions of one kind, found without reading the whole ledger: the day's servicing asks for
 * the last late-interest day a loan was charged, so it charges only the days after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index ledger_transactions_loan_kind on ledger_transactions (loan_id, kind)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ledger_transactions_loan_kind`.execute(db);
}
