import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Double-entry ledger. Every transaction is a set of postings in integer cents that sums to zero (checked here
 * and by a deferred constraint trigger at commit). Debits are positive, credits negative, so an asset account's
 * balance is the plain sum of its postings. Balances are only ever derived, never stored.
 */

/** Accounts of one loan. */
export const LoanAccount = {
  principal: 'principal_receivable',
  commission: 'commission_receivable',
  fines: 'fines_receivable',
} as const;

/** Accounts of the company. */
export const GlobalAccount = {
  cash: 'cash_at_bank',
  payoutClearing: 'payout_clearing',
  commissionIncome: 'commission_income',
  fineIncome: 'fine_income',
  overpayments: 'customer_overpayments',
  /** Receivables handed to a buyer when a loan is sold (issue 11). */
  loansSold: 'loans_sold',
} as const;

export type AccountCode =
  | (typeof LoanAccount)[keyof typeof LoanAccount]
  | (typeof GlobalAccount)[keyof typeof GlobalAccount];

export interface Posting {
  account: AccountCode;
  /** Set for a loan's own accounts. */
  loanId?: string | null;
  /** Integer cents; debit positive, credit negative. */
  amount: number;
}

export interface LedgerEntry {
  key: string;
  kind: string;
  loanId: string | null;
  postings: Posting[];
  detail?: Record<string, unknown>;
}

export class UnbalancedEntryError extends Error {}

/** The rule the database enforces too: whole cents, two or more postings, nothing zero, sum zero. */
export function checkBalanced(postings: readonly Posting[]): void {
  if (postings.length < 2) throw new UnbalancedEntryError('a ledger transaction needs two postings or more');
  for (const p of postings) {
    if (!Number.isSafeInteger(p.amount) || p.amount === 0) {
      throw new UnbalancedEntryError(`posting to ${p.account} is not a non-zero whole number of cents: ${p.amount}`);
    }
  }
  const sum = postings.reduce((total, p) => total + p.amount, 0);
  if (sum !== 0) throw new UnbalancedEntryError(`postings sum to ${sum}, not 0`);
}

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

export interface TodayCalculations {
  body: number;
  annual_commission: number;
  fine: number;
  all_fines: number;
  amount: number;
}

/**
 * SPEC section 3, calculations.today: what the customer owes today, from the postings plus today's accrual
 * (servicing adds accrual as postings; `accruedToday` is for an accrual computed but not yet posted).
 */
export function todayFromBalances(
  balances: Record<string, { balance: number; debited: number }>,
  accruedToday: { commission?: number; fine?: number } = {},
): TodayCalculations {
  const of = (code: string) => balances[code]?.balance ?? 0;
  const body = of(LoanAccount.principal);
  const annualCommission = of(LoanAccount.commission) + (accruedToday.commission ?? 0);
  const fine = of(LoanAccount.fines) + (accruedToday.fine ?? 0);
  const allFines = (balances[LoanAccount.fines]?.debited ?? 0) + (accruedToday.fine ?? 0);
  return {
    body,
    annual_commission: annualCommission,
    fine,
    all_fines: allFines,
    amount: body + annualCommission + fine,
  };
}

/**
 * Posting recipes: each money event is a list of postings. Repayments, extensions and accrual (issue 11) add
 * recipes here; nothing else writes postings.
 */
export const recipes = {
  /** The bank accepted the payout: the principal leaves cash into clearing until the bank confirms. */
  payoutSent: (_loanId: string, amount: number): Posting[] => [
    { account: GlobalAccount.payoutClearing, amount },
    { account: GlobalAccount.cash, amount: -amount },
  ],
  /** The bank confirmed: the customer owes the principal and the commission agreed in the contract. */
  payoutConfirmed: (loanId: string, principal: number, commission: number): Posting[] => [
    { account: LoanAccount.principal, loanId, amount: principal },
    { account: GlobalAccount.payoutClearing, amount: -principal },
    ...(commission > 0
      ? [
          { account: LoanAccount.commission, loanId, amount: commission },
          { account: GlobalAccount.commissionIncome, amount: -commission },
        ]
      : []),
  ],
  /** The payout bounced: clearing goes back to cash. */
  payoutFailed: (_loanId: string, amount: number): Posting[] => [
    { account: GlobalAccount.cash, amount },
    { account: GlobalAccount.payoutClearing, amount: -amount },
  ],
  /** Fines first, then commission, then principal; anything left over is owed back to the customer. */
  repayment: (
    loanId: string,
    amount: number,
    owed: { fine: number; commission: number; principal: number },
  ): Posting[] => {
    const toFines = Math.min(amount, Math.max(owed.fine, 0));
    const toCommission = Math.min(amount - toFines, Math.max(owed.commission, 0));
    const toPrincipal = Math.min(amount - toFines - toCommission, Math.max(owed.principal, 0));
    const rest = amount - toFines - toCommission - toPrincipal;
    const credits: Posting[] = [
      { account: LoanAccount.fines, loanId, amount: -toFines },
      { account: LoanAccount.commission, loanId, amount: -toCommission },
      { account: LoanAccount.principal, loanId, amount: -toPrincipal },
      { account: GlobalAccount.overpayments, amount: -rest },
    ];
    return [{ account: GlobalAccount.cash, amount }, ...credits.filter((p) => p.amount !== 0)];
  },
};
