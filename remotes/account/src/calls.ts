import { api, type LoanView } from '@credimo/shared';
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
  loans: async () => (await api().get<LoanView[]>('/v2/loans')).data,
  partialRepay: async () => (await api().get<PartialRepayOffer>('/v2/loan/partial_repay')).data,
  prolong: async () => (await api().get<ProlongOffer>('/v2/loan/prolong')).data,
  prolongDetails: async (term: number, promocode?: string) =>
    (await api().get<Extension>('/v2/loan/prolong_details', { params: promocode ? { term, promocode } : { term } }))
      .data,
  activateExtension: async (term: number, promocode?: string) =>
    (await api().post<ActivatedExtension>('/v2/loan/activate_extension', promocode ? { term, promocode } : { term }))
      .data,
  withdraw: async () => (await api().post<Withdrawal>('/v2/loan/withdrawal', { confirm: true })).data,
  bankAccounts: async () => (await api().get<string[]>('/v2/user/available_bank_accounts')).data,
  paymentCards: async () => (await api().get<PaymentCard[]>('/v2/user/payment_cards')).data,
  setDefaultCard: async (id: string) => {
    await api().put(`/v2/user/payment_card/${encodeURIComponent(id)}`);
  },
  validateCard: async (id: string) =>
    (await api().get<Static<typeof CardValidation>>(`/v2/user/payment_card/${encodeURIComponent(id)}/validate`)).data,
  addCard: async () => (await api().post<Static<typeof CardRequestStarted>>('/v2/user/payment_card', {})).data,
  inbox: async () => (await api().get<InboxItem[]>('/v2/notifications/inbox')).data,
  markRead: async (ids: string[]) => {
    await api().post('/v2/notifications/read', { ids });
  },
  dataExport: async () => (await api().get<DataExportView>('/v2/user/data_export')).data,
  requestDataExport: async () => (await api().post<DataExportView>('/v2/user/data_export')).data,
  consents: async () => (await api().get<ConsentHistory>('/v2/user/consents')).data,
  withdrawMarketing: async () => (await api().post<ConsentHistory>('/v2/user/consents/marketing/withdraw')).data,
  erase: async () => (await api().post<ErasureDone>('/v2/user/erasure', { confirm: true })).data,
  /** An address the API gave (relative ones are on the API's own origin) made absolute for the browser. */
  apiAddress: (path: string) => new URL(path, api().defaults.baseURL ?? undefined).toString(),
};
