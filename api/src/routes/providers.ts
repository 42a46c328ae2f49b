import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { recordBankSession } from '../aggregation';
import { recordCardRequest } from '../cards';
import { CARD_CALLBACK_PATH, CardRequestEvent, RedsysCardAcquirer, SandboxCardAcquirer } from '../cards/acquirer';
import { ConfigError } from '../config';
import type { AppContext } from '../context';
import { recordLivenessVerdict } from '../evidence';
import type { SandboxPayoutBank } from '../jobs/workers';
import { settlePayout } from '../loans/payout';
import { documentStorageProviderFor, livenessProviderFor } from '../providers';
import { AGGREGATION_CALLBACK_PATH, AGGREGATION_PROVIDER_NAME, AggregationEvent } from '../providers/aggregation';
import { postSignedCallback, registerCallbackRoute } from '../providers/callback-route';
import { crashPoint } from '../providers/faults';
import { PAYMENT_PROVIDERS, PaymentEvent, requireRealPayments } from '../providers/payments';
import { PAYOUT_CALLBACK_PATH, PayoutEvent, type PayoutProvider, payoutProviderFor } from '../providers/payout';
import { redsysGatewayFor } from '../providers/redsys';
import { callbackSecret } from '../providers/secrets';
import { sandboxAggregationPages } from '../sandbox/aggregation-pages';
import { sandboxCardPages } from '../sandbox/card-pages';
import { LIVENESS_CALLBACK_PATH, sandboxLivenessPages } from '../sandbox/liveness-pages';
import { sandboxPaymentPages } from '../sandbox/payment-pages';
import { clockToday, settlePaymentRequestIn } from '../servicing';
import { cardRoutes } from './cards';
import { evidenceRoutes } from './evidence';
import { redsysRoutes } from './redsys';

// The providers' side of the API: each outside party's signed callback (signature, replay claim and effect in one
// transaction) and, in sandbox mode, the pages that stand in for it and post to it as the real provider would.

/**
 * The bank payout's signed callback; in sandbox mode, the sandbox bank: what the `payout.confirm` job calls to post
 * a transfer's outcome, signed, to that callback.
 */
export function registerPayout(app: FastifyInstance, context: AppContext): SandboxPayoutBank | null {
  const db = context.database.db;
  const payout: PayoutProvider = context.payout ?? payoutProviderFor(context.config);
  if (context.config.providerMode === 'production' && payout.sandbox) {
    throw new ConfigError('PROVIDER_MODE=production needs a payout provider: set PAYOUT_PROVIDER=sepa-file');
  }
  // Payouts sent in the day's file are settled by the bank's status report (bank-files/), not by a callback.
  if (payout.rail === 'sepa-file') return null;
  const secret = callbackSecret(context.config, db, payout.name);
  registerCallbackRoute(app, db, {
    provider: payout.name,
    path: PAYOUT_CALLBACK_PATH,
    body: PayoutEvent,
    eventId: (event) => event.event_id,
    secret,
    // Paid on the servicing clock's day (today, unless the sandbox's advance-days moved it on).
    handle: async (trx, event) => settlePayout(trx, event, await clockToday(trx)),
  });
  if (!payout.sandbox) return null;
  return async (event) => {
    const answer = await postSignedCallback(app, PAYOUT_CALLBACK_PATH, secret, event);
    return answer.statusCode;
  };
}

/** Documents and liveness: their routes, the liveness callback and, in sandbox mode, the provider's own pages. */
export async function registerEvidence(app: FastifyInstance, context: AppContext): Promise<void> {
  const db = context.database.db;
  const storage = context.documentStorage ?? documentStorageProviderFor(context.config);
  const liveness = context.liveness ?? livenessProviderFor(context.config, db);
  const secret = callbackSecret(context.config, db, liveness.name);
  // Uploads are streamed by the multipart parser with their own caps (see http/multipart.ts), not BODY_LIMIT_BYTES.
  await app.register(multipart);
  await app.register(evidenceRoutes, { context, evidence: { db, storage }, liveness });
  registerCallbackRoute(app, db, {
    provider: liveness.name,
    path: LIVENESS_CALLBACK_PATH,
    body: liveness.callback.body,
    eventId: (event) => liveness.callback.eventId(event),
    secret,
    handle: (trx, event) => recordLivenessVerdict(trx, liveness.name, liveness.callback.verdict(event)),
  });
  if (context.config.providerMode === 'sandbox') {
    await app.register(sandboxLivenessPages, { config: context.config, db, secret });
  }
}

