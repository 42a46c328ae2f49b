import { formatMoney } from '@credimo/shared/format';
import { messages } from '@credimo/shared/i18n';
import { gateway as texts } from '@credimo/shared/i18n/screens/gateway';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REDSYS_NOTIFICATION_PATH } from '../config';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { readUploadForm } from '../http/multipart';
import { pagePolicy } from '../http/security';
import { onceForEvent } from '../providers/events';
import { paymentReturnUrl } from '../providers/payments';
import {
  openOrder,
  REDSYS_CARD_PATH,
  REDSYS_CHECKOUT_PATH,
  REDSYS_PAY_METHODS,
  REDSYS_PROVIDER,
  type RedsysGateway,
} from '../providers/redsys';
import { escapeHtml, htmlReply as html, sandboxPage, serveSandboxAssets } from '../sandbox/page';
import { applyRedsysAnswer, openCardRequest, pendingPaymentRequest } from '../servicing/redsys';

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
    const request = REFERENCE.test(reference ?? '') ? await pendingPaymentRequest(db, reference ?? '') : null;
    if (!request) {
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
  // Bizum's form post (GET /v2/loan/payment/bizum names this action and the reference).
  app.post(REDSYS_CHECKOUT_PATH, { schema: { hide: true }, config: { helmet: policy } }, async (request, reply) => {
    const { fields } = await readUploadForm(request, { maxFileBytes: 1, maxFiles: 0 });
    return checkout(reply, fields.reference);
  });

  app.get<{ Querystring: { request_id?: string } }>(
    REDSYS_CARD_PATH,
    { schema: { hide: true }, config: { helmet: policy } },
    async (request, reply) => {
      const requestId = request.query.request_id ?? '';
      const card = CARD_REQUEST.test(requestId) ? await openCardRequest(db, requestId) : null;
      if (!card) {
        return html(reply.code(400)).send(problemPage(REDSYS_CARD_PATH, texts.cardRequestInvalid));
      }
      const orderId = await openOrder(db, { kind: 'card', reference: requestId, amount: 0 });
      const back = (status: 'processing' | 'error') => {
        const url = new URL(card.returnUrl);
        url.searchParams.set('card_request', requestId);
        url.searchParams.set('card_status', status);
        return url.toString();
      };
      const holder = card.holder;
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
        const outcome = await onceForEvent(db, REDSYS_PROVIDER, answer.Ds_Order, (trx) =>
          applyRedsysAnswer(trx, answer),
        );
        return { received: true, replayed: outcome.replayed, result: outcome.result };
      },
    );
  });
}
