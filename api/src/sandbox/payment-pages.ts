import { randomBytes } from 'node:crypto';
import { isLuhnValid } from '@credimo/shared/domain';
import { formatMoney } from '@credimo/shared/format';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiConfig } from '../config';
import type { Database, PaymentChannel } from '../db/schema';
import { readUploadForm } from '../http/multipart';
import { pagePolicy } from '../http/security';
import { postSignedCallback } from '../providers/callback-route';
import { PAYMENT_PROVIDERS, type PaymentEvent, paymentReturnUrl } from '../providers/payments';
import { allowedReturnOrigins } from '../providers/return-urls';
import { checkoutRequest } from '../servicing';
import { escapeHtml, htmlReply as html, sandboxPage, serveSandboxAssets } from './page';

type Outcome = 'paid' | 'failed' | 'pending';

/** Test card numbers (Luhn-valid) of the sandbox checkout and what paying with them does; any other valid number pays. */
export const SANDBOX_PAYMENT_CARDS: Record<string, Outcome> = {
  '4242424242424242': 'paid',
  '4000000000000002': 'failed',
  // The bank never answers: no callback, the payment stays pending.
  '4000000000000010': 'pending',
};

const OUTCOME_TEXT: Record<Outcome, string> = {
  paid: 'Pago aceptado',
  failed: 'Pago rechazado',
  pending: 'Sin respuesta del banco (el pago queda pendiente)',
};

const TYPE_TEXT: Record<string, string> = {
  payoff: 'Devolución total',
  partial_repay: 'Devolución parcial',
  prolongation: 'Prórroga',
};

const REFERENCE = /^pay_[0-9a-f-]{36}$/;

type Checkout = NonNullable<Awaited<ReturnType<typeof checkoutRequest>>>;

const summary = (request: Checkout) =>
  `<dl>
<dt>Concepto</dt><dd>${escapeHtml(TYPE_TEXT[request.payment_type] ?? request.payment_type)}${
    request.term ? ` (${request.term} días)` : ''
  }</dd>
<dt>Importe</dt><dd>${escapeHtml(formatMoney(request.amount))}</dd>
<dt>Comercio</dt><dd>Credimo</dd>
</dl>`;

function cardCheckoutPage(request: Checkout, problem: string | null): string {
  const base = PAYMENT_PROVIDERS.card.checkoutPath;
  const samples = Object.entries(SANDBOX_PAYMENT_CARDS)
    .map(([number, outcome]) => `<li><code>${number}</code>: ${OUTCOME_TEXT[outcome]}</li>`)
    .join('\n');
  return sandboxPage({
    base,
    title: 'Pago con tarjeta (sandbox)',
    script: 'card.js',
    body: `<h1>Pago con tarjeta</h1>
<p class="note">Pasarela de pruebas (sandbox): no uses una tarjeta real. Tarjetas de prueba:</p>
<ul>
${samples}
</ul>
${summary(request)}
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form id="checkout" method="post" action="${base}" enctype="multipart/form-data">
<input type="hidden" name="reference" value="${escapeHtml(request.reference)}">
<label>Número de tarjeta <input name="number" inputmode="numeric" autocomplete="cc-number" required></label>
<label>Mes de caducidad <input name="expiry_month" inputmode="numeric" autocomplete="cc-exp-month" placeholder="MM" required></label>
<label>Año de caducidad <input name="expiry_year" inputmode="numeric" autocomplete="cc-exp-year" placeholder="AAAA" required></label>
<label>CVV <input name="cvv" inputmode="numeric" autocomplete="cc-csc" required></label>
<button type="submit">Pagar ${escapeHtml(formatMoney(request.amount))}</button>
</form>`,
  });
}

