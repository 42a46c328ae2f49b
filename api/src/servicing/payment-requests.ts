import { randomUUID } from 'node:crypto';
import { messages } from '@credimo/shared/i18n';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { CustomerFlagDefaults } from '../config';
import { customerFeatures } from '../customer-flags';
import type { Database, LoansTable, PaymentChannel, PaymentRequestsTable, PaymentType } from '../db/schema';
import { paymentAmountProblem, REPAYABLE_STATUSES } from '../domain/servicing-rules';
import { lockLoan } from '../domain/transitions';
import { ApiError } from '../errors';
import { openLoanId } from '../loans/ownership';
import type { PaymentCheckout } from '../providers/payments';
import { isExtendable, quoteExtension } from './extension';
import { owedOf } from './owed';

type LoanRow = Selectable<LoansTable>;

import { type AppliedPayment, applyPaymentIn } from './apply-payment';

/*
 * The customer's payment requests: one at a time per loan, for an amount checked against today's debt, paid at a
 * card or Bizum checkout, settled by the provider's answer (applied through apply-payment.ts).
 */

/** A pending card or Bizum request older than this no longer blocks the customer (the provider never answered). */
export const PENDING_PAYMENT_MINUTES = 30;

export interface PaymentRequestInput {
  payment_type: PaymentType;
  amount?: number;
  term?: number;
  promocode?: string;
}

export interface PaymentRequestView {
  reference: string;
  payment_type: PaymentType;
  channel: PaymentChannel;
  amount: number;
  term: number | null;
  status: string;
  payment_link: string | null;
}

const requestView = (row: Selectable<PaymentRequestsTable>, checkout: PaymentCheckout | null): PaymentRequestView => ({
  reference: row.reference,
  payment_type: row.payment_type,
  channel: row.channel,
  amount: Number(row.amount),
  term: row.term,
  status: row.status,
  payment_link:
    row.status === 'pending' && checkout
      ? checkout.linkFor({
          reference: row.reference,
          channel: row.channel,
          amount: Number(row.amount),
          payment_type: row.payment_type,
        })
      : null,
});

/** Pending requests the provider never answered stop blocking the loan. */
async function expireStaleRequests(trx: Transaction<Database>, loanId: string) {
  await trx
    .updateTable('payment_requests')
    .set({ status: 'failed', settled_at: new Date() })
    .where('loan_id', '=', loanId)
    .where('status', '=', 'pending')
    .where('created_at', '<', sql<Date>`now() - make_interval(mins => ${PENDING_PAYMENT_MINUTES})`)
    .execute();
}

export async function hasPendingPayment(db: Kysely<Database>, loanId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_requests')
    .select('id')
    .where('loan_id', '=', loanId)
    .where('status', '=', 'pending')
    .where('created_at', '>=', sql<Date>`now() - make_interval(mins => ${PENDING_PAYMENT_MINUTES})`)
    .executeTakeFirst();
  return row !== undefined;
}

/** The amount a request is for, checked against today's debt (never taken from the client unchecked). */
async function amountFor(trx: Transaction<Database>, loan: LoanRow, input: PaymentRequestInput, today: Date) {
  const owed = await owedOf(trx, loan.id);
  if (input.payment_type === 'payoff') {
    if (input.amount !== undefined && input.amount !== owed.total) {
      throw ApiError.field(422, 'amount', messages.paymentAboveTotal);
    }
    return { amount: owed.total, term: null, promocode: null };
  }
  if (input.payment_type === 'partial_repay') {
    const problem = paymentAmountProblem(input.amount ?? 0, owed.total);
    if (problem === 'notPositive') throw ApiError.field(422, 'amount', messages.paymentAmountInvalid);
    if (problem === 'aboveTotal') throw ApiError.field(422, 'amount', messages.paymentAboveTotal);
    if (problem === 'offStep') throw ApiError.field(422, 'amount', messages.paymentOffStep);
    return { amount: input.amount ?? 0, term: null, promocode: null };
  }
  if (!isExtendable(loan, false)) throw ApiError.request(409, messages.loanNotExtendable);
  if (!input.term) throw ApiError.field(422, 'term', messages.adjustValues);
  const quote = await quoteExtension(trx, loan, owed, input.term, input.promocode, today);
  return { amount: quote.cost, term: quote.term, promocode: quote.promocode };
}

/**
 * Bizum is a feature flag per customer (the same one GET /v2/user carries); a customer without
 * it is refused before any Bizum request is made.
 */
export async function requireBizumEnabled(
  db: Kysely<Database>,
  userId: string,
  defaults: CustomerFlagDefaults,
): Promise<void> {
  const { is_bizum_payment_provider_enabled: enabled } = await customerFeatures(db, userId, defaults);
  if (!enabled) throw ApiError.request(409, messages.bizumUnavailable);
}

/**
 * POST /v2/loan/payment-request/generate (card) and …/bizum/generate: records what the customer is about to
 * pay and hands it to the checkout. One pending request per loan: the same request again returns it, any
 * other is refused until the provider answers (actions blocked while a payment is pending).
 */
