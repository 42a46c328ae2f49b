import { messages } from '@credimo/shared/i18n';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError, notFound } from './errors';
import { LIMIT_GROUPS, type LimitGroup, limitGroupOf } from './rate-limit-groups';

type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;

/** One in this many increments also deletes long-expired counters, so the table stays small without a job. */
const SWEEP_EVERY = 500;

/**
 * A @fastify/rate-limit store in our database: one upsert per request, atomic under the row lock, so every
 * API process on the same PostgreSQL (or the one PGlite) sees the same count. Fixed windows per key.
 */
export function databaseStore(db: Kysely<Database>) {
  let calls = 0;
  async function increment(key: string, windowMs: number): Promise<Counter> {
    const { rows } = await sql<{ hits: number; ttl_ms: number }>`
      insert into rate_limit_counters (key, hits, window_ends_at)
      values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
      on conflict (key) do update set
        hits = case when rate_limit_counters.window_ends_at <= now() then 1 else rate_limit_counters.hits + 1 end,
        window_ends_at = case when rate_limit_counters.window_ends_at <= now()
          then excluded.window_ends_at else rate_limit_counters.window_ends_at end
      returning hits, ceil(extract(epoch from (window_ends_at - now())) * 1000)::integer as ttl_ms`.execute(db);
    if (++calls % SWEEP_EVERY === 0) {
      await sql`delete from rate_limit_counters where window_ends_at < now() - interval '1 hour'`.execute(db);
    }
    const row = rows[0];
    return { current: Number(row?.hits ?? 1), ttl: Math.max(0, Number(row?.ttl_ms ?? windowMs)) };
  }
  async function peek(key: string): Promise<Counter> {
    const { rows } = await sql<{ hits: number; ttl_ms: number }>`
      select hits, ceil(extract(epoch from (window_ends_at - now())) * 1000)::integer as ttl_ms
      from rate_limit_counters where key = ${key} and window_ends_at > now()`.execute(db);
    const row = rows[0];
    return row ? { current: Number(row.hits), ttl: Number(row.ttl_ms) } : { current: 0, ttl: 0 };
  }
  return class DatabaseStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      increment(key, timeWindow).then((counter) => callback(null, counter), callback);
    }
    read(key: string, callback: Callback) {
      peek(key).then((counter) => callback(null, counter), callback);
    }
    child() {
      return new DatabaseStore();
    }
  };
}

function groupOf(request: FastifyRequest): LimitGroup {
  const route = request.routeOptions;
  return limitGroupOf({ method: request.method, url: route.url ?? request.url, limit: route.config?.limit });
}

/** Signed-in callers are counted per customer (many share a mobile carrier's address); others per address. */
export function callerKey(request: FastifyRequest): string {
  const who = request.session ? `user:${request.session.userId}` : `ip:${request.ip}`;
  return `${groupOf(request)}|${who}`;
}

/**
 * Limits on every route (OWASP API4). Runs after the authentication hook has resolved the session (so the
 * key can be the customer) and before the body is parsed (so a flood costs no parsing).
 * Must be registered after `authentication` and before the routes. Also answers unknown paths (404), limited alike.
 */
export const rateLimits = fp(async (app: FastifyInstance, { db }: { db: Kysely<Database> }) => {
  await app.register(rateLimit, {
    global: true,
    hook: 'preParsing',
    store: databaseStore(db),
    keyGenerator: callerKey,
    max: (request) => LIMIT_GROUPS[groupOf(request)].max,
    timeWindow: (request) => LIMIT_GROUPS[groupOf(request)].windowMs,
    // If the counter table cannot answer, the request's own queries will fail too; do not add a second error.
    skipOnError: true,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: () => ApiError.request(429, messages.tooManyRequests),
  });
  // The 404 handler is no route, so the global hook above misses it: a scanner walking unknown paths is counted too.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, notFound);
});
