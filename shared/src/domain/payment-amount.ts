import type { MessageKey } from '../i18n/messages';

/** The repayment slider: from 0.1 EUR to today's total in steps of 0.1 EUR (10 cents). */
export const PAYMENT_RULES = { minimum: 10, step: 10 } as const;

export type PaymentProblem = 'notPositive' | 'aboveTotal' | 'offStep' | null;

/**
 * A customer's payment amount: whole cents, at least 0.1 EUR, at most today's total, on the 10-cent step
 * (today's total itself is always allowed, since it need not sit on the step). The account's typed amount and
 * the API's payment request both ask this.
 */
export function paymentAmountProblem(amount: number, total: number): PaymentProblem {
  if (!Number.isSafeInteger(amount) || amount < PAYMENT_RULES.minimum) return 'notPositive';
  if (amount > total) return 'aboveTotal';
  if (amount !== total && amount % PAYMENT_RULES.step !== 0) return 'offStep';
  return null;
}

/** What the customer reads for each problem (the API answers the same texts on the `amount` field). */
export const PAYMENT_PROBLEM_MESSAGES: Record<Exclude<PaymentProblem, null>, MessageKey> = {
  notPositive: 'paymentAmountInvalid',
  aboveTotal: 'paymentAboveTotal',
  offStep: 'paymentOffStep',
};

/** An amount in cents as the customer types it: "100,00" (the field's unit, €, is in its label). */
export const amountInputOf = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
