import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type BankTokenInput, bankSession, sandboxIbanFor } from '../../aggregation';
import type { ApiConfig } from '../../config';
import type { Database } from '../../db/schema';
import { readUploadForm } from '../../http/multipart';
import { pagePolicy } from '../../http/security';
import { unauthorized } from '../../identity/auth';
import { findSession } from '../../identity/sessions';
import { AGGREGATION_CALLBACK_PATH, type AggregationEvent } from '../aggregation';
import { postSignedCallback } from '../callback-route';
import { allowedReturnOrigins, isAllowedReturnUrl } from '../return-urls';
import { escapeHtml, htmlReply as html, sandboxPage, serveSandboxAssets } from './page';

export const SANDBOX_AGGREGATION_PATH = '/sandbox/aggregation';

const PROVIDERS = ['unnax', 'kontomatik'] as const;
type Provider = (typeof PROVIDERS)[number];
const BANKS = ['CaixaBank', 'BBVA', 'Santander', 'Sabadell', 'Bankinter'];

function page(provider: Provider, returnUrl: string): string {
  const banks = BANKS.map((b) => `<option>${escapeHtml(b)}</option>`).join('');
  return sandboxPage({
    base: SANDBOX_AGGREGATION_PATH,
    title: `Conecta tu banco (sandbox ${provider})`,
    body: `<h1>Conecta tu banco</h1>
<p class="note">Agregador de pruebas (sandbox ${provider}): no escribas claves reales.</p>
<form method="post" action="${SANDBOX_AGGREGATION_PATH}" enctype="multipart/form-data">
<input type="hidden" name="provider" value="${provider}">
<input type="hidden" name="return_url" value="${escapeHtml(returnUrl)}">
<label>Banco <select name="bank">${banks}</select></label>
<label>Usuario de banca online <input name="user" autocomplete="off" required></label>
<fieldset>
<legend>Resultado simulado</legend>
<label><input type="radio" name="outcome" value="success" checked> Datos importados</label>
<label><input type="radio" name="outcome" value="no_transactions"> Cuenta sin movimientos recientes</label>
<label><input type="radio" name="outcome" value="error"> Identidad no verificada</label>
<label><input type="radio" name="outcome" value="cancel"> Cancelar</label>
</fieldset>
<button type="submit">Continuar</button>
</form>`,
  });
}

/** The fields of a new sandbox bank session, as each provider sends them back (bank_token's two variants). */
export function sandboxSessionFields(provider: Provider, bank: string): Record<string, string> {
  const session = randomBytes(12).toString('hex');
  return provider === 'unnax'
    ? { token1: `ux1_${session}`, token2: `ux2_${session}`, bank_name: bank, type: 'widget' }
    : { sessionId: `kt_${session}`, sessionIdSignature: `sig_${session}`, bankId: bank.toLowerCase(), bankName: bank };
}

/** Where the provider sends the browser back: the app's /unnax-aggregation/{status} with the bank session. */
export function aggregationReturn(returnUrl: string, outcome: string, fields: Record<string, string>): string {
  const status = outcome === 'success' || outcome === 'no_transactions' || outcome === 'cancel' ? outcome : 'error';
  const back = new URL(returnUrl.replace('{status}', status === 'no_transactions' ? 'success' : status));
  if (status === 'success' || status === 'no_transactions') {
    for (const [key, value] of Object.entries(fields)) back.searchParams.set(key, value);
  } else if (status === 'error') {
    back.searchParams.set('code', 'identity_not_verified');
  }
  return back.toString();
}

/**
 * The provider's server side: what it read of the session, posted signed to our callback through the path a real
 * provider's request takes. An account without recent transactions is a session it could not use.
 */
async function postSessionOutcome(
  app: FastifyInstance,
  secret: () => Promise<string>,
  provider: Provider,
  fields: Record<string, string>,
  usable: boolean,
): Promise<void> {
  const { token, bankName } = bankSession(fields as unknown as BankTokenInput);
  const event: AggregationEvent = {
    event_id: `agg_${randomBytes(12).toString('hex')}`,
    provider,
    session: token,
    status: usable ? 'imported' : 'failed',
    ...(bankName ? { bank_name: bankName } : {}),
    accounts: usable ? [{ iban: sandboxIbanFor(token) }] : [],
  };
  const answer = await postSignedCallback(app, AGGREGATION_CALLBACK_PATH, secret, event);
  if (answer.statusCode !== 200) app.log.warn({ status: answer.statusCode }, 'sandbox aggregation callback refused');
}

