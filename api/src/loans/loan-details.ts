import type { LoanView } from '@credimo/shared/contract';
import { LoanStatus } from '@credimo/shared/domain';
import type { Kysely, Selectable } from 'kysely';
import type { Database, LoansTable } from '../db/schema';
import { loanBalances, todayFromBalances } from '../domain/ledger';
import { clockToday, servicingView } from '../servicing';
import { agreementsOf } from './agreements';
import { loanView } from './applications';

/** The loan view with what lives outside the loan row: balances from the ledger and the agreement links. */
export async function fullLoanView(db: Kysely<Database>, row: Selectable<LoansTable>, given?: Date): Promise<LoanView> {
  // Servicing's clock: the sandbox can run ahead of the real date (npm run ops -- advance-days N).
  const today = given ?? (await clockToday(db));
  const [balances, agreements, servicing] = await Promise.all([
    loanBalances(db, String(row.id)),
    agreementsOf(db, String(row.id)),
    servicingView(db, row, today),
  ]);
  return { ...loanView(row, today), agreements, calculations: { today: todayFromBalances(balances) }, ...servicing };
}

/** SPEC section 3, is_repeated: the customer has paid back a loan before. */
export async function isRepeatedCustomer(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('loans')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', LoanStatus.Returned)
    .executeTakeFirst();
  return row !== undefined;
}
