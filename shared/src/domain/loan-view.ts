import type { LoanView } from '../contract/loans';
import { APPLICATION_IN_PROGRESS, LOAN_IN_SERVICE, LoanStatus } from './loan-status';

/**
 * SPEC section 4, loan view: what the account shows for the current loan.
 * - none: no loan, or a declined application (the calculator is shown instead);
 * - application: being decided, signed or paid out (the registration remote's screens say where it stands);
 * - processing: a payment waits for the bank and the processing view is on: every payment action waits;
 * - closed: repaid, the review card;
 * - sold: sold or presale, the buyer's data and requisites instead of amounts;
 * - service: the loan detail with its repayment card, and the prolongation card when extendable.
 */
export type LoanViewKind = 'none' | 'application' | 'processing' | 'closed' | 'sold' | 'service';

export const SOLD_STATUSES: readonly number[] = [LoanStatus.Sold, LoanStatus.Presale];
export const CLOSED_VIEW_STATUSES: readonly number[] = [LoanStatus.Returned];
export const DECLINED_STATUSES: readonly number[] = [LoanStatus.Denied, LoanStatus.Timeout];

export function loanViewKind(loan: LoanView | null, processingView: boolean): LoanViewKind {
  if (!loan || DECLINED_STATUSES.includes(loan.status)) return 'none';
  if (CLOSED_VIEW_STATUSES.includes(loan.status)) return 'closed';
  if (SOLD_STATUSES.includes(loan.status)) return 'sold';
  if (loan.has_pending_payment && processingView) return 'processing';
  if (LOAN_IN_SERVICE.includes(loan.status)) return 'service';
  if (APPLICATION_IN_PROGRESS.includes(loan.status)) return 'application';
  return 'application';
}
