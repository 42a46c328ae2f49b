import { call } from '@credimo/shared';

/** What the payment-methods page is handed by the button that leads there (the account's repayment or prolongation card). */
export interface PaymentChoice {
  payment_type: 'payoff' | 'partial_repay' | 'prolongation';
  amount: number;
  term?: number;
  promocode?: string;
}

export const isPaymentChoice = (value: unknown): value is PaymentChoice => {
  const choice = value as Partial<PaymentChoice> | null;
  return (
    typeof choice === 'object' &&
    choice !== null &&
    ['payoff', 'partial_repay', 'prolongation'].includes(String(choice.payment_type)) &&
    Number.isInteger(choice.amount) &&
    (choice.payment_type !== 'prolongation' || Number.isInteger(choice.term))
  );
};

/** The request's body: a payoff is whatever is owed when it is made; a prolongation is priced by its term. */
const paymentOf = (choice: PaymentChoice) => ({
  payment_type: choice.payment_type,
  ...(choice.payment_type === 'partial_repay' ? { amount: choice.amount } : {}),
  ...(choice.payment_type === 'prolongation' ? { term: choice.term } : {}),
  ...(choice.promocode ? { promocode: choice.promocode } : {}),
});

/** Typed calls of the payment endpoints (shared/src/contract: paymentRequest, bizumPayment), made only here. */
export const paymentCalls = {
  /** POST /v2/loan/payment-request/generate: the card request and its checkout link. */
  card: (choice: PaymentChoice): Promise<{ payment_link: string | null }> =>
    call('paymentRequest', { body: paymentOf(choice) }),
  /**
   * POST /v2/loan/payment/saved_card: charged to a saved card at once. The key names this one payment, so a
   * repeated click or a retried request never charges twice.
   */
  savedCard: (choice: PaymentChoice, cardId: string, key: string): Promise<{ status: string }> =>
    call('savedCardPayment', {
      body: {
        ...paymentOf(choice),
        // The button names the amount: a payoff is charged only if it is still exactly what is owed.
        ...(choice.payment_type === 'payoff' ? { amount: choice.amount } : {}),
        card_id: cardId,
        idempotency_key: key,
      },
    }),
  /**
   * Bizum's query answers the form to post. It is opened with a one-time code for it, never the
   * session token (an address ends up in logs).
   */
  bizum: async (choice: PaymentChoice) => {
    const { code } = await call('linkCode', { body: { page: 'bizum_payment' } });
    const form: { actionUrl: string; fields: Record<string, string> } = await call('bizumPayment', {
      query: { code, ...paymentOf(choice) },
    });
    return form;
  },
};
