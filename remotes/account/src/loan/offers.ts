import type { LoanView } from '@credimo/shared';
import { accountCalls, type PartialRepayOffer, type ProlongOffer } from '../calls';
import { heldAnswer } from './held-answer';

/**
 * The loan's offers the account's cards are drawn from (GET /v2/loan/partial_repay, GET /v2/loan/prolong), read
 * while rendering (held-answer.ts): the screen shows once the repayment and prolongation cards can, as the
 * server's first paint drew them. A failed call is no offer: that card is not shown.
 */
export const partialRepayOffers = heldAnswer<PartialRepayOffer | null>(
  () => accountCalls.partialRepay(),
  () => null,
);
export const prolongOffers = heldAnswer<ProlongOffer | null>(
  () => accountCalls.prolong(),
  () => null,
);

/** The repayment range changes with today's total. */
export const repaymentKey = (loan: LoanView) => `${loan.id}:${loan.calculations?.today.amount ?? ''}`;
/** The terms on offer change with the due date and the status. */
export const prolongationKey = (loan: LoanView) => `${loan.id}:${loan.must_pay_date ?? ''}:${loan.status}`;

/** Asks for both offers at once: the cards suspend in turn, and their calls should not wait for each other. */
export function preloadOffers(loan: LoanView, repayable: boolean, extendable: boolean): void {
  if (repayable) partialRepayOffers.preload(repaymentKey(loan));
  if (extendable) prolongOffers.preload(prolongationKey(loan));
}

/** The term chosen when the card shows: the API's default when it is on offer, else the first one. */
export function defaultTerm(offer: ProlongOffer | null): number | null {
  if (!offer) return null;
  const terms = offer.available_extensions;
  return terms.includes(offer.default_extension_term) ? offer.default_extension_term : (terms[0] ?? null);
}

/** Tests: forget the kept offers. */
export function resetOffers(): void {
  partialRepayOffers.reset();
  prolongOffers.reset();
}
