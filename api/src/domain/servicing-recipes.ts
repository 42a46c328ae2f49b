import { GlobalAccount, LoanAccount, type Posting } from './ledger';

/**
 * Servicing's posting recipes, beside origination's in ledger.ts. Repayment itself is
 * `recipes.repayment` there (fines, then commission, then principal, then overpayment).
 */
export const servicingRecipes = {
  /** One overdue day's late interest: the customer owes it, the company earns it. */
  lateInterest: (loanId: string, amount: number): Posting[] => [
    { account: LoanAccount.fines, loanId, amount },
    { account: GlobalAccount.fineIncome, amount: -amount },
  ],
  /** An extension paid: the cash comes in as commission income; the loan's debt is unchanged. */
  extensionPaid: (_loanId: string, cost: number): Posting[] => [
    { account: GlobalAccount.cash, amount: cost },
    { account: GlobalAccount.commissionIncome, amount: -cost },
  ],
  /** Commission not owed after all (withdrawal: only the interest to the day stays). */
  commissionWaived: (loanId: string, amount: number): Posting[] => [
    { account: GlobalAccount.commissionIncome, amount },
    { account: LoanAccount.commission, loanId, amount: -amount },
  ],
  /** A sold loan's receivables leave our books for the buyer's (the sale price is settled outside the loan). */
  sold: (loanId: string, owed: { principal: number; commission: number; fine: number }): Posting[] => {
    const total = owed.principal + owed.commission + owed.fine;
    const credits: Posting[] = [
      { account: LoanAccount.principal, loanId, amount: -owed.principal },
      { account: LoanAccount.commission, loanId, amount: -owed.commission },
      { account: LoanAccount.fines, loanId, amount: -owed.fine },
    ];
    return [{ account: GlobalAccount.loansSold, amount: total }, ...credits.filter((p) => p.amount !== 0)];
  },
};
