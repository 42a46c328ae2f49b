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

/** What a concept asks for, read back from a bank statement line; null when it names no single loan. */
export interface ReadConcept {
  loanReference: string;
  /** The extension's days when the concept asks for one. */
  term: number | null;
}

/**
 * Reads a transfer's concept as the payer wrote it (any case, any words around): exactly one loan reference, and
 * PRORROGA with its days right after for an extension. Two different loans in one concept name none.
 */
export function readPaymentConcept(concept: string): ReadConcept | null {
  const references = new Set([...concept.toUpperCase().matchAll(/\bCR\d{1,18}\b/g)].map((m) => m[0]));
  if (references.size !== 1) return null;
  const [loanReference = ''] = [...references];
  const extension = new RegExp(`\\b${EXTENSION_CONCEPT_WORD}\\s*(\\d{1,3})\\b`).exec(concept.toUpperCase());
  return { loanReference, term: extension ? Number(extension[1]) : null };
}
