import { LoanStatus, REPAYABLE_LOAN_STATUSES } from '@credimo/shared/domain';
import { dailyBasisPoints, type PricingRules, termsOf } from './price';

/**
 * Pure servicing rules: what may be paid, what an extension costs, what a withdrawal returns and what
 * an overdue day adds. No database here; the servicing room calls these with what it read under the loan's lock.
 */

const S = LoanStatus;

/** Loans that accrue and can be repaid: the shared rule the account's repayment card follows too. */
export const REPAYABLE_STATUSES: readonly number[] = REPAYABLE_LOAN_STATUSES;

/** Only a loan still with us and not in collection can be extended. */
export const EXTENDABLE_STATUSES: readonly number[] = [S.Active, S.Extended, S.Overdue];

/** Moving past the due date makes these Overdue 21; collection statuses stay where the operator put them. */
export const BECOMES_OVERDUE: readonly number[] = [S.Active, S.Extended];

/** Operators' collection steps (23, 24, 29 to 32) by the name they type. */
export const COLLECTION_STEPS: Readonly<Record<string, number>> = {
  'awaiting-collector': S.AwaitingCollector,
  'collector-in-progress': S.CollectorInProgress,
  'pre-court': S.PreCourt,
  court: S.Court,
  'post-court': S.PostCourt,
  execution: S.Execution,
};

// The payment amount (0.1 EUR to today's total, in steps of 0.1 EUR): one rule for the account's typed amount
// and the payment request.
export { PAYMENT_RULES, type PaymentProblem, paymentAmountProblem } from '@credimo/shared/domain';

const roundCents = (value: number) => Math.floor(value + 0.5);

/** Late interest of one overdue day: the product's late rate on the principal still owed. */
export function lateInterestOfDay(principal: number, lateDailyBasisPoints: number): number {
  return principal > 0 ? roundCents((principal * lateDailyBasisPoints) / 10_000) : 0;
}

/** Late interest never takes total fines above the principal lent (a cap so old debts do not grow forever). */
export const FINES_CAP_OF_PRINCIPAL = 1;

export function cappedLateInterest(dayAmount: number, finesSoFar: number, principalLent: number): number {
  return Math.max(0, Math.min(dayAmount, principalLent * FINES_CAP_OF_PRINCIPAL - finesSoFar));
}

/** The terms an extension can be bought for: the product's terms (the screen shows a slider from 7 up). */
export const extensionTerms = (rules: PricingRules): number[] => termsOf(rules);

/** The default extension: the loan's own term when the product offers it, else the longest. */
export function defaultExtensionTerm(rules: PricingRules, loanTerm: number): number {
  const terms = extensionTerms(rules);
  return terms.includes(loanTerm) ? loanTerm : (terms.at(-1) ?? loanTerm);
}

/** An extension's price: the commission of the new term on the principal still owed, less a promo's percent. */
export function extensionCost(
  rules: PricingRules,
  principal: number,
  term: number,
  promoPercent: number | null = null,
): number {
  const full = roundCents((principal * dailyBasisPoints(rules, term) * term) / 10_000);
  return roundCents((full * (100 - (promoPercent ?? 0))) / 100);
}

export interface PromoKinds {
  percent_commission: number | null;
  percent_extension: number | null;
  percent_extension_price: number | null;
}

/**
 * A promo code is unusable for a prolongation when it is a commission code (it says what it
 * discounts), and unusable on a free loan. Returns the percent off the extension, or null when unusable.
 */
export function extensionPromoPercent(promo: PromoKinds, loanIsFree: boolean): number | null {
  if (loanIsFree) return null;
  return promo.percent_extension_price ?? promo.percent_extension ?? null;
}

/** The day an extension moves the due date to: term days after the due date, or after today when already late. */
export function extendedDueDate(mustPayDate: Date, today: Date, term: number): Date {
  const from = mustPayDate.getTime() >= startOfDay(today).getTime() ? mustPayDate : startOfDay(today);
  const next = new Date(from);
  next.setDate(next.getDate() + term);
  return next;
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());

/**
 * The 14-day withdrawal (Ley 16/2011, art. 28): the customer returns the principal plus the interest accrued
 * from the payout to the day, the commission spread evenly over the term.
 */
export function withdrawalAmount(principal: number, commission: number, term: number, daysSincePayout: number) {
  const days = Math.max(0, Math.min(daysSincePayout, term));
  const interest = term > 0 ? roundCents((commission * days) / term) : 0;
  return { principal, interest, amount: principal + interest };
}