function bizumPage(request: Checkout, problem: string | null): string {
  const base = PAYMENT_PROVIDERS.bizum.checkoutPath;
  const outcomes = (['paid', 'failed', 'pending'] as const)
    .map(
      (o, i) =>
        `<label><input type="radio" name="outcome" value="${o}"${i === 0 ? ' checked' : ''}> ${OUTCOME_TEXT[o]}</label>`,
    )
    .join('\n');
  return sandboxPage({
    base,
    title: 'Pago con Bizum (sandbox)',
    script: 'card.js',
    body: `<h1>Pago con Bizum</h1>
<p class="note">Bizum de pruebas (sandbox): no se mueve dinero real.</p>
${summary(request)}
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form id="checkout" method="post" action="${base}/confirm" enctype="multipart/form-data">
<input type="hidden" name="reference" value="${escapeHtml(request.reference)}">
<label>Teléfono de Bizum <input name="phone" inputmode="tel" autocomplete="tel-national" required></label>
<fieldset>
<legend>Resultado simulado</legend>
${outcomes}
</fieldset>
<button type="submit">Pagar ${escapeHtml(formatMoney(request.amount))}</button>
</form>`,
  });
}

const errorPage = (channel: PaymentChannel, message: string) =>
  sandboxPage({
    base: PAYMENT_PROVIDERS[channel].checkoutPath,
    title: channel === 'card' ? 'Pago con tarjeta (sandbox)' : 'Pago con Bizum (sandbox)',
    body: `<h1>${channel === 'card' ? 'Pago con tarjeta' : 'Pago con Bizum'}</h1>\n<p role="alert">${escapeHtml(message)}</p>`,
  });

const NOT_PAYABLE = 'Este pago no existe o ya no está pendiente.';

function cardProblem(fields: Record<string, string>): string | null {
  const number = (fields.number ?? '').replace(/\s+/g, '');
  const month = Number(fields.expiry_month);
  const rawYear = Number(fields.expiry_year);
  const year = rawYear < 100 ? 2000 + rawYear : rawYear;
  if (!isLuhnValid(number)) return 'El número de tarjeta no es válido.';
  if (!(Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(year) && year >= 2000)) {
    return 'La fecha de caducidad no es válida.';
  }
  if (!/^\d{3,4}$/.test(fields.cvv ?? '')) return 'El CVV no es válido.';
  return null;
}

const validPhone = (value: string | undefined) =>
  /^[67]\d{8}$/.test((value ?? '').replace(/\D/g, '').replace(/^34/, ''));

/**
 * The sandbox card acquirer's checkout (/sandbox/card/checkout) and Bizum (/sandbox/bizum), served by the API
 * in sandbox mode. The card page takes a card as an acquirer does; Bizum takes the customer's Bizum phone, and is
 * reached by the link or by the app's form post (GET /v2/loan/payment/bizum names its action and
 * fields). Each posts the outcome, signed, to its provider's callback route through the path a real provider's
 * request takes, then sends the browser back to the app.
 */
