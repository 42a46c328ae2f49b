/** Servicing: the loan's life after payout. Other rooms and routes reach it through here. */
export { clockToday, tickClock } from '../domain/clock';
export { type CessionBuyer, moveToCollectionStep, offerForSale, sellLoan } from './collection';
export { type AutoDebitCharger, runServicingDay, serviceLoan } from './day';
export { type ExtensionQuote, extensionOffer, isExtendable, quoteExtension } from './extension';
export { type Owed, owedOf } from './owed';
export {
  type AppliedPayment,
  applyPayment,
  checkoutRequest,
  hasPendingPayment,
  type PaymentRequestInput,
  requestPayment,
  requireBizumEnabled,
  type SettledPayment,
  settlePaymentRequest,
  settlePaymentRequestIn,
} from './payments';
export { withdraw } from './withdrawal';
