import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { checkBalanced, type LedgerEntry } from './ledger-rules';

export * from './ledger-rules';

/**
 * Double-entry ledger. Every transaction is a set of postings in integer cents that sums to zero (checked here
 * and by a deferred constraint trigger at commit). Balances are only ever derived, never stored.
 */

async function accountId(trx: Transaction<Database>, code: string, loanId: string | null): Promise<string> {
  const inserted = await sql<{ id: string }>`
    insert into ledger_accounts (code, loan_id) values (${code}, ${loanId})
    on conflict (code, coalesce(loan_id, 0)) do nothing returning id`.execute(trx);
  if (inserted.rows[0]) return String(inserted.rows[0].id);
  let query = trx.selectFrom('ledger_accounts').select('id').where('code', '=', code);
  query = loanId === null ? query.where('loan_id', 'is', null) : query.where('loan_id', '=', loanId);
  return String((await query.executeTakeFirstOrThrow()).id);
}

/**
 * Writes one ledger transaction in the caller's database transaction. Idempotent by key: a replay finds the
 * first one and writes nothing (returns created false).
 */
export async function post(trx: Transaction<Database>, entry: LedgerEntry): Promise<{ id: string; created: boolean }> {
  checkBalanced(entry.postings);
  const inserted = await trx
    .insertInto('ledger_transactions')
    .values({
      idempotency_key: entry.key,
      kind: entry.kind,
      loan_id: entry.loanId,
      detail: JSON.stringify(entry.detail ?? {}),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const first = await trx
      .selectFrom('ledger_transactions')
      .select('id')
      .where('idempotency_key', '=', entry.key)
      .executeTakeFirstOrThrow();
    return { id: String(first.id), created: false };
  }
  for (const p of entry.postings) {
    const account = await accountId(trx, p.account, p.loanId ?? null);
    await trx
      .insertInto('ledger_postings')
      .values({ transaction_id: inserted.id, account_id: account, amount: p.amount })
      .execute();
  }
  return { id: String(inserted.id), created: true };
}

/** Each account of a loan with its balance (the sum of its postings) and what was ever debited to it. */
export async function loanBalances(
  db: Kysely<Database>,
  loanId: string,
): Promise<Record<string, { balance: number; debited: number }>> {
  const rows = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['a.code', sql<string>`sum(p.amount)`.as('balance'), sql<string>`sum(greatest(p.amount, 0))`.as('debited')])
    .where('a.loan_id', '=', loanId)
    .groupBy('a.code')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.code, { balance: Number(r.balance), debited: Number(r.debited) }]));
}
