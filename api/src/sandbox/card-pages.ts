import { randomBytes } from 'node:crypto';
import { type CardRequestStatus, cardRequestGroup, isLuhnValid, maskPan } from '@credimo/shared/domain';
import type { FastifyInstance } from 'fastify';
import { CARD_CALLBACK_PATH, type CardRequestEvent, SANDBOX_CARD_PATH } from '../cards/acquirer';
import type { ApiConfig } from '../config';
import { readUploadForm } from '../http/multipart';
import { pagePolicy } from '../http/security';
import { postSignedCallback } from '../providers/callback-route';
import { allowedReturnOrigins, isAllowedReturnUrl } from '../providers/return-urls';
import { escapeHtml, htmlReply as html, sandboxPage, serveSandboxAssets } from './page';

/**
 * Test card numbers (all Luhn-valid) and the status the sandbox acquirer gives their request; any other valid
 * number completes. 'New' sends no callback: the request stays processing, as when the bank never answers.
 */
export const SANDBOX_TEST_CARDS: Record<string, CardRequestStatus> = {
  '4242424242424242': 'Completed',
  '4000000000000044': 'PartiallyRefunded',
  '4000000000000051': 'Refunded',
  '4000000000000010': 'New',
  '4000000000000028': 'PendingConfirmation',
  '4000000000000002': 'Error',
  '4000000000000036': 'Fraud',
};

export const sandboxCardStatus = (number: string): CardRequestStatus => SANDBOX_TEST_CARDS[number] ?? 'Completed';

const page = (title: string, body: string) => sandboxPage({ base: SANDBOX_CARD_PATH, title, script: 'card.js', body });

const TITLE = 'Añadir tarjeta (sandbox)';

function tokenizationPage(requestId: string, returnUrl: string, problem: string | null): string {
  const samples = Object.entries(SANDBOX_TEST_CARDS)
    .map(([number, status]) => `<li><code>${number}</code>: ${status}</li>`)
    .join('\n');
  return page(
    TITLE,
    `<h1>Añadir tarjeta</h1>
<p class="note">Pasarela de pruebas (sandbox): no uses una tarjeta real. Tarjetas de prueba:</p>
<ul>
${samples}
</ul>
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form id="card" method="post" action="${SANDBOX_CARD_PATH}" enctype="multipart/form-data">
<input type="hidden" name="request_id" value="${escapeHtml(requestId)}">
<input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">
<label>Número de tarjeta <input name="number" inputmode="numeric" autocomplete="cc-number" required></label>
<label>Mes de caducidad <input name="expiry_month" inputmode="numeric" autocomplete="cc-exp-month" placeholder="MM" required></label>
<label>Año de caducidad <input name="expiry_year" inputmode="numeric" autocomplete="cc-exp-year" placeholder="AAAA" required></label>
<label>Titular de la tarjeta <input name="holder" autocomplete="cc-name" required></label>
<label>CVV <input name="cvv" inputmode="numeric" autocomplete="cc-csc" required></label>
<button type="submit">Guardar tarjeta</button>
</form>`,
  );
}

const errorPage = (message: string) =>
  page(TITLE, `<h1>Añadir tarjeta</h1>\n<p role="alert">${escapeHtml(message)}</p>`);

/**
 * The sandbox card acquirer's tokenization page, served by the API under /sandbox/card. Like the real thing it
 * checks what an acquirer checks (the number's Luhn digit, a month and a year, a CVV), tokenizes the card,
 * posts the request's status signed to our callback and sends the browser back with the request id and its
 * group (completed, processing, error). Our own rules (valid more than 3 months, personal) are applied by the
 * callback's handler, not here.
 */
export async function sandboxCardPages(
  app: FastifyInstance,
  { config, secret }: { config: ApiConfig; secret: () => Promise<string> },
) {
  const policy = pagePolicy({
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'form-action': ["'self'", ...allowedReturnOrigins(config)],
  });
  serveSandboxAssets(app, SANDBOX_CARD_PATH, ['card.js']);

  app.get<{ Querystring: { request_id?: string; return_url?: string } }>(
    SANDBOX_CARD_PATH,
    { schema: { hide: true }, config: { helmet: policy } },
    async (request, reply) => {
      const returnUrl = request.query.return_url ?? '';
      const requestId = request.query.request_id ?? '';
      if (!isAllowedReturnUrl(config, returnUrl) || !/^cr_[0-9a-f]{32}$/.test(requestId)) {
        return html(reply.code(400)).send(errorPage('La solicitud de tarjeta no es válida.'));
      }
      return html(reply).send(tokenizationPage(requestId, returnUrl, null));
    },
  );

  app.post(SANDBOX_CARD_PATH, { schema: { hide: true }, config: { helmet: policy } }, async (request, reply) => {
    const form = await readUploadForm(request, { maxFileBytes: 1, maxFiles: 0 });
    const { request_id: requestId = '', return_url: returnUrl = '' } = form.fields;
    if (!isAllowedReturnUrl(config, returnUrl) || !/^cr_[0-9a-f]{32}$/.test(requestId)) {
      return html(reply.code(400)).send(errorPage('La solicitud de tarjeta no es válida.'));
    }
    const number = (form.fields.number ?? '').replace(/\s+/g, '');
    const month = Number(form.fields.expiry_month);
    const rawYear = Number(form.fields.expiry_year);
    const year = rawYear < 100 ? 2000 + rawYear : rawYear;
    const holder = (form.fields.holder ?? '').trim().replace(/\s+/g, ' ');
    const problem = !isLuhnValid(number)
      ? 'El número de tarjeta no es válido.'
      : !(Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(year) && year >= 2000)
        ? 'La fecha de caducidad no es válida.'
        : !holder || holder.length > 100
          ? 'Escribe el nombre del titular como aparece en la tarjeta.'
          : !/^\d{3,4}$/.test(form.fields.cvv ?? '')
            ? 'El CVV no es válido.'
            : null;
    if (problem) return html(reply.code(422)).send(tokenizationPage(requestId, returnUrl, problem));
    const status = sandboxCardStatus(number);
    const tokenized = cardRequestGroup(status) === 'completed';
    if (status !== 'New') {
      await deliverCardCallback(app, secret, {
        event_id: `evt_${randomBytes(12).toString('hex')}`,
        request_id: requestId,
        status,
        ...(tokenized
          ? {
              card: {
                token: `tok_${randomBytes(12).toString('hex')}`,
                pan: maskPan(number),
                holder,
                expiry_month: month,
                expiry_year: year,
              },
            }
          : {}),
      });
    }
    const back = new URL(returnUrl);
    back.searchParams.set('card_request', requestId);
    back.searchParams.set('card_status', cardRequestGroup(status) ?? 'processing');
    return reply.header('cache-control', 'no-store').redirect(back.toString(), 303);
  });
}

/** Posts a card request's status to the callback route, signed, through the path a real acquirer's takes. */
export async function deliverCardCallback(
  app: FastifyInstance,
  secret: () => Promise<string>,
  event: CardRequestEvent,
): Promise<void> {
  const response = await postSignedCallback(app, CARD_CALLBACK_PATH, secret, event);
  if (response.statusCode !== 200) app.log.warn({ status: response.statusCode }, 'sandbox card callback refused');
}
