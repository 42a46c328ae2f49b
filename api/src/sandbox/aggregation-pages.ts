import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type BankTokenInput, bankSession, sandboxIbanFor } from '../aggregation';
import type { AggregationProviderName, ApiConfig } from '../config';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { readUploadForm } from '../http/multipart';
import { API_CSP_DIRECTIVES, cspHeader, pagePolicy } from '../http/security';
import { unauthorized } from '../identity/auth';
import { findSession } from '../identity/sessions';
import { AGGREGATION_CALLBACK_PATH, type AggregationEvent } from '../providers/aggregation';
import { postSignedCallback } from '../providers/callback-route';
import { allowedReturnOrigins } from '../providers/return-urls';
import { escapeHtml, htmlReply as html, sandboxPage, serveSandboxAssets } from './page';

export const SANDBOX_AGGREGATION_PATH = '/sandbox/aggregation';
const UNNAX_BASE = `${SANDBOX_AGGREGATION_PATH}/unnax`;
const KONTOMATIK_BASE = `${SANDBOX_AGGREGATION_PATH}/kontomatik`;
/** The message type the kontomatik frame posts to the app (shared/src/aggregation reads the same). */
export const KONTOMATIK_MESSAGE_TYPE = 'kontomatik.result';

const BANKS = ['CaixaBank', 'BBVA', 'Santander', 'Sabadell', 'Bankinter'];
const OUTCOMES = ['success', 'no_transactions', 'error', 'cancel'] as const;
type Outcome = (typeof OUTCOMES)[number];
/** A widget session lets its page or script connect one bank for half an hour. */
const WIDGET_SESSION_SECONDS = 30 * 60;

/** The fields of a new sandbox bank session, as each provider sends them back (bank_token's two variants). */
export function sandboxSessionFields(provider: AggregationProviderName, bank: string): Record<string, string> {
  const session = randomBytes(12).toString('hex');
  return provider === 'unnax'
    ? { token1: `ux1_${session}`, token2: `ux2_${session}`, bank_name: bank, type: 'widget' }
    : { sessionId: `kt_${session}`, sessionIdSignature: `sig_${session}`, bankId: bank.toLowerCase(), bankName: bank };
}

/**
 * How the provider's widget ended, as it reports it to the app's page (unnax's widget events, kontomatik's
 * postMessage): the app follows /unnax-aggregation/{status} with the bank session or the error's code.
 */
export interface WidgetResult {
  status: 'success' | 'error' | 'cancel';
  fields?: Record<string, string>;
  code?: string;
}

/** An account without recent transactions still ends the widget well: the provider's callback says it failed. */
export function widgetResult(outcome: Outcome, fields: Record<string, string>): WidgetResult {
  if (outcome === 'success' || outcome === 'no_transactions') return { status: 'success', fields };
  if (outcome === 'cancel') return { status: 'cancel' };
  return { status: 'error', code: 'identity_not_verified' };
}

/**
 * The provider's server side: what it read of the session, posted signed to our callback through the path a real
 * provider's request takes. An account without recent transactions is a session it could not use.
 */
