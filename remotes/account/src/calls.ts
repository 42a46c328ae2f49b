import { api, call } from '@credimo/shared';
import type {
  ActivateExtensionResponse,
  CardRequestStarted,
  CardValidation,
  ConsentHistory,
  DataExportView,
  ErasureDone,
  ExtensionSchema,
  InboxNotification,
  PartialRepayResponse,
  PaymentCard,
  ProlongResponse,
  WithdrawalSchema,
} from '@credimo/shared/contract';
import type { Static } from 'typebox';

export type PartialRepayOffer = PartialRepayResponse;
export type ProlongOffer = ProlongResponse;
export type Extension = Static<typeof ExtensionSchema>;
export type ActivatedExtension = Static<typeof ActivateExtensionResponse>;
export type Withdrawal = Static<typeof WithdrawalSchema>;
export type InboxItem = Static<typeof InboxNotification>;
export type SavedCard = PaymentCard;

/**
 * Typed calls of the endpoints only the account area makes (shared/src/contract: servicing, cards, notifications).
 * They live in this remote so the shared singleton every page loads does not grow with them.
 */
export const accountCalls = {
  loans: () => call('loans'),
  partialRepay: (): Promise<PartialRepayOffer> => call('partialRepay'),
  prolong: (): Promise<ProlongOffer> => call('prolong'),
  prolongDetails: (term: number, promocode?: string): Promise<Extension> =>
    call('prolongDetails', { query: promocode ? { term, promocode } : { term } }),
  activateExtension: (term: number, promocode?: string): Promise<ActivatedExtension> =>
    call('activateExtension', { body: promocode ? { term, promocode } : { term } }),
  withdraw: (): Promise<Withdrawal> => call('withdrawal', { body: { confirm: true } }),
  bankAccounts: () => call('availableBankAccounts'),
  paymentCards: (): Promise<PaymentCard[]> => call('paymentCards'),
  setDefaultCard: async (id: string) => {
    await call('setDefaultPaymentCard', { params: { id } });
  },
  validateCard: (id: string): Promise<Static<typeof CardValidation>> => call('validatePaymentCard', { params: { id } }),
  addCard: (): Promise<Static<typeof CardRequestStarted>> => call('addPaymentCard', { body: {} }),
  inbox: (): Promise<InboxItem[]> => call('notificationsInbox'),
  markRead: async (ids: string[]) => {
    await call('notificationsRead', { body: { ids } });
  },
  dataExport: (): Promise<DataExportView> => call('dataExport'),
  requestDataExport: (): Promise<DataExportView> => call('requestDataExport'),
  consents: (): Promise<ConsentHistory> => call('consentHistory'),
  withdrawMarketing: (): Promise<ConsentHistory> => call('withdrawMarketing'),
  erase: (): Promise<ErasureDone> => call('erasure', { body: { confirm: true } }),
  /** An address the API gave (relative ones are on the API's own origin) made absolute for the browser. */
  apiAddress: (path: string) => new URL(path, api().defaults.baseURL ?? undefined).toString(),
};
