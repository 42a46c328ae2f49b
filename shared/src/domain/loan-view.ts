import type { LoanView } from '../contract/loans';
import { autoDebitCardOnFile, type SavedCardExpiry } from './cards';
import { LOAN_IN_SERVICE, LoanStatus, REPAYABLE_LOAN_STATUSES } from './loan-status';

/**
 * The loan view: what the account shows for the current loan.
 * - none: no loan (the calculator is shown instead);
 * - declined: the latest application was refused or timed out: the declined text, and the calculator below;
 * - application: being decided, signed or paid out (the registration remote's screens say where it stands);
 * - processing: a payment waits for the bank and the processing view is on: every payment action waits;
 * - closed: repaid, the review card;
 * - sold: sold or presale, the buyer's data and requisites instead of amounts (a presale loan is still repayable);
 * - service: the loan detail with its repayment card, and the prolongation card when extendable.
 */
export type LoanViewKind = 'none' | 'declined' | 'application' | 'processing' | 'closed' | 'sold' | 'service';

export const SOLD_STATUSES: readonly number[] = [LoanStatus.Sold, LoanStatus.Presale];
export const CLOSED_VIEW_STATUSES: readonly number[] = [LoanStatus.Returned];
export const DECLINED_STATUSES: readonly number[] = [LoanStatus.Denied, LoanStatus.Timeout];

export function loanViewKind(loan: LoanView | null, processingView: boolean): LoanViewKind {
  if (!loan) return 'none';
  if (DECLINED_STATUSES.includes(loan.status)) return 'declined';
  if (CLOSED_VIEW_STATUSES.includes(loan.status)) return 'closed';
  if (loan.has_pending_payment && processingView) return 'processing';
  if (SOLD_STATUSES.includes(loan.status)) return 'sold';
  if (LOAN_IN_SERVICE.includes(loan.status)) return 'service';
  return 'application';
}

/** The steps between an approval and the signature (files asked for, IBAN, bank, new conditions, signing). */
export const APPROVED_UNSIGNED_STATUSES: readonly number[] = [
  LoanStatus.AwaitingIssuanceMethod,
  LoanStatus.AwaitingBankProcessData,
  LoanStatus.AwaitingSignContract,
];

/**
 * An approved application not yet signed: the pages of its last steps say it was approved, and for how much (the
 * decision moves the customer on from the waiting page, which would otherwise be all they are told).
 */
export const approvalToAnnounce = (loan: LoanView | null) =>
  loan !== null && Boolean(loan.approve_date) && APPROVED_UNSIGNED_STATUSES.includes(loan.status);

/**
 * Repayable statuses show the repayment card (not while a payment waits for the bank). The same
 * statuses the API takes payments for; presale included (see docs/journey.md), sold not.
 */
export const isRepayable = (loan: LoanView) =>
  REPAYABLE_LOAN_STATUSES.includes(loan.status) && !loan.has_pending_payment;

/** Extendable loans show the prolongation card. */
export const isExtendable = (loan: LoanView) => isRepayable(loan) && loan.extendable === true;

/** The help banner shows when 3 or fewer days remain (and when late). */
export const HELP_BANNER_DAYS = 3;
export const showsHelpBanner = (loan: LoanView) =>
  (loan.days.late ?? 0) > 0 || (loan.days.left !== undefined && loan.days.left <= HELP_BANNER_DAYS);

/** The status bar: the share of the term gone, 0 to 100 (a late loan is full). */
export function termProgress(days: LoanView['days']): number {
  if ((days.late ?? 0) > 0 || days.total <= 0) return 100;
  const left = Math.min(Math.max(days.left ?? days.total, 0), days.total);
  return Math.round(((days.total - left) / days.total) * 100);
}

/** An extension selector is a slider unless there are fewer than 7 options. */
export const EXTENSION_SELECT_MAX_OPTIONS = 7;
export const extensionControl = (terms: readonly number[]) =>
  terms.length < EXTENSION_SELECT_MAX_OPTIONS ? 'select' : 'slider';

/** Signed and past the auto-debit step: the payout is ordered (again, harmlessly: one payout per loan). */
export const payoutDue = (loan: LoanView) =>
  loan.status === LoanStatus.ContractSigned && loan.auto_debit_step_completed;

/**
 * The auto-debit redirect (rule 13) shows its page only to a customer with no card: one with a card on file that
 * can carry auto-debit comes to the account with the step still open, and it is completed with auto-debit on that
 * card (the API's rule, so it is not refused).
 */
export const autoDebitStepDoneByCard = (
  loan: LoanView,
  user: { payment_cards?: readonly SavedCardExpiry[] | null; payment_card_request_status?: string | null } | null,
) => loan.status === LoanStatus.ContractSigned && !loan.auto_debit_step_completed && autoDebitCardOnFile(user);

/** Signed, the payout still to order (the account's loan progress orders it on arrival). */
export const payoutToOrder = (loan: LoanView, user: Parameters<typeof autoDebitStepDoneByCard>[1]) =>
  payoutDue(loan) || autoDebitStepDoneByCard(loan, user);

/**
 * The account's loan progress (the registration remote's LoanProgressScreen): money on the way once the payout
 * is due or ordered, a bounced payout with its retry, nothing for other loans.
 */
export type LoanProgressKind = 'moneyOnTheWay' | 'payoutFailed' | null;
export function loanProgressKind(
  loan: LoanView | null,
  user: Parameters<typeof autoDebitStepDoneByCard>[1],
): LoanProgressKind {
  if (!loan) return null;
  if (payoutToOrder(loan, user) || loan.status === LoanStatus.Processing) return 'moneyOnTheWay';
  return loan.status === LoanStatus.ProcessingFail ? 'payoutFailed' : null;
}
