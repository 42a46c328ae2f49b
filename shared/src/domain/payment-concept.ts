/**
 * What a bank transfer's or cash deposit's concept says, so the lender applies the money as meant: the loan's
 * reference, and for an extension the word PRORROGA and its days (without it the money would only repay).
 * The operator recording the payment reads the same words back (`npm run ops -- payment-received … prorroga 7`).
 */
export const EXTENSION_CONCEPT_WORD = 'PRORROGA';

export function paymentConcept(
  loanReference: string,
  payment: { payment_type: 'payoff' | 'partial_repay' | 'prolongation'; term?: number },
): string {
  return payment.payment_type === 'prolongation' && payment.term
    ? `${loanReference} ${EXTENSION_CONCEPT_WORD} ${payment.term}`
    : loanReference;
}
