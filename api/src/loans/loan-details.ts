import type { LoanView } from '@credimo/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { loanBalances, todayFromBalances } from '../domain/ledger';
import { clockToday, servicingView } from '../servicing';
import { agreementsOf } from './agreements';
import { currentLoan, type LoanRowLike, loanRowsOf, loanView } from './applications';
import { openLoanId } from './ownership';

/** The loan view with what lives outside the loan row: balances from the ledger and the agreement links. */
export async function fullLoanView(db: Kysely<Database>, row: LoanRowLike, given?: Date): Promise<LoanView> {
  // Servicing's clock: the sandbox can run ahead of the real date (npm run ops -- advance-days N).
  const today = given ?? (await clockToday(db));
  const [balances, agreements, servicing] = await Promise.all([
    loanBalances(db, String(row.id)),
    agreementsOf(db, String(row.id)),
    servicingView(db, row, today),
  ]);
  return { ...loanView(row, today), agreements, calculations: { today: todayFromBalances(balances) }, ...servicing };
}

/** The customer's open loan as the API answers it (404 when there is none, as openLoanId says). */
export async function openLoanView(db: Kysely<Database>, userId: string): Promise<LoanView> {
  const loanId = await openLoanId(db, userId);
  const row = await db.selectFrom('loans').selectAll().where('id', '=', loanId).executeTakeFirstOrThrow();
  return fullLoanView(db, row);
}

/** GET /v2/loan: the current loan as the API answers it, or null. */
export async function currentLoanView(db: Kysely<Database>, userId: string): Promise<LoanView | null> {
  const loan = await currentLoan(db, userId);
  return loan ? fullLoanView(db, loan) : null;
}

/** GET /v2/loans: every application and loan of the customer, newest first. */
export async function loansOf(db: Kysely<Database>, userId: string): Promise<LoanView[]> {
  const rows = await loanRowsOf(db, userId);
  return Promise.all(rows.map((row) => fullLoanView(db, row)));
}
