import { call } from '@credimo/shared';
import type { CollectionContact, CustomerRightsResponse, DecisionResponse } from '@credimo/shared/contract';

/** The customer's-rights calls, loaded with the cards that make them (not in the account's first load). */
export const rightsCalls = {
  decision: (): Promise<DecisionResponse> => call('loanDecision'),
  askReview: async (comment: string) => {
    await call('loanDecisionReview', { body: comment ? { comment } : {} });
  },
  settings: (): Promise<CustomerRightsResponse> => call('customerRights'),
  contacts: (): Promise<CollectionContact[]> => call('loanContacts'),
};
