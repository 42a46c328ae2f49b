import { api, call, type LoanView, send } from '@credimo/shared';
import type { BankTokenRequest } from '@credimo/shared/contract';
import type { Static } from 'typebox';
import type { AggregationWidget } from './AggregationWidgets';

/**
 * Typed calls of the origination endpoints (shared/src/contract: issueMethod ... loanIssuance). They live in this
 * remote, the only one that makes them, so the shared singleton every page loads does not grow with them.
 */
export const originationCalls = {
  issueMethod: async (body: { method_of_disbursement: 1 | 9; iban?: string }) => {
    await call('issueMethod', { body });
  },
  availableBankAccounts: () => call('availableBankAccounts'),
  approveNewConditions: async () => {
    await call('approveNewConditions');
  },
  signSend: async (): Promise<{ resend_in: number; sandboxCode: string | null }> => {
    const response = await send('signSend');
    const header = response.headers['x-sms-code'];
    return { ...response.data, sandboxCode: typeof header === 'string' ? header : null };
  },
  sign: (code: string): Promise<LoanView> => call('sign', { body: { code } }),
  autodebitComplete: (enabled: boolean): Promise<LoanView> =>
    call('autodebitComplete', { body: { autodebit_enabled: enabled } }),
  /** The aggregation provider's bank session: unnax's token pair or kontomatik's signed session. */
  bankToken: async (body: Static<typeof BankTokenRequest>) => {
    await call('bankToken', { body });
  },
  /**
   * The configured aggregation provider's widget for this customer (GET /aggregation/unnax/widget,
   * access_token in the query): unnax's script or kontomatik's page, for a page at `origin`.
   */
  aggregationWidget: async (token: string, origin: string) =>
    (await api().get<AggregationWidget>('/aggregation/unnax/widget', { params: { access_token: token, origin } })).data,
  /** How the provider's widget ended; an error answers the identity message ("La identidad no ha sido verificada"). */
  widgetStatus: (
    status: 'success' | 'error' | 'cancel',
    code?: string,
  ): Promise<{ status: string; message: string | null }> =>
    call('unnaxWidgetStatus', { params: { status }, body: code ? { code } : {} }),
  /** Starts a card request at the acquirer; the browser then goes to its page, which comes back to `returnUrl`. */
  addPaymentCard: (returnUrl: string): Promise<{ request_id: string; status: string; url: string }> =>
    call('addPaymentCard', { body: { return_url: returnUrl } }),
  /** Idempotent on the API side: one payout per loan, a repeated order answers the same reference. */
  issuance: (): Promise<{ status: number; reference: string }> => call('loanIssuance'),
};
