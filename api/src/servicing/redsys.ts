import { messages } from '@credimo/shared/i18n';
import type { Kysely, Transaction } from 'kysely';
import { recordCardRequest } from '../cards';
import type { CardRequestEvent } from '../cards/acquirer';
import type { Database } from '../db/schema';
import { clockToday } from '../domain/clock';
import { ApiError } from '../errors';
import { isAuthorised, REDSYS_PROVIDER, type RedsysAnswer } from '../providers/redsys';
import { settlePaymentRequestIn } from './payment-requests';

/**
 * Redsys's side of payments and saved cards: what its pages need to know of a request, and the effect of its
 * verified notification (the caller has checked the signature and claimed the order as the event).
 */

/** A payment request still awaiting payment, to send to the gateway; null when paid, failed or unknown. */
export async function pendingPaymentRequest(db: Kysely<Database>, reference: string) {
  const request = await db
    .selectFrom('payment_requests')
    .select(['reference', 'amount', 'payment_type', 'channel', 'term', 'status'])
    .where('reference', '=', reference)
    .executeTakeFirst();
  return request?.status === 'pending' ? request : null;
}

/** A card request not yet answered, with where the browser goes back and the customer's name. */
export async function openCardRequest(db: Kysely<Database>, requestId: string) {
  const card = await db
    .selectFrom('payment_cards')
    .leftJoin('user_profiles', 'user_profiles.user_id', 'payment_cards.user_id')
    .select([
      'payment_cards.status',
      'payment_cards.return_url',
      'user_profiles.first_name',
      'user_profiles.first_surname',
    ])
    .where('payment_cards.request_id', '=', requestId)
    .executeTakeFirst();
  if (card?.status !== 'New') return null;
  return { returnUrl: card.return_url, holder: [card.first_name, card.first_surname].filter(Boolean).join(' ') };
}

/** A verified notification's effect, inside the replay claim's transaction. */
export async function applyRedsysAnswer(trx: Transaction<Database>, answer: RedsysAnswer) {
  const order = await trx
    .selectFrom('redsys_orders')
    .selectAll()
    .where('order_id', '=', answer.Ds_Order ?? '')
    .forUpdate()
    .executeTakeFirst();
  // Charges are answered by REST, in the call; a notification of one (or of an order not ours) changes nothing.
  if (!order || order.kind === 'charge') throw ApiError.request(404, messages.routeNotFound);
  const authorised = isAuthorised(answer.Ds_Response);
  await trx
    .updateTable('redsys_orders')
    .set({ response: answer.Ds_Response ?? null, answered_at: new Date() })
    .where('order_id', '=', order.order_id)
    .execute();
  if (order.kind === 'payment') {
    // Redsys says how much it took, and in what: only the amount asked, in euros, pays the request.
    if (authorised && (answer.Ds_Currency !== '978' || Number(answer.Ds_Amount) !== Number(order.amount))) {
      throw ApiError.field(422, 'amount', messages.paymentAmountInvalid);
    }
    const request = await trx
      .selectFrom('payment_requests')
      .select('channel')
      .where('reference', '=', order.reference)
      .executeTakeFirstOrThrow();
    const settled = await settlePaymentRequestIn(
      trx,
      {
        reference: order.reference,
        outcome: authorised ? 'paid' : 'failed',
        source: REDSYS_PROVIDER,
        channel: request.channel,
        amount: Number(answer.Ds_Amount),
      },
      await clockToday(trx),
    );
    return { applied: settled.applied, status: settled.payment?.status ?? null, response: answer.Ds_Response };
  }
  return recordCard(trx, order.reference, answer, authorised);
}

/** A card request's answer: Redsys's reference of the card (its identifier) and the card-on-file id kept. */
async function recordCard(trx: Transaction<Database>, requestId: string, answer: RedsysAnswer, authorised: boolean) {
  const identifier = answer.Ds_Merchant_Identifier;
  const expiry = /^(\d{2})(\d{2})$/.exec(answer.Ds_ExpiryDate ?? '');
  const saved = authorised && identifier && expiry;
  let card: CardRequestEvent['card'];
  if (saved) {
    const customer = await trx
      .selectFrom('payment_cards')
      .innerJoin('user_profiles', 'user_profiles.user_id', 'payment_cards.user_id')
      .select(['user_profiles.first_name', 'user_profiles.first_surname'])
      .where('payment_cards.request_id', '=', requestId)
      .executeTakeFirst();
    // Redsys does not tell us the name on the card; the holder authenticated with their bank (3-D Secure) for it.
    card = {
      token: identifier,
      pan: (answer.Ds_Card_Number ?? '').slice(0, 19),
      holder: [customer?.first_name, customer?.first_surname].filter(Boolean).join(' '),
      expiry_month: Number(expiry[2]),
      expiry_year: 2000 + Number(expiry[1]),
    };
    await trx
      .insertInto('redsys_cards')
      .values({ identifier, cof_txnid: answer.Ds_Merchant_Cof_Txnid || null })
      .onConflict((oc) => oc.column('identifier').doUpdateSet({ cof_txnid: answer.Ds_Merchant_Cof_Txnid || null }))
      .execute();
  }
  return recordCardRequest(trx, {
    event_id: `${REDSYS_PROVIDER}:${answer.Ds_Order}`,
    request_id: requestId,
    status: saved ? 'Completed' : 'Error',
    ...(card ? { card } : {}),
  });
}
