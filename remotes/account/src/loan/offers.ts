import { type LoanView, loanAtom } from '@credimo/shared';
import { atom, type createStore } from 'jotai';
import { accountCalls, type ProlongOffer } from '../calls';
import { cardAnswer } from './answer';

/** The repayment range changes with today's total. */
export const repaymentKey = (loan: LoanView) => `${loan.id}:${loan.calculations?.today.amount ?? ''}`;
/** The terms on offer change with the due date and the status. */
export const prolongationKey = (loan: LoanView) => `${loan.id}:${loan.must_pay_date ?? ''}:${loan.status}`;

const keyOf = (key: (loan: LoanView) => string) =>
  atom((get) => {
    const loan = get(loanAtom);
    return loan && key(loan);
  });

/**
 * The loan's offers the account's cards are drawn from (GET /v2/loan/partial_repay, GET /v2/loan/prolong), read
 * while rendering (answer.ts): the screen shows once the repayment and prolongation cards can, as the server's
 * first paint drew them. A failed call is no offer: that card is not shown.
 */
export const partialRepayOffer = cardAnswer(keyOf(repaymentKey), () => accountCalls.partialRepay(), null);
export const prolongOffer = cardAnswer(keyOf(prolongationKey), () => accountCalls.prolong(), null);

/** Asks for both offers at once: the cards suspend in turn, and their calls should not wait for each other. */
export function preloadOffers(store: ReturnType<typeof createStore>, repayable: boolean, extendable: boolean): void {
  if (repayable) store.get(partialRepayOffer.answer);
  if (extendable) store.get(prolongOffer.answer);
}

/** The term chosen when the card shows: the API's default when it is on offer, else the first one. */
export function defaultTerm(offer: ProlongOffer | null): number | null {
  if (!offer) return null;
  const terms = offer.available_extensions;
  return terms.includes(offer.default_extension_term) ? offer.default_extension_term : (terms[0] ?? null);
}
