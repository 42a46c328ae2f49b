import { createHash } from 'node:crypto';
import { COMPLETED_CARD_STATUSES } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { AutoDebitCharger } from './day';
import { type PaymentRequestInput, requestPayment, settlePaymentRequest } from './payment-requests';

export interface SavedCardPaymentInput extends PaymentRequestInput {
  card_id: string;
  /** The browser's key for this one payment: the same key again is the same payment, never a second charge. */
  idempotency_key: string;
}

/** The request's reference follows from the customer and their key, so a retried call finds the first one. */
const referenceOf = (userId: string, key: string) =>
  `pay_saved_${createHash('sha256').update(`${userId}:${key}`).digest('hex').slice(0, 32)}`;

/**
 * Pays a repayment or an extension with a card the customer saved, without retyping it: a card payment request
 * (the same amount rules, one pending per loan), charged at the acquirer with the saved card's token, then
 * settled as a card checkout's answer is, so the money reaches the ledger the same way. Idempotent by the
 * customer's key: a replay answers the first outcome and charges nothing again; a replay with another amount or
 * type is refused.
 */
export async function payWithSavedCard(
  db: Kysely<Database>,
  userId: string,
  input: SavedCardPaymentInput,
  today: Date,
  charger: AutoDebitCharger | null,
) {
  const { card_id: cardId, idempotency_key: key, ...payment } = input;
  const reference = referenceOf(userId, key);
  const earlier = await db
    .selectFrom('payment_requests')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst();
  if (earlier) {
    const same =
      earlier.payment_type === payment.payment_type &&
      (payment.amount === undefined || Number(earlier.amount) === payment.amount) &&
      (payment.term === undefined || earlier.term === payment.term);
    if (!same) throw ApiError.request(409, messages.paymentKeyReused);
  }
  const card = await db
    .selectFrom('payment_cards')
    .select('id')
    .where('id', '=', cardId)
    .where('user_id', '=', userId)
    .where('status', 'in', COMPLETED_CARD_STATUSES)
    .where('token', 'is not', null)
    .executeTakeFirst();
  if (!charger || !card) throw ApiError.field(422, 'card_id', messages.savedCardUnavailable);

  const { request, created } =
    earlier && earlier.status !== 'pending'
      ? { request: { reference, status: earlier.status }, created: false }
      : await requestPayment(db, userId, 'card', payment, today, null, reference);
  if (request.status === 'pending') {
    const loan = await db
      .selectFrom('payment_requests')
      .select(['loan_id', 'amount'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    const charge = await charger.charge({
      loanId: String(loan.loan_id),
      userId,
      amount: Number(loan.amount),
      key: reference,
      cardId,
    });
    await settlePaymentRequest(db, reference, charge?.paid ? 'paid' : 'failed', 'card:saved', today);
  }
  const settled = await db
    .selectFrom('payment_requests')
    .select(['reference', 'payment_type', 'channel', 'amount', 'term', 'status'])
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
  return {
    created,
    payment: {
      reference: settled.reference,
      payment_type: settled.payment_type,
      channel: settled.channel,
      amount: Number(settled.amount),
      term: settled.term,
      status: settled.status,
      payment_link: null,
    },
  };
}