export async function requestPayment(
  db: Kysely<Database>,
  userId: string,
  channel: PaymentChannel,
  input: PaymentRequestInput,
  today: Date,
  checkout: PaymentCheckout | null,
  /** The request's own reference when the caller derives it (an idempotent payment); otherwise a new one. */
  reference: string | null = null,
): Promise<{ request: PaymentRequestView; created: boolean }> {
  const loanId = await openLoanId(db, userId);
  return db.transaction().execute(async (trx) => {
    const loan = await lockLoan(trx, loanId);
    if (!REPAYABLE_STATUSES.includes(loan.status)) throw ApiError.request(409, messages.loanNotRepayable);
    await expireStaleRequests(trx, loanId);
    const { amount, term, promocode } = await amountFor(trx, loan, input, today);
    if (amount <= 0) throw ApiError.field(422, 'amount', messages.paymentAmountInvalid);
    const pending = await trx
      .selectFrom('payment_requests')
      .selectAll()
      .where('loan_id', '=', loanId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (pending) {
      const same =
        pending.payment_type === input.payment_type &&
        pending.channel === channel &&
        Number(pending.amount) === amount &&
        pending.term === term;
      // A request of its own reference is never confused with another pending one (a checkout left open).
      if (!same || (reference && pending.reference !== reference)) throw ApiError.request(409, messages.paymentPending);
      return { request: requestView(pending, checkout), created: false };
    }
    const row = await trx
      .insertInto('payment_requests')
      .values({
        loan_id: loanId,
        reference: reference ?? `pay_${randomUUID()}`,
        payment_type: input.payment_type,
        channel,
        amount,
        term,
        promocode,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { request: requestView(row, checkout), created: true };
  });
}

/**
 * The provider's answer to a request (card or Bizum callback, already authenticated by the caller): paid
 * applies the money once, however often the answer is replayed; failed frees the loan for another try.
 */
export async function settlePaymentRequest(
  db: Kysely<Database>,
  reference: string,
  outcome: 'paid' | 'failed',
  source: string,
  today: Date,
): Promise<SettledPayment> {
  return db.transaction().execute((trx) => settlePaymentRequestIn(trx, { reference, outcome, source }, today));
}

export interface SettledPayment {
  applied: boolean;
  payment: AppliedPayment | null;
}

/** settlePaymentRequest inside the caller's transaction (a provider callback's, with its replay claim). */
export async function settlePaymentRequestIn(
  trx: Transaction<Database>,
  answer: { reference: string; outcome: 'paid' | 'failed'; source: string; channel?: PaymentChannel; amount?: number },
  today: Date,
): Promise<SettledPayment> {
  const { reference, outcome, source } = answer;
  const request = await trx
    .selectFrom('payment_requests')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst();
  // A provider answers only for requests made through it, for the amount asked.
  if (!request || (answer.channel && request.channel !== answer.channel)) {
    throw ApiError.request(404, messages.routeNotFound);
  }
  if (outcome === 'paid' && answer.amount !== undefined && answer.amount !== Number(request.amount)) {
    throw ApiError.field(422, 'amount', messages.paymentAmountInvalid);
  }
  // The loan's lock first, as every payment takes it, so settling and paying never deadlock.
  await lockLoan(trx, request.loan_id);
  const current = await trx
    .selectFrom('payment_requests')
    .select('status')
    .where('id', '=', request.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (outcome === 'failed') {
    if (current.status === 'pending') {
      await trx
        .updateTable('payment_requests')
        .set({ status: 'failed', settled_at: new Date() })
        .where('id', '=', request.id)
        .execute();
    }
    return { applied: false, payment: null };
  }
  // Money that arrives is applied even for a request given up on: it is the customer's payment all the same.
  const payment = await applyPaymentIn(
    trx,
    {
      loanId: request.loan_id,
      externalId: `${request.channel}:${request.reference}`,
      channel: request.channel,
      amount: Number(request.amount),
      paymentType: request.payment_type,
      term: request.term,
      promocode: request.promocode,
      actor: { kind: 'provider', id: source },
    },
    today,
  );
  if (current.status !== 'paid') {
    await trx
      .updateTable('payment_requests')
      .set({ status: 'paid', settled_at: new Date() })
      .where('id', '=', request.id)
      .execute();
  }
  return { applied: payment.applied, payment };
}

/** What a checkout page shows for one request: its amount and type, and whether it still awaits payment. */
export async function checkoutRequest(db: Kysely<Database>, reference: string, channel: PaymentChannel) {
  const row = await db
    .selectFrom('payment_requests')
    .select(['reference', 'amount', 'payment_type', 'term', 'status', 'channel'])
    .where('reference', '=', reference)
    .where('channel', '=', channel)
    .executeTakeFirst();
  if (!row) return null;
  return {
    reference: row.reference,
    amount: Number(row.amount),
    payment_type: row.payment_type,
    term: row.term,
    pending: row.status === 'pending',
  };
}