export async function sandboxPaymentPages(
  app: FastifyInstance,
  {
    config,
    db,
    secrets,
  }: { config: ApiConfig; db: Kysely<Database>; secrets: Record<PaymentChannel, () => Promise<string>> },
) {
  const policy = pagePolicy({
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'form-action': ["'self'", ...allowedReturnOrigins(config)],
  });
  serveSandboxAssets(app, PAYMENT_PROVIDERS.card.checkoutPath, ['card.js']);
  serveSandboxAssets(app, PAYMENT_PROVIDERS.bizum.checkoutPath, ['card.js']);

  const pending = async (channel: PaymentChannel, reference: string | undefined) => {
    if (!reference || !REFERENCE.test(reference)) return null;
    const request = await checkoutRequest(db, reference, channel);
    return request?.pending ? request : null;
  };

  const finish = async (channel: PaymentChannel, request: Checkout, outcome: Outcome) => {
    if (outcome !== 'pending') {
      await deliverPaymentCallback(app, channel, await secrets[channel](), {
        event_id: `evt_${randomBytes(12).toString('hex')}`,
        reference: request.reference,
        status: outcome,
        amount: request.amount,
      });
    }
    return paymentReturnUrl(config, outcome);
  };

  app.get<{ Querystring: { reference?: string } }>(
    PAYMENT_PROVIDERS.card.checkoutPath,
    { schema: { hide: true }, config: { helmet: policy } },
    async (request, reply) => {
      const found = await pending('card', request.query.reference);
      if (!found) return html(reply.code(404)).send(errorPage('card', NOT_PAYABLE));
      return html(reply).send(cardCheckoutPage(found, null));
    },
  );

  app.post(
    PAYMENT_PROVIDERS.card.checkoutPath,
    { schema: { hide: true }, config: { helmet: policy } },
    async (request, reply) => {
      const { fields } = await readUploadForm(request, { maxFileBytes: 1, maxFiles: 0 });
      const found = await pending('card', fields.reference);
      if (!found) return html(reply.code(404)).send(errorPage('card', NOT_PAYABLE));
      const problem = cardProblem(fields);
      if (problem) return html(reply.code(422)).send(cardCheckoutPage(found, problem));
      const number = (fields.number ?? '').replace(/\s+/g, '');
      const back = await finish('card', found, SANDBOX_PAYMENT_CARDS[number] ?? 'paid');
      return reply.header('cache-control', 'no-store').redirect(back, 303);
    },
  );

  app.get<{ Querystring: { reference?: string } }>(
    PAYMENT_PROVIDERS.bizum.checkoutPath,
    { schema: { hide: true }, config: { helmet: policy } },
    async (request, reply) => {
      const found = await pending('bizum', request.query.reference);
      if (!found) return html(reply.code(404)).send(errorPage('bizum', NOT_PAYABLE));
      return html(reply).send(bizumPage(found, null));
    },
  );

  // The merchant's form post (actionUrl and fields): the same page, for the fields' request.
  app.post(
    PAYMENT_PROVIDERS.bizum.checkoutPath,
    { schema: { hide: true }, config: { helmet: policy } },
    async (request, reply) => {
      const { fields } = await readUploadForm(request, { maxFileBytes: 1, maxFiles: 0 });
      const found = await pending('bizum', fields.reference);
      if (!found || Number(fields.amount) !== found.amount) {
        return html(reply.code(404)).send(errorPage('bizum', NOT_PAYABLE));
      }
      return html(reply).send(bizumPage(found, null));
    },
  );

  app.post(
    `${PAYMENT_PROVIDERS.bizum.checkoutPath}/confirm`,
    { schema: { hide: true }, config: { helmet: policy } },
    async (request, reply) => {
      const { fields } = await readUploadForm(request, { maxFileBytes: 1, maxFiles: 0 });
      const found = await pending('bizum', fields.reference);
      if (!found) return html(reply.code(404)).send(errorPage('bizum', NOT_PAYABLE));
      if (!validPhone(fields.phone)) {
        return html(reply.code(422)).send(bizumPage(found, 'El teléfono de Bizum no es válido.'));
      }
      const outcome = (['paid', 'failed', 'pending'] as const).find((o) => o === fields.outcome) ?? 'paid';
      const back = await finish('bizum', found, outcome);
      return reply.header('cache-control', 'no-store').redirect(back, 303);
    },
  );
}

/** Posts a payment's outcome to its provider's callback route, signed, as the real provider's request would come. */
export async function deliverPaymentCallback(
  app: FastifyInstance,
  channel: PaymentChannel,
  secret: string,
  event: PaymentEvent,
): Promise<number> {
  const response = await postSignedCallback(app, PAYMENT_PROVIDERS[channel].callbackPath, async () => secret, event);
  if (response.statusCode !== 200)
    app.log.warn({ status: response.statusCode, channel }, 'sandbox payment callback refused');
  return response.statusCode;
}