/**
 * The sandbox aggregation providers' page (unnax's widget, kontomatik's redirect or iframe alike): the customer
 * picks a bank and a simulated result; the provider posts what it read of the session, signed, to our callback
 * (accounts, or none when the account shows no recent transactions) and sends the browser back to the app's
 * /unnax-aggregation/{status}, which posts the bank session to POST /v2/loan/bank_token. The browser reaches it by GET /aggregation/unnax/widget with the
 * access token; `return_url` is allow-listed and may carry `{status}`.
 */
export async function sandboxAggregationPages(
  app: FastifyInstance,
  { config, db, secret }: { config: ApiConfig; db: Kysely<Database>; secret: () => Promise<string> },
) {
  const policy = pagePolicy({
    'style-src': ["'self'"],
    'form-action': ["'self'", ...allowedReturnOrigins(config)],
    // kontomatik's page may be shown in an iframe of the app.
    'frame-ancestors': ["'self'", ...allowedReturnOrigins(config)],
  });
  const defaultReturn = new URL('/unnax-aggregation/{status}', config.appUrl)
    .toString()
    .replace('%7Bstatus%7D', '{status}');
  const returnOf = (given: string | undefined) => {
    const candidate = given ?? defaultReturn;
    return isAllowedReturnUrl(config, candidate.replace('{status}', 'success')) ? candidate : null;
  };

  serveSandboxAssets(app, SANDBOX_AGGREGATION_PATH);

  app.get<{ Querystring: { access_token?: string; provider?: string; return_url?: string } }>(
    '/aggregation/unnax/widget',
    { schema: { hide: true }, config: { sessionInQuery: true } },
    async (request, reply) => {
      const session = request.query.access_token ? await findSession(db, request.query.access_token) : null;
      if (!session) throw unauthorized();
      request.session = session;
      const provider = PROVIDERS.find((p) => p === request.query.provider) ?? 'unnax';
      const returnUrl = returnOf(request.query.return_url);
      if (!returnUrl) return html(reply.code(400)).send('<!doctype html><p>Dirección de vuelta no permitida.</p>');
      const query = new URLSearchParams({ provider, return_url: returnUrl });
      return reply.header('cache-control', 'no-store').redirect(`${SANDBOX_AGGREGATION_PATH}?${query}`, 303);
    },
  );

  app.get<{ Querystring: { provider?: string; return_url?: string } }>(
    SANDBOX_AGGREGATION_PATH,
    { schema: { hide: true }, helmet: policy },
    async (request, reply) => {
      const provider = PROVIDERS.find((p) => p === request.query.provider) ?? 'unnax';
      const returnUrl = returnOf(request.query.return_url);
      if (!returnUrl) return html(reply.code(400)).send('<!doctype html><p>Dirección de vuelta no permitida.</p>');
      return html(reply).send(page(provider, returnUrl));
    },
  );

  app.post(SANDBOX_AGGREGATION_PATH, { schema: { hide: true }, helmet: policy }, async (request, reply) => {
    const body = (await readUploadForm(request, { maxFileBytes: 1, maxFiles: 0 })).fields;
    const provider = PROVIDERS.find((p) => p === body.provider) ?? 'unnax';
    const returnUrl = returnOf(body.return_url);
    if (!returnUrl) return html(reply.code(400)).send('<!doctype html><p>Dirección de vuelta no permitida.</p>');
    const bank = BANKS.includes(body.bank ?? '') ? (body.bank as string) : 'CaixaBank';
    const outcome = body.outcome ?? 'success';
    const fields = sandboxSessionFields(provider, bank);
    if (outcome === 'success' || outcome === 'no_transactions') {
      await postSessionOutcome(app, secret, provider, fields, outcome === 'success');
    }
    return reply.header('cache-control', 'no-store').redirect(aggregationReturn(returnUrl, outcome, fields), 303);
  });
}