async function postSessionOutcome(
  app: FastifyInstance,
  secret: () => Promise<string>,
  provider: AggregationProviderName,
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

/** A widget session: its expiry, signed with the provider's key, as a real provider's widget token would be. */
export const widgetSessions = (secret: () => Promise<string>) => {
  const mac = async (expires: string) =>
    createHmac('sha256', await secret())
      .update(`widget:${expires}`)
      .digest();
  return {
    issue: async (now = Date.now()) => {
      const expires = String(Math.floor(now / 1000) + WIDGET_SESSION_SECONDS);
      return `${expires}.${(await mac(expires)).toString('base64url')}`;
    },
    valid: async (token: unknown, now = Date.now()) => {
      if (typeof token !== 'string') return false;
      const [expires = '', signature = ''] = token.split('.');
      if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < now) return false;
      const expected = await mac(expires);
      const given = Buffer.from(signature, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
};

const bankOptions = () => BANKS.map((b) => `<option>${escapeHtml(b)}</option>`).join('');
const pick = (bank: unknown) => (typeof bank === 'string' && BANKS.includes(bank) ? bank : 'CaixaBank');
const outcomeOf = (value: unknown): Outcome => OUTCOMES.find((o) => o === value) ?? 'success';

/** kontomatik's page inside the app's iframe: framed by that origin only, posting only to itself. */
const framePolicy = (parentOrigin: string) =>
  cspHeader({
    ...API_CSP_DIRECTIVES,
    'style-src': ["'self'"],
    'script-src': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': [parentOrigin],
  });

function kontomatikForm(session: string, parentOrigin: string): string {
  return sandboxPage({
    base: KONTOMATIK_BASE,
    title: 'Conecta tu banco (sandbox kontomatik)',
    body: `<h1>Conecta tu banco</h1>
<p class="note">Agregador de pruebas (sandbox kontomatik): no escribas claves reales.</p>
<form method="post" action="${KONTOMATIK_BASE}" enctype="multipart/form-data">
<input type="hidden" name="session" value="${escapeHtml(session)}">
<input type="hidden" name="parent_origin" value="${escapeHtml(parentOrigin)}">
<label>Banco <select name="bank">${bankOptions()}</select></label>
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

function kontomatikDone(result: WidgetResult, parentOrigin: string): string {
  const message = JSON.stringify({ type: KONTOMATIK_MESSAGE_TYPE, ...result });
  return sandboxPage({
    base: KONTOMATIK_BASE,
    title: 'Banco conectado (sandbox kontomatik)',
    script: 'kontomatik-frame.js',
    body: `<h1>${result.status === 'success' ? 'Banco conectado' : 'Conexión terminada'}</h1>
<p role="status">Volviendo a Credimo…</p>
<div id="kontomatik-result" hidden data-target-origin="${escapeHtml(parentOrigin)}" data-message="${escapeHtml(message)}"></div>`,
  });
}

/**
 * The sandbox bank-data aggregation providers, served by the API at the origin a real one would be configured at
 * (AGGREGATION_PROVIDER_URL). GET /aggregation/unnax/widget (access_token in the query) opens a widget session for
 * the configured provider and names what the app's page loads:
 * - unnax: an embedded widget. The page loads the provider's script (`script_url`), which walks the customer through
 *   the bank login inside a container of the app's page, talks to its own server (`POST …/unnax/sessions`, by CORS)
 *   and reports its ending to the page (a `unnax:result` event on the container).
 * - kontomatik: a page in an iframe of the app (`frame_url`), framed only by the app's origin, which reports its
 *   ending to the parent by postMessage aimed at that origin only.
 * Either way the provider's server posts what it read of the session, signed, to our callback (accounts, or none
 * when the account shows no recent transactions); the app then posts the bank session to POST /v2/loan/bank_token.
 */
export async function sandboxAggregationPages(
  app: FastifyInstance,
  { config, db, secret }: { config: ApiConfig; db: Kysely<Database>; secret: () => Promise<string> },
) {
  const sessions = widgetSessions(secret);
  const origins = allowedReturnOrigins(config);
  const appOrigin = new URL(config.appUrl).origin;
  const parentOf = (given: unknown): string | null => {
    const candidate = typeof given === 'string' && given ? given : appOrigin;
    return origins.includes(candidate) ? candidate : null;
  };
  const providerBase = config.aggregation.url.replace(/\/$/, '');

  app.get<{ Querystring: { access_token?: string; origin?: string } }>(
    '/aggregation/unnax/widget',
    { schema: { hide: true }, config: { sessionInQuery: true } },
    async (request, reply) => {
      const session = request.query.access_token ? await findSession(db, request.query.access_token) : null;
      if (!session) throw unauthorized();
      request.session = session;
      const parent = parentOf(request.query.origin);
      if (!parent) throw ApiError.field(400, 'origin', messages.incorrectData);
      const widget = await sessions.issue();
      reply.header('cache-control', 'no-store');
      if (config.aggregation.provider === 'unnax') {
        return { provider: 'unnax', script_url: `${providerBase}${UNNAX_BASE}/widget.js`, widget_session: widget };
      }
      const frame = new URL(`${providerBase}${KONTOMATIK_BASE}`);
      frame.searchParams.set('session', widget);
      frame.searchParams.set('parent_origin', parent);
      return { provider: 'kontomatik', frame_url: frame.href };
    },
  );

  // unnax: the widget's script, loaded by the app's page from another origin.
  serveSandboxAssets(app, UNNAX_BASE, ['widget.js'], { crossOrigin: true });
  app.post<{ Body: { widget_session?: string; bank?: string; user?: string; outcome?: string } }>(
    `${UNNAX_BASE}/sessions`,
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          properties: {
            widget_session: { type: 'string', maxLength: 200 },
            bank: { type: 'string', maxLength: 50 },
            user: { type: 'string', minLength: 1, maxLength: 100 },
            outcome: { type: 'string', maxLength: 20 },
          },
          required: ['widget_session', 'user'],
        },
      },
    },
    async (request, reply) => {
      if (!(await sessions.valid(request.body.widget_session))) throw unauthorized();
      const outcome = outcomeOf(request.body.outcome);
      const fields = sandboxSessionFields('unnax', pick(request.body.bank));
      if (outcome === 'success' || outcome === 'no_transactions') {
        await postSessionOutcome(app, secret, 'unnax', fields, outcome === 'success');
      }
      reply.header('cache-control', 'no-store');
      return widgetResult(outcome, fields);
    },
  );

  // kontomatik: its page in the app's iframe, and the page that reports the ending to the parent.
  serveSandboxAssets(app, KONTOMATIK_BASE, ['kontomatik-frame.js']);
  const framed = { schema: { hide: true }, config: { helmet: { ...pagePolicy({}), frameguard: false as const } } };
  app.get<{ Querystring: { session?: string; parent_origin?: string } }>(
    KONTOMATIK_BASE,
    framed,
    async (request, reply) => {
      const parent = parentOf(request.query.parent_origin);
      if (!parent || !(await sessions.valid(request.query.session))) {
        return html(reply.code(400)).send('<!doctype html><p>Sesión de conexión no válida.</p>');
      }
      reply.header('content-security-policy', framePolicy(parent));
      return html(reply).send(kontomatikForm(request.query.session as string, parent));
    },
  );
  app.post(KONTOMATIK_BASE, framed, async (request, reply) => {
    const body = (await readUploadForm(request, { maxFileBytes: 1, maxFiles: 0 })).fields;
    const parent = parentOf(body.parent_origin);
    if (!parent || !(await sessions.valid(body.session))) {
      return html(reply.code(400)).send('<!doctype html><p>Sesión de conexión no válida.</p>');
    }
    const outcome = outcomeOf(body.outcome);
    const fields = sandboxSessionFields('kontomatik', pick(body.bank));
    if (outcome === 'success' || outcome === 'no_transactions') {
      await postSessionOutcome(app, secret, 'kontomatik', fields, outcome === 'success');
    }
    reply.header('content-security-policy', framePolicy(parent));
    return html(reply).send(kontomatikDone(widgetResult(outcome, fields), parent));
  });
}