/** Payment cards: their routes, the card acquirer's callback and, in sandbox mode, its tokenization page. */
export async function registerCards(app: FastifyInstance, context: AppContext): Promise<void> {
  const db = context.database.db;
  if (context.config.payments.provider === 'redsys') {
    // Redsys saves the card; its notification (registerPayments) records the card request.
    await app.register(cardRoutes, { context, acquirer: new RedsysCardAcquirer() });
    return;
  }
  if (context.config.providerMode === 'production') {
    // No real acquirer is integrated yet: production must not save cards through the sandbox.
    return;
  }
  const acquirer = new SandboxCardAcquirer();
  const secret = callbackSecret(context.config, db, acquirer.name);
  await app.register(cardRoutes, { context, acquirer });
  registerCallbackRoute(app, db, {
    provider: acquirer.name,
    path: CARD_CALLBACK_PATH,
    body: CardRequestEvent,
    eventId: (event) => event.event_id,
    secret,
    handle: (trx, event) => recordCardRequest(trx, event),
  });
  await app.register(sandboxCardPages, { config: context.config, secret });
}

/** Bank-data aggregation: the providers' signed callback and, in sandbox mode, their page. */
export async function registerAggregation(app: FastifyInstance, context: AppContext): Promise<void> {
  const db = context.database.db;
  const secret = callbackSecret(context.config, db, AGGREGATION_PROVIDER_NAME);
  registerCallbackRoute(app, db, {
    provider: AGGREGATION_PROVIDER_NAME,
    path: AGGREGATION_CALLBACK_PATH,
    body: AggregationEvent,
    eventId: (event) => event.event_id,
    secret,
    handle: (trx, event) => recordBankSession(trx, event),
  });
  if (context.config.providerMode === 'production') {
    // Production must not connect customers' banks through a stand-in: the sandbox pages are all there is yet.
    throw new ConfigError('PROVIDER_MODE=production needs a bank aggregation provider; none is integrated yet');
  }
  await app.register(sandboxAggregationPages, { config: context.config, db, secret });
}

/** Card and Bizum payments: each provider's signed callback applying the payment and, in sandbox mode, their checkouts. */
export async function registerPayments(app: FastifyInstance, context: AppContext): Promise<void> {
  const db = context.database.db;
  requireRealPayments(context.config);
  const redsys = redsysGatewayFor(context.config);
  if (redsys) {
    // Card and Bizum at Redsys: its pages' forms and its signed notification, never the sandbox's callbacks.
    await app.register(redsysRoutes, { context, gateway: redsys });
    return;
  }
  const channels = (['card', 'bizum'] as const).filter((channel) => context.checkout?.[channel]);
  if (channels.length === 0) return;
  const secrets = {
    card: callbackSecret(context.config, db, PAYMENT_PROVIDERS.card.name),
    bizum: callbackSecret(context.config, db, PAYMENT_PROVIDERS.bizum.name),
  };
  for (const channel of channels) {
    const provider = PAYMENT_PROVIDERS[channel];
    registerCallbackRoute(app, db, {
      provider: provider.name,
      path: provider.callbackPath,
      body: PaymentEvent,
      eventId: (event) => event.event_id,
      secret: secrets[channel],
      handle: async (trx, event) => {
        const settled = await settlePaymentRequestIn(
          trx,
          { reference: event.reference, outcome: event.status, source: provider.name, channel, amount: event.amount },
          await clockToday(trx),
        );
        crashPoint(context.config, 'payment-callback');
        return { applied: settled.applied, status: settled.payment?.status ?? null };
      },
    });
  }
  if (context.config.providerMode === 'sandbox' && channels.length === 2) {
    await app.register(sandboxPaymentPages, { config: context.config, db, secrets });
  }
}
