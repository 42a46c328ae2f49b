import compress from '@fastify/compress';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiConfig } from './config';
import type { AppContext } from './context';
import type { Database } from './db/schema';
import { closeConnectionsOnClosing } from './http/closing';
import { conditionalGet } from './http/conditional';
import { frameworkErrors, installErrorHandling } from './http/errors';
import { installJsonBodies } from './http/json-body';
import { logAnswer, loggerOptions } from './http/log-redaction';
import { errorBodySchema, securitySchemes } from './http/openapi';
import { rateLimits } from './http/rate-limit';
import { securityHeaders } from './http/security';
import { buildSerializer } from './http/serializers';
import { validatorCompiler } from './http/validation';
import { authentication } from './identity/auth';
import { startWorkers } from './jobs/workers';
import { createMetrics } from './metrics';
import { documentStorageProviderFor, mailerFor, requireRealMailer } from './providers';
import { type AutoDebitCharger, SandboxCardCharger } from './providers/card-charger';
import { paymentCheckoutsFor } from './providers/payments';
import { payoutProviderFor } from './providers/payout';
import { RedsysCardCharger, redsysGatewayFor } from './providers/redsys';
import { JobQueue } from './queue/job-queue';
import { clientLogRoutes } from './routes/client-log';
import { consoleRoutes } from './routes/console';
import { contentRoutes } from './routes/content';
import { customerFlagRoutes } from './routes/customer-flags';
import { customerRightsRoutes } from './routes/customer-rights';
import { dataRightsRoutes } from './routes/data-rights';
import { forbearanceRoutes } from './routes/forbearance';
import { healthRoutes } from './routes/health';
import { identityRoutes } from './routes/identity';
import { loanRoutes } from './routes/loans';
import { notificationRoutes } from './routes/notifications';
import { operatorRoutes } from './routes/operator';
import { originationRoutes } from './routes/origination';
import { pricingRoutes } from './routes/pricing';
import {
  registerAggregation,
  registerCards,
  registerEvidence,
  registerPayments,
  registerPayout,
} from './routes/providers';
import { registrationRoutes } from './routes/registration';
import { servicingRoutes } from './routes/servicing';
import { shortLinkRoutes } from './routes/short-links';

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
      mailer: given.mailer ?? mailerFor(given.config, given.database.db),
      payout: given.payout ?? payoutProviderFor(given.config),
      checkout: given.checkout ?? paymentCheckoutsFor(given.config),
      autoDebit: given.autoDebit ?? autoDebitFor(given.config, given.database.db, sandbox),
    };
    return await assembleApp(context, jobs, options);
  } catch (error) {
    // A refused start (a provider missing in production, say) must not leave the queue's timers running.
    await jobs.stop();
    throw error;
  }
}

/** The due-date charge of a saved card: Redsys's when it takes the payments, else the sandbox acquirer's. */
function autoDebitFor(config: ApiConfig, db: Kysely<Database>, sandbox: boolean): AutoDebitCharger | undefined {
  const redsys = redsysGatewayFor(config);
  if (redsys) return new RedsysCardCharger(db, redsys);
  return sandbox ? new SandboxCardCharger(db) : undefined;
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
    schemaController: { compilersFactory: { buildSerializer } },
  });
  app.setValidatorCompiler(validatorCompiler);
  installErrorHandling(app);
  await app.register(closeConnectionsOnClosing);
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
    // Shared schemas keep their own names in components, so the error body of every 4xx reads as `ErrorBody`.
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
  await app.register(forbearanceRoutes, context);
  await app.register(shortLinkRoutes, context);
  await app.register(clientLogRoutes, context);
  await app.register(customerFlagRoutes, context);
  await app.register(dataRightsRoutes, context);
  await app.register(customerRightsRoutes, context);
  await app.register(notificationRoutes, context);
  app.addHook('onClose', async () => jobs.stop());
  await registerEvidence(app, context);
  requireRealMailer(context.config, context.mailer ?? mailerFor(context.config, context.database.db));
  await registerCards(app, context);
  await registerAggregation(app, context);
  const payoutBank = registerPayout(app, context);
  await registerPayments(app, context);
  // The operators' console: staff pages under /console, with their own sessions.
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
      mail: { mailer: context.mailer ?? mailerFor(context.config, context.database.db), sms: context.sms },
      storage: context.documentStorage ?? documentStorageProviderFor(context.config),
    });
  }
  return app;
}
