import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/schema';
import { limitGroupOf } from '../http/rate-limit-groups';
import { JOB_NAMES } from '../queue/job-queue';

/**
 * What an operator's Prometheus scrapes from GET /metrics: the process, the answers by route pattern, and the
 * money's moving parts (queued jobs, payouts and payments not settled, the ledger's balance). One registry per app,
 * so tests can build several apps in a process; the database gauges are read at scrape time, never cached.
 */
export interface ApiMetrics {
  registry: Registry;
  /** Called once per answer (an onResponse hook). */
  answered: (request: FastifyRequest, reply: FastifyReply) => void;
}

/** Answers with no route (404s) share one label: a raw address per label would grow without bound. */
const UNMATCHED = 'unmatched';

const routePattern = (request: FastifyRequest) => request.routeOptions.url ?? UNMATCHED;

export function createMetrics(db: Kysely<Database>): ApiMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by route pattern, method and status',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'credimo_rate_limit_refusals_total',
    help: 'Answers 429 (too many requests), by the route group whose limit refused them',
    labelNames: ['group'] as const,
    registers: [registry],
  });

  new Gauge({
    name: 'credimo_job_queue_depth',
    help: 'Jobs waiting to run (created or to retry), by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const rows = await queuedJobs(db);
      for (const queue of JOB_NAMES) this.set({ queue }, rows.get(queue)?.depth ?? 0);
    },
  });
  new Gauge({
    name: 'credimo_job_queue_oldest_age_seconds',
    help: 'How long the oldest job due to run has waited, by queue (0 when none is due)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const rows = await queuedJobs(db);
      for (const queue of JOB_NAMES) this.set({ queue }, rows.get(queue)?.oldestAgeSeconds ?? 0);
    },
  });
  new Gauge({
    name: 'credimo_payouts_unconfirmed',
    help: 'Payouts ordered from the bank and not yet confirmed or failed',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('payouts')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('status', '=', 'accepted')
        .executeTakeFirst();
      this.set(Number(row?.count ?? 0));
    },
  });
  new Gauge({
    name: 'credimo_payments_pending',
    help: 'Payment requests (card, Bizum, transfer) waiting for the provider’s answer',
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom('payment_requests')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      this.set(Number(row?.count ?? 0));
    },
  });
  new Gauge({
    name: 'credimo_ledger_balance_cents',
    help: 'Sum of every ledger posting in cents: double entry keeps it at 0, anything else is an alert',
    registers: [registry],
    async collect() {
      const { rows } = await sql<{ total: string | null }>`select sum(amount) as total from ledger_postings`.execute(
        db,
      );
      this.set(Number(rows[0]?.total ?? 0));
    },
  });

  return {
    registry,
    answered(request, reply) {
      const route = routePattern(request);
      requestDuration.observe(
        { route, method: request.method, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      if (reply.statusCode === 429) {
        refusals.inc({
          group: limitGroupOf({ method: request.method, url: route, limit: request.routeOptions.config?.limit }),
        });
      }
    },
  };
}

/** pg-boss's own table: waiting jobs per queue, and how long the oldest one that is due has waited. */
async function queuedJobs(db: Kysely<Database>) {
  const { rows } = await sql<{ name: string; depth: string; oldest: string | null }>`
    select name,
           count(*) as depth,
           extract(epoch from now() - min(start_after) filter (where start_after <= now())) as oldest
      from pgboss.job
     where state in ('created', 'retry')
     group by name`.execute(db);
  return new Map(
    rows.map((row) => [row.name, { depth: Number(row.depth), oldestAgeSeconds: Math.max(0, Number(row.oldest ?? 0)) }]),
  );
}
