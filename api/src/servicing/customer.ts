import { endpoints } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import type { Kysely } from 'kysely';
import type { CustomerFlagDefaults } from '../config';
import type { Database } from '../db/schema';
import { PAYMENT_RULES, REPAYABLE_STATUSES } from '../domain/servicing-rules';
import { ApiError } from '../errors';
import { openLoanId } from '../loans/ownership';
import type { PaymentCheckout } from '../providers/payments';
import { extensionOffer, isExtendable, quoteExtension } from './extension';
import { owedOf } from './owed';
import { hasPendingPayment, type PaymentRequestInput, requestPayment, requireBizumEnabled } from './payment-requests';

/** What the customer's servicing calls start from: their own open loan, through their session only. */
async function ownLoan(db: Kysely<Database>, userId: string) {
  const loanId = await openLoanId(db, userId);
  const loan = await db.selectFrom('loans').selectAll().where('id', '=', loanId).executeTakeFirstOrThrow();
  return { loan, owed: await owedOf(db, loanId), pending: await hasPendingPayment(db, loanId) };
}

/** GET /v2/loan/partial_repay: the slider's range (0.1 EUR to today's total, step 0.1 EUR). */
export async function partialRepayOffer(db: Kysely<Database>, userId: string) {
  const { loan, owed, pending } = await ownLoan(db, userId);
  if (!REPAYABLE_STATUSES.includes(loan.status)) throw ApiError.request(409, messages.loanNotRepayable);
  return {
    min: Math.min(PAYMENT_RULES.minimum, owed.total),
    max: owed.total,
    step: PAYMENT_RULES.step,
    has_pending_payment: pending,
    today: { body: owed.principal, annual_commission: owed.commission, fine: owed.fine, amount: owed.total },
  };
}

async function extendableLoan(db: Kysely<Database>, userId: string) {
  const own = await ownLoan(db, userId);
  const withdrawn = await db
    .selectFrom('loan_withdrawals')
    .select('loan_id')
    .where('loan_id', '=', own.loan.id)
    .executeTakeFirst();
  if (!isExtendable(own.loan, own.pending) || withdrawn) throw ApiError.request(409, messages.loanNotExtendable);
  return own;
}

/**
 * An extension's payment_link: the card payment address (GET with payment_type, term,
 * promocode) for this extension, on the API's public address. The session token is never put in it: the browser
 * adds its own access_token when it opens the link.
 */
export function extensionPaymentLink(apiUrl: string, quote: { term: number; promocode: string | null }): string {
  const url = new URL(endpoints.cardPayment.path, apiUrl);
  url.searchParams.set('payment_type', 'prolongation');
  url.searchParams.set('term', String(quote.term));
  if (quote.promocode) url.searchParams.set('promocode', quote.promocode);
  return url.toString();
}

/** GET /v2/loan/prolong: every extension term on offer with its price and its payment link. */
export async function prolongOffer(db: Kysely<Database>, userId: string, today: Date, apiUrl: string) {
  const { loan, owed } = await extendableLoan(db, userId);
  const offer = await extensionOffer(db, loan, owed, today);
  return {
    ...offer,
    extensions: offer.extensions.map((quote) => ({ ...quote, payment_link: extensionPaymentLink(apiUrl, quote) })),
  };
}

/** GET /v2/loan/prolong_details: one term's price, with a promo code when it may be used for an extension. */
export async function prolongDetails(
  db: Kysely<Database>,
  userId: string,
  term: number,
  promocode: string | undefined,
  today: Date,
  apiUrl: string,
) {
  const { loan, owed } = await extendableLoan(db, userId);
  const quote = await quoteExtension(db, loan, owed, term, promocode, today);
  return { ...quote, payment_link: extensionPaymentLink(apiUrl, quote) };
}

/**
 * POST /v2/loan/activate_extension: the chosen extension becomes a card payment request for its cost; the
 * extension takes effect when the payment arrives (Extended 20, due date moved).
 */
export async function activateExtension(
  db: Kysely<Database>,
  userId: string,
  input: { term: number; promocode?: string },
  today: Date,
  checkout: PaymentCheckout | null,
) {
  const { loan, owed } = await extendableLoan(db, userId);
  const quote = await quoteExtension(db, loan, owed, input.term, input.promocode, today);
  const { request } = await requestPayment(
    db,
    userId,
    'card',
    { payment_type: 'prolongation', term: input.term, ...(input.promocode ? { promocode: input.promocode } : {}) },
    today,
    checkout,
  );
  return { ...quote, reference: request.reference, payment_link: request.payment_link };
}

/**
 * The Bizum query: the payment request (made or found, as POST …/bizum/generate does) and the
 * form the browser posts to Bizum's checkout. A checkout without a form (none installed) is not reachable here.
 */
export async function bizumPaymentForm(
  db: Kysely<Database>,
  userId: string,
  input: PaymentRequestInput,
  today: Date,
  checkout: PaymentCheckout | null,
  flagDefaults: CustomerFlagDefaults,
) {
  if (!checkout?.formFor) throw ApiError.request(404, messages.routeNotFound);
  await requireBizumEnabled(db, userId, flagDefaults);
  const { request } = await requestPayment(db, userId, 'bizum', input, today, checkout);
  return { reference: request.reference, ...checkout.formFor(request) };
}
