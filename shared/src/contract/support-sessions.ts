import type { SessionKind } from './identity';
import type { EndpointName } from './index';

/**
 * What a support session may do in a customer's account besides reading it (every GET is allowed to both):
 * one line per call that changes something; a call not listed is the customer's own. An agent assists the
 * customer through registration, the application, signing and payments, but never takes the account (no phone
 * change: an assisted customer has no change-number option; no hand-off of the session). An admin looks at the
 * account as the customer sees it (loads the user, goes to the account) and changes nothing
 * there: staff act through the console, audited as themselves.
 */
export const SUPPORT_SESSION_ACTS: Partial<Record<EndpointName, readonly Exclude<SessionKind, 'customer'>[]>> = {
  logout: ['agent', 'admin'],
  sendLogData: ['agent', 'admin'],
  checkPromocode: ['agent', 'admin'],
  // A sign-in code again (a phone change's code again is changePhone's act).
  resendCode: ['agent', 'admin'],
  notificationsRead: ['agent'],
  personalData: ['agent'],
  personalDataAndAddress: ['agent'],
  address: ['agent'],
  additionalData: ['agent'],
  employment: ['agent'],
  confirmations: ['agent'],
  uploadDocument: ['agent'],
  skipDocument: ['agent'],
  deleteDocument: ['agent'],
  liveness: ['agent'],
  createLoan: ['agent'],
  loanDecisionReview: ['agent'],
  issueMethod: ['agent'],
  bankToken: ['agent'],
  aggregationFallback: ['agent'],
  unnaxWidgetStatus: ['agent'],
  approveNewConditions: ['agent'],
  signSend: ['agent'],
  sign: ['agent'],
  autodebitComplete: ['agent'],
  loanIssuance: ['agent'],
  userIssuance: ['agent'],
  addPaymentCard: ['agent'],
  setDefaultPaymentCard: ['agent'],
  paymentRequest: ['agent'],
  linkCode: ['agent'],
  bizumPaymentRequest: ['agent'],
  activateExtension: ['agent'],
  withdrawal: ['agent'],
};

/** Whether a session of this kind may make this call: reads always, changes as SUPPORT_SESSION_ACTS says. */
export function sessionMay(kind: SessionKind, endpoint: EndpointName, method: string): boolean {
  if (kind === 'customer' || method === 'GET' || method === 'HEAD') return true;
  return SUPPORT_SESSION_ACTS[endpoint]?.includes(kind) === true;
}
