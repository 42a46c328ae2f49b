import { formatMoney } from '@credimo/shared/format';
import { messages } from '@credimo/shared/i18n';
import { gateway as texts } from '@credimo/shared/i18n/screens/gateway';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { recordCardRequest } from '../cards';
import type { CardRequestEvent } from '../cards/acquirer';
import { REDSYS_NOTIFICATION_PATH } from '../config';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { readUploadForm } from '../http/multipart';
import { pagePolicy } from '../http/security';
import { onceForEvent } from '../providers/events';
import { paymentReturnUrl } from '../providers/payments';
import {
  isAuthorised,
  openOrder,
  REDSYS_CARD_PATH,
  REDSYS_CHECKOUT_PATH,
  REDSYS_PAY_METHODS,
  REDSYS_PROVIDER,
  type RedsysAnswer,
  type RedsysGateway,
} from '../providers/redsys';
import { escapeHtml, htmlReply as html, sandboxPage, serveSandboxAssets } from '../sandbox/page';
import { clockToday, settlePaymentRequestIn } from '../servicing';

/** Redsys's notifications are a small form; anything larger is not one. */
const NOTIFICATION_BODY_LIMIT = 64 * 1024;
const REFERENCE = /^pay_[0-9a-z_-]{8,80}$/;
const CARD_REQUEST = /^cr_[0-9a-f]{32}$/;
/** Ds_Merchant_MerchantName: what the customer's bank shows (25 characters at most). */
const MERCHANT_NAME = 'Credimo';

const page = (base: string, body: string) =>
  sandboxPage({ base, title: texts.title, script: 'redsys-bridge.js', body });

const problemPage = (base: string, message: string) =>
  page(base, `<h1>${escapeHtml(texts.title)}</h1>\n<p role="alert">${escapeHtml(message)}</p>`);

