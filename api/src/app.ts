import compress from '@fastify/compress';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { recordBankSession } from './aggregation';
import { recordCardRequest } from './cards';
import { CARD_CALLBACK_PATH, CardRequestEvent, SandboxCardAcquirer } from './cards/acquirer';
import { SandboxCardCharger } from './cards/auto-debit';
import { ConfigError } from './config';
import type { AppContext } from './context';
import { recordLivenessVerdict } from './evidence';
import { conditionalGet } from './http/conditional';
import { frameworkErrors, installErrorHandling } from './http/errors';
import { installJsonBodies } from './http/json-body';
import { logAnswer, loggerOptions } from './http/log-redaction';
import { errorBodySchema, securitySchemes } from './http/openapi';
import { rateLimits } from './http/rate-limit';
import { securityHeaders } from './http/security';
import { validatorCompiler } from './http/validation';
import { authentication } from './identity/auth';
import { JobQueue } from './jobs/queue';
import { type SandboxPayoutBank, startWorkers } from './jobs/workers';
import { settlePayout } from './loans/payout';
import { createMetrics } from './metrics';
import { documentStorageProviderFor, livenessProviderFor } from './providers';
import { AGGREGATION_CALLBACK_PATH, AGGREGATION_PROVIDER_NAME, AggregationEvent } from './providers/aggregation';
import { postSignedCallback, registerCallbackRoute } from './providers/callback-route';
import { crashPoint } from './providers/faults';
import { PAYMENT_PROVIDERS, PaymentEvent, paymentCheckoutsFor } from './providers/payments';
import { PAYOUT_CALLBACK_PATH, PayoutEvent, type PayoutProvider, SandboxPayoutProvider } from './providers/payout';
import { sandboxAggregationPages } from './providers/sandbox/aggregation-pages';
import { sandboxCardPages } from './providers/sandbox/card-pages';
import { LIVENESS_CALLBACK_PATH, sandboxLivenessPages } from './providers/sandbox/liveness-pages';
import { sandboxPaymentPages } from './providers/sandbox/payment-pages';
import { callbackSecret } from './providers/secrets';
import { aroundRoutes } from './routes/around';
import { cardRoutes } from './routes/cards';
import { consoleRoutes } from './routes/console';
import { contentRoutes } from './routes/content';
import { dataRightsRoutes } from './routes/data-rights';
import { evidenceRoutes } from './routes/evidence';
import { healthRoutes } from './routes/health';
import { identityRoutes } from './routes/identity';
import { loanRoutes } from './routes/loans';
import { notificationRoutes } from './routes/notifications';
import { operatorRoutes } from './routes/operator';
import { originationRoutes } from './routes/origination';
import { pricingRoutes } from './routes/pricing';
import { registrationRoutes } from './routes/registration';
import { servicingRoutes } from './routes/servicing';
import { clockToday, settlePaymentRequestIn } from './servicing';

/** Request bodies above this are refused with 413 before any work (uploads get their own limit later). */
export const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp(
  given: AppContext,
  options: {
    logger?: boolean;
    workers?: boolean;
    logStream?: { write(line: string): void };
    prettyLogs?: boolean;
  } = {},
): Promise<FastifyInstance> {
  // The job queue shares the database handle; its workers run only where asked (the API process, tests).
  const jobs = given.jobs ?? new JobQueue(given.database);
  await jobs.start();
  try {
    const sandbox = given.config.providerMode !== 'production';
    // One document store for the customers' routes and the operators' console (a memory:// store is per instance).
    const documentStorage = given.documentStorage ?? documentStorageProviderFor(given.config);
    const context: AppContext = {
      ...given,
      jobs,
      documentStorage,
      payout: given.payout ?? new SandboxPayoutProvider(given.config.payoutDelaySeconds),
      checkout: given.checkout ?? paymentCheckoutsFor(given.config),
      autoDebit: given.autoDebit ?? (sandbox ? new SandboxCardCharger(given.database.db) : undefined),
    };
    return await assembleApp(context, jobs, options);
  } catch (error) {
    // A refused start (a provider missing in production, say) must not leave the queue's timers running.
    await jobs.stop();
    throw error;
  }
}

