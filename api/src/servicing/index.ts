/** Servicing: the loan's life after payout. Other rooms and routes reach it through here. */
export { clockToday, tickClock } from '../domain/clock';
export { type AppliedPayment, applyPayment } from './apply-payment';
export { type CessionBuyer, moveToCollectionStep, offerForSale, sellLoan } from './collection';
export { type AutoDebitCharger, runServicingDay, serviceLoan } from './day';
export { type ExtensionQuote, extensionOffer, isExtendable, quoteExtension } from './extension';
export { type Owed, owedOf } from './owed';
export {
  checkoutRequest,
  hasPendingPayment,
  type PaymentRequestInput,
  requestPayment,
  requireBizumEnabled,
  type SettledPayment,
  settlePaymentRequest,
  settlePaymentRequestIn,
} from './payment-requests';
export { withdraw } from './withdrawal';
