import { randomUUID } from 'node:crypto';
import { LoanStatus } from '@credimo/shared/domain';
import { formatWireDate } from '@credimo/shared/format';
import { messages } from '@credimo/shared/i18n';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { CustomerFlagDefaults } from '../config';
import { customerFeatures } from '../customer-flags';
import type { Database, LoansTable, PaymentChannel, PaymentRequestsTable, PaymentType } from '../db/schema';
import { post, recipes } from '../domain/ledger';
import { paymentAmountProblem, REPAYABLE_STATUSES } from '../domain/servicing-rules';
import { type Actor, lockLoan, transition } from '../domain/transitions';
import { ApiError } from '../errors';
import { openLoanId } from '../loans/ownership';
import { recordCustomerMail } from '../mail';
import type { PaymentCheckout } from '../providers/payments';
import { isExtendable, quoteExtension } from './extension';
import { owedOf } from './owed';

type LoanRow = Selectable<LoansTable>;

/** A pending card or Bizum request older than this no longer blocks the customer (the provider never answered). */
export const PENDING_PAYMENT_MINUTES = 30;

/** Where the customer pays a request: the card acquirer's or Bizum's (sandbox) checkout, when one is installed. */
export interface IncomingPayment {
  loanId: string;
  /** The provider's or bank's own id of this payment: the same id is applied once, whatever the replays. */
  externalId: string;
  channel: string;
  amount: number;
  paymentType: PaymentType;
  term?: number | null;
  promocode?: string | null;
  actor: Actor;
}

export interface AppliedPayment {
  applied: boolean;
  status: number;
  extended_to: string | null;
  to_fines: number;
  to_commission: number;
  to_principal: number;
  overpaid: number;
  extension_cost: number;
}

/**
 * Applies money received for a loan, once per external id, under the loan's lock (so two payments of one loan
 * never interleave): a prolongation that covers its cost buys the extension (Extended 20, due date moved) and
 * anything beyond repays; otherwise the money repays fines, then commission, then principal, the rest owed back
 * to the customer. A loan left owing nothing is Returned 3.
 */
export async function applyPaymentIn(
  trx: Transaction<Database>,
  payment: IncomingPayment,
  today: Date,
): Promise<AppliedPayment> {
  const loan = await lockLoan(trx, payment.loanId);
  const first = await trx
    .selectFrom('loan_payments')
    .select('applied')
    .where('external_id', '=', payment.externalId)
    .executeTakeFirst();
  if (first) return { ...(first.applied as unknown as AppliedPayment), applied: false };
  const owed = await owedOf(trx, loan.id);
  let status = loan.status;
  let rest = payment.amount;
  let extendedTo: string | null = null;
  let extensionCost = 0;

  if (payment.paymentType === 'prolongation' && payment.term && isExtendable(loan, false)) {
    // A promo code that stopped being usable since the request does not lose the money: it then repays.
    const quote = await quoteExtension(trx, loan, owed, payment.term, payment.promocode, today).catch((error) => {
      if (error instanceof ApiError) return null;
      throw error;
    });
    if (quote && rest >= quote.cost) {
      if (quote.cost > 0) {
        await post(trx, {
          key: `extension:${payment.externalId}`,
          kind: 'extension',
          loanId: loan.id,
          postings: recipes.extensionPaid(loan.id, quote.cost),
          detail: { term: quote.term, next_pay_date: quote.next_pay_date },
        });
      }
      await trx
        .insertInto('loan_extensions')
        .values({
          loan_id: loan.id,
          external_id: payment.externalId,
          term: quote.term,
          cost: quote.cost,
          promocode: quote.promocode,
          previous_must_pay_date: String(formatWireDay(loan.must_pay_date)),
          must_pay_date: quote.next_pay_date,
        })
        .execute();
      await transition(trx, loan.id, LoanStatus.Extended, {
        actor: payment.actor,
        reason: `extended ${quote.term} days`,
      });
      await trx.updateTable('loans').set({ must_pay_date: quote.next_pay_date }).where('id', '=', loan.id).execute();
      status = LoanStatus.Extended;
      rest -= quote.cost;
      extendedTo = quote.next_pay_date;
      extensionCost = quote.cost;
    }
  }

  let split = { to_fines: 0, to_commission: 0, to_principal: 0, overpaid: 0 };
  if (rest > 0) {
    const owing = REPAYABLE_STATUSES.includes(loan.status) ? owed : { fine: 0, commission: 0, principal: 0 };
    const postings = recipes.repayment(loan.id, rest, owing);
    await post(trx, {
      key: `payment:${payment.externalId}`,
      kind: 'repayment',
      loanId: loan.id,
      postings,
      detail: { channel: payment.channel, payment_type: payment.paymentType },
    });
    const credited = (code: string) => -(postings.find((p) => p.account === code)?.amount ?? 0);
    split = {
      to_fines: credited('fines_receivable'),
      to_commission: credited('commission_receivable'),
      to_principal: credited('principal_receivable'),
      overpaid: credited('customer_overpayments'),
    };
    const left = await owedOf(trx, loan.id);
    if (left.total === 0 && REPAYABLE_STATUSES.includes(status)) {
      await transition(trx, loan.id, LoanStatus.Returned, { actor: payment.actor, reason: 'paid off' });
      await trx
        .updateTable('loans')
        .set({ returned_date: formatWireDate(today) })
        .where('id', '=', loan.id)
        .execute();
      status = LoanStatus.Returned;
    }
  }
  const result: AppliedPayment = {
    applied: true,
    status,
    extended_to: extendedTo,
    extension_cost: extensionCost,
    ...split,
  };
  await trx
    .insertInto('loan_payments')
    .values({
      loan_id: loan.id,
      external_id: payment.externalId,
      channel: payment.channel,
      payment_type: payment.paymentType,
      amount: payment.amount,
      applied: JSON.stringify(result),
    })
    .execute();
  // The receipt is only recorded here; the job queue emails it after the commit.
  await recordCustomerMail(trx, {
    key: `receipt:${payment.externalId}`,
    kind: 'receipt',
    userId: String(loan.user_id),
    loanId: loan.id,
    detail: {
      loan: loan.public_id,
      amount: payment.amount,
      paymentType: payment.paymentType,
      day: formatWireDate(today),
      left: (await owedOf(trx, loan.id)).total,
      extendedTo,
    },
  });
  return result;
}

const formatWireDay = (value: unknown) => (value instanceof Date ? formatWireDate(value) : value);

export async function applyPayment(db: Kysely<Database>, payment: IncomingPayment, today: Date) {
  return db.transaction().execute((trx) => applyPaymentIn(trx, payment, today));
}

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
 * SPEC section 6: Bizum is a feature flag per customer (the same one GET /v2/user carries); a customer without
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
 * other is refused until the provider answers (SPEC section 4: actions blocked while a payment is pending).
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
