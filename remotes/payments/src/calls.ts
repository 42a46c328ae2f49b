import { accessTokenAtom, api, type LoanView, sessionStore } from '@credimo/shared';

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
  loan: async () => (await api().get<LoanView | null>('/v2/loan')).data,
  /** POST /v2/loan/payment-request/generate: the card request and its checkout link. */
  card: async (choice: PaymentChoice) =>
    (await api().post<{ payment_link: string | null }>('/v2/loan/payment-request/generate', paymentOf(choice))).data,
  /** SPEC section 7: Bizum's query (with the access token) answers the form to post. */
  bizum: async (choice: PaymentChoice) =>
    (
      await api().get<{ actionUrl: string; fields: Record<string, string> }>('/v2/loan/payment/bizum', {
        params: { access_token: sessionStore.get(accessTokenAtom) ?? '', ...paymentOf(choice) },
      })
    ).data,
};
