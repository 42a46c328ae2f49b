import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { LoanAccount, loanBalances } from '../domain/ledger';

export interface Owed {
  principal: number;
  commission: number;
  fine: number;
  /** Late interest ever charged (the cap counts it). */
  finesCharged: number;
  total: number;
}

/** What the customer owes now, derived from the loan's postings only. */
export async function owedOf(db: Kysely<Database>, loanId: string): Promise<Owed> {
  const balances = await loanBalances(db, loanId);
  const of = (code: string) => Math.max(balances[code]?.balance ?? 0, 0);
  const principal = of(LoanAccount.principal);
  const commission = of(LoanAccount.commission);
  const fine = of(LoanAccount.fines);
  return {
    principal,
    commission,
    fine,
    finesCharged: balances[LoanAccount.fines]?.debited ?? 0,
    total: principal + commission + fine,
  };
}
