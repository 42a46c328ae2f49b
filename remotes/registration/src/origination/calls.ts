import { api, type LoanView } from '@credimo/shared';
import type { AggregationWidget } from './AggregationWidgets';

/**
 * Typed calls of the origination endpoints (shared/src/contract: issueMethod ... loanIssuance). They live in this
 * remote, the only one that makes them, so the shared singleton every page loads does not grow with them.
 */
export const originationCalls = {
  issueMethod: async (body: { method_of_disbursement: 1 | 9; iban?: string }) => {
    await api().put('/v2/user/issue_method', body);
  },
  availableBankAccounts: async () => (await api().get<string[]>('/v2/user/available_bank_accounts')).data,
  approveNewConditions: async () => {
    await api().post('/v2/loan/approve_new_conditions');
  },
  signSend: async (): Promise<{ resend_in: number; sandboxCode: string | null }> => {
    const response = await api().post<{ resend_in: number }>('/v2/loan/sign_send');
    const header = response.headers['x-sms-code'];
    return { ...response.data, sandboxCode: typeof header === 'string' ? header : null };
  },
  sign: async (code: string) => (await api().post<LoanView>('/v2/loan/sign', { code })).data,
  autodebitComplete: async (enabled: boolean) =>
    (await api().post<LoanView>('/v2/loan/steps/autodebit/complete', { autodebit_enabled: enabled })).data,
  /** The aggregation provider's bank session: unnax's token pair or kontomatik's signed session. */
  bankToken: async (body: Record<string, string>) => {
    await api().post('/v2/loan/bank_token', body);
  },
  /**
   * The configured aggregation provider's widget for this customer (SPEC section 7: GET /aggregation/unnax/widget,
   * access_token in the query): unnax's script or kontomatik's page, for a page at `origin`.
   */
  aggregationWidget: async (token: string, origin: string) =>
    (await api().get<AggregationWidget>('/aggregation/unnax/widget', { params: { access_token: token, origin } })).data,
  /** How the provider's widget ended; an error answers SPEC's identity message. */
  widgetStatus: async (status: 'success' | 'error' | 'cancel', code?: string) =>
    (
      await api().post<{ status: string; message: string | null }>(
        `/v2/aggregation/unnax/widget/${status}`,
        code ? { code } : {},
      )
    ).data,
  /** Starts a card request at the acquirer; the browser then goes to its page, which comes back to `returnUrl`. */
  addPaymentCard: async (returnUrl: string) =>
    (
      await api().post<{ request_id: string; status: string; url: string }>('/v2/user/payment_card', {
        return_url: returnUrl,
      })
    ).data,
  /** Idempotent on the API side: one payout per loan, a repeated order answers the same reference. */
  issuance: async () => (await api().post<{ status: number; reference: string }>('/v2/loan/issuance')).data,
};
