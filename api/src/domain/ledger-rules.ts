/**
 * The ledger's rules, pure (no database): the accounts, the balance check every transaction passes, what a loan owes
 * today from its balances, and the posting recipes. `ledger.ts` writes and reads postings with these.
 * Debits are positive, credits negative, so an asset account's balance is the plain sum of its postings.
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
  /** Receivables handed to a buyer when a loan is sold. */
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

export interface TodayCalculations {
  body: number;
  annual_commission: number;
  fine: number;
  all_fines: number;
  amount: number;
}

/**
 * The loan's calculations.today: what the customer owes today, from the postings plus today's accrual
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
 * Posting recipes: each money event is a list of postings, from the payout to the sale. Every posting the
 * ledger holds was written by one of these; nothing else writes postings.
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
  // After the payout: late interest, extensions, withdrawal and sale.
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
  /** Forbearance's price added to the debt: moving the due date, or agreeing an instalment plan (its schedule in the detail). */
  dueDateChanged: (loanId: string, cost: number): Posting[] => [
    { account: LoanAccount.commission, loanId, amount: cost },
    { account: GlobalAccount.commissionIncome, amount: -cost },
  ],
  planAgreed: (loanId: string, cost: number): Posting[] => [
    { account: LoanAccount.commission, loanId, amount: cost },
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