/** The page that posts the signed form to Redsys at once (its script), or by its button without script. */
function bridgePage(
  base: string,
  lead: string,
  summary: string,
  form: { url: string; fields: Record<string, string> },
) {
  const inputs = Object.entries(form.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return page(
    base,
    `<h1>${escapeHtml(texts.heading)}</h1>
<p>${escapeHtml(lead)}</p>
${summary}
<form id="gateway" method="post" action="${escapeHtml(form.url)}">
${inputs}
<button type="submit">${escapeHtml(texts.continue)}</button>
</form>`,
  );
}

/**
 * Redsys in the API: the pages that send the browser to the gateway with a signed form (a payment request's, or a
 * card request's to save the card), and the notification route that applies Redsys's answer once per order.
 */
export async function redsysRoutes(
  app: FastifyInstance,
  { context, gateway }: { context: AppContext; gateway: RedsysGateway },
) {
  const db = context.database.db;
  const config = context.config;
  const policy = pagePolicy({
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'form-action': [gateway.origin],
  });
  serveSandboxAssets(app, REDSYS_CHECKOUT_PATH, ['redsys-bridge.js']);
  serveSandboxAssets(app, REDSYS_CARD_PATH, ['redsys-bridge.js']);

  const checkout = async (reply: FastifyReply, reference: string | undefined) => {
    const request = REFERENCE.test(reference ?? '')
      ? await db
          .selectFrom('payment_requests')
          .select(['reference', 'amount', 'payment_type', 'channel', 'term', 'status'])
          .where('reference', '=', reference ?? '')
          .executeTakeFirst()
      : undefined;
    if (request?.status !== 'pending') {
      return html(reply.code(404)).send(problemPage(REDSYS_CHECKOUT_PATH, texts.notPayable));
    }
    const amount = Number(request.amount);
    const what = `${texts.what[request.payment_type] ?? request.payment_type}${request.term ? ` (${request.term} días)` : ''}`;
    const orderId = await openOrder(db, { kind: 'payment', reference: request.reference, amount });
    const form = gateway.redirectForm({
      DS_MERCHANT_ORDER: orderId,
      DS_MERCHANT_AMOUNT: String(amount),
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_PAYMETHODS: REDSYS_PAY_METHODS[request.channel],
      DS_MERCHANT_MERCHANTNAME: MERCHANT_NAME,
      DS_MERCHANT_PRODUCTDESCRIPTION: what,
      // Where the browser goes back to: a screen that reads the loan again, never an outcome we believe.
      DS_MERCHANT_URLOK: paymentReturnUrl(config, 'paid'),
      DS_MERCHANT_URLKO: paymentReturnUrl(config, 'failed'),
    });
    const summary = `<dl>
<dt>${escapeHtml(texts.amount)}</dt><dd>${escapeHtml(formatMoney(amount))}</dd>
<dt>Concepto</dt><dd>${escapeHtml(what)}</dd>
</dl>`;
    return html(reply).send(bridgePage(REDSYS_CHECKOUT_PATH, texts.payment, summary, form));
  };

  app.get<{ Querystring: { reference?: string } }>(
    REDSYS_CHECKOUT_PATH,
    { schema: { hide: true }, config: { helmet: policy } },
    async (request, reply) => checkout(reply, request.query.reference),
  );
  // Bizum's form post (SPEC section 7: GET /v2/loan/payment/bizum names this action and the reference).
  app.post(REDSYS_CHECKOUT_PATH, { schema: { hide: true }, config: { helmet: policy } }, async (request, reply) => {
    const { fields } = await readUploadForm(request, { maxFileBytes: 1, maxFiles: 0 });
    return checkout(reply, fields.reference);
  });

  app.get<{ Querystring: { request_id?: string } }>(
    REDSYS_CARD_PATH,
    { schema: { hide: true }, config: { helmet: policy } },
    async (request, reply) => {
      const requestId = request.query.request_id ?? '';
      const card = CARD_REQUEST.test(requestId)
        ? await db
            .selectFrom('payment_cards')
            .leftJoin('user_profiles', 'user_profiles.user_id', 'payment_cards.user_id')
            .select([
              'payment_cards.status',
              'payment_cards.return_url',
              'user_profiles.first_name',
              'user_profiles.first_surname',
            ])
            .where('payment_cards.request_id', '=', requestId)
            .executeTakeFirst()
        : undefined;
      if (card?.status !== 'New') {
        return html(reply.code(400)).send(problemPage(REDSYS_CARD_PATH, texts.cardRequestInvalid));
      }
      const orderId = await openOrder(db, { kind: 'card', reference: requestId, amount: 0 });
      const back = (status: 'processing' | 'error') => {
        const url = new URL(card.return_url);
        url.searchParams.set('card_request', requestId);
        url.searchParams.set('card_status', status);
        return url.toString();
      };
      const holder = [card.first_name, card.first_surname].filter(Boolean).join(' ');
      const form = gateway.redirectForm({
        DS_MERCHANT_ORDER: orderId,
        // Saving the card takes no money: an authentication of 0 that asks Redsys for the card's reference.
        DS_MERCHANT_AMOUNT: '0',
        DS_MERCHANT_TRANSACTIONTYPE: '7',
        DS_MERCHANT_IDENTIFIER: 'REQUIRED',
        DS_MERCHANT_COF_INI: 'S',
        DS_MERCHANT_COF_TYPE: 'R',
        DS_MERCHANT_PAYMETHODS: REDSYS_PAY_METHODS.card,
        DS_MERCHANT_MERCHANTNAME: MERCHANT_NAME,
        DS_MERCHANT_PRODUCTDESCRIPTION: texts.saveCard,
        ...(holder ? { DS_MERCHANT_TITULAR: holder.slice(0, 60) } : {}),
        // The card's screen polls the API for the request's status; card_status here is only what to show first.
        DS_MERCHANT_URLOK: back('processing'),
        DS_MERCHANT_URLKO: back('error'),
      });
      return html(reply).send(bridgePage(REDSYS_CARD_PATH, texts.card, '', form));
    },
  );

  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: NOTIFICATION_BODY_LIMIT },
      (_request: FastifyRequest, body: string, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body)));
      },
    );
    scope.post(
      REDSYS_NOTIFICATION_PATH,
      // Redsys posts from a few addresses of its own and proves who it is by the signature.
      { schema: { hide: true }, config: { limit: 'standard' }, bodyLimit: NOTIFICATION_BODY_LIMIT },
      async (request) => {
        const answer = gateway.notification(request.body);
        if (!answer?.Ds_Order) {
          request.log.warn({ provider: REDSYS_PROVIDER }, 'redsys notification refused');
          throw ApiError.request(401, messages.providerSignatureInvalid);
        }
        // One effect per order: Redsys notifies an order once, so the same order again is a replay.
        const outcome = await onceForEvent(db, REDSYS_PROVIDER, answer.Ds_Order, (trx) => applyAnswer(trx, answer));
        return { received: true, replayed: outcome.replayed, result: outcome.result };
      },
    );
  });
}

/** A verified notification's effect, inside the replay claim's transaction. */
async function applyAnswer(trx: Transaction<Database>, answer: RedsysAnswer) {
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