async function assembleApp(
  context: AppContext,
  jobs: JobQueue,
  options: { logger?: boolean; workers?: boolean; logStream?: { write(line: string): void }; prettyLogs?: boolean },
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions(context.config.logLevel, options.logStream, options.prettyLogs === true),
    // Our own one line per answer (logAnswer) replaces Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: context.config.trustProxy,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  installErrorHandling(app);
  const metrics = createMetrics(context.database.db);
  app.addHook('onResponse', async (request, reply) => {
    metrics.answered(request, reply);
    logAnswer(request, reply);
  });
  installJsonBodies(app);

  // First, so its answer hook sees HTML before compression and every answer (errors too) gets the headers.
  await app.register(securityHeaders, { https: context.config.publicUrl.startsWith('https:') });
  await app.register(cors, {
    origin: context.config.corsOrigins,
    credentials: true,
    // @fastify/cors allows only GET, HEAD and POST unless told: the /v2 contract uses PUT and DELETE too.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // The shared client reads ETag to poll with If-None-Match (a header browsers otherwise hide from scripts).
    exposedHeaders: ['x-sms-code', 'x-sms-code-current', 'etag'],
  });
  // Before compression: conditional GET hashes the JSON body, not the gzip stream compression makes of it.
  await app.register(conditionalGet);
  // The price table is a few hundred KB of JSON; gzip makes it a few dozen. Answers only: no client of ours
  // compresses what it sends, and inflating requests is a hook on every request and a bomb's way in.
  await app.register(compress, { global: true, globalDecompression: false, threshold: 2048 });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Credimo API', version: context.config.version, description: 'The /v2 contract of Credimo.' },
      // Relative: the API that serves this document is the one it describes, wherever it is deployed.
      servers: [{ url: '/', description: 'Credimo API' }],
      components: { securitySchemes },
    },
    // Shared schemas keep their own names in components, so SPEC's error shape reads as `ErrorBody`.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  app.addSchema(errorBodySchema);

  await app.register(authentication, { db: context.database.db });
  // After authentication (signed-in callers are counted per customer), before every route.
  await app.register(rateLimits, {
    db: context.database.db,
    kind: context.database.kind,
    factor: context.config.rateLimitFactor,
  });
  await app.register(healthRoutes, { ...context, metrics });
  await app.register(contentRoutes);
  await app.register(identityRoutes, context);
  await app.register(pricingRoutes, context);
  await app.register(registrationRoutes, context);
  await app.register(loanRoutes, context);
  await app.register(operatorRoutes, context);
  await app.register(originationRoutes, context);
  await app.register(servicingRoutes, context);
  await app.register(dataRightsRoutes, context);
  await app.register(aroundRoutes, context);
  await app.register(notificationRoutes, context);
  app.addHook('onClose', async () => jobs.stop());
  await registerEvidence(app, context);
  await registerCards(app, context);
  await registerAggregation(app, context);
  const payoutBank = registerPayout(app, context);
  await registerPayments(app, context);
  // The operators' console (issue 12): staff pages under /console, with their own sessions.
  await app.register(consoleRoutes, {
    context,
    storage: context.documentStorage ?? documentStorageProviderFor(context.config),
  });
  app.get('/v2/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Last, once every route is in place: a job may post a sandbox provider's callback through app.inject.
  if (options.workers) {
    await startWorkers(context.database.db, jobs, {
      charger: context.autoDebit ?? null,
      payoutBank,
      storage: context.documentStorage ?? documentStorageProviderFor(context.config),
    });
  }
  return app;
}

/**
 * The bank payout's signed callback; in sandbox mode, the sandbox bank: what the `payout.confirm` job calls to post
 * a transfer's outcome, signed, to that callback.
 */
function registerPayout(app: FastifyInstance, context: AppContext): SandboxPayoutBank | null {
  const db = context.database.db;
  const payout: PayoutProvider = context.payout ?? new SandboxPayoutProvider(context.config.payoutDelaySeconds);
  if (context.config.providerMode === 'production' && payout.sandbox) {
    throw new ConfigError('PROVIDER_MODE=production needs a payout provider; none is integrated yet');
  }
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
async function registerEvidence(app: FastifyInstance, context: AppContext): Promise<void> {
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
async function registerCards(app: FastifyInstance, context: AppContext): Promise<void> {
  const db = context.database.db;
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
async function registerAggregation(app: FastifyInstance, context: AppContext): Promise<void> {
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
async function registerPayments(app: FastifyInstance, context: AppContext): Promise<void> {
  const db = context.database.db;
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
