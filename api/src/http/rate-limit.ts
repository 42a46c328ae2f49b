import { messages } from '@credimo/shared/i18n';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preParsingHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../db/database';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { tokenHashOf, tokenOf } from '../identity/auth';
import { notFound } from './errors';
import { LIMIT_GROUPS, type LimitGroup, limitGroupOf } from './rate-limit-groups';

type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;
type Increment = (key: string, windowMs: number) => Promise<Counter> | Counter;

/** One in this many exact increments (or in-memory ones on PGlite) also deletes long-expired counters. */
const SWEEP_EVERY = 500;
/** A batching process sweeps long-expired counters once a minute or so. */
const SWEEP_EVERY_FLUSHES = 60;
/** How often a process writes its batched counts to the shared table (and learns the other processes'). */
export const FLUSH_EVERY_MS = 1_000;

const groupOfKey = (key: string) => key.slice(0, key.indexOf('|')) as LimitGroup;
const isBatchedGroup = (group: LimitGroup) =>
  (LIMIT_GROUPS[group] as { batched?: boolean } | undefined)?.batched === true;
const isBatched = (key: string) => isBatchedGroup(groupOfKey(key));

/** Hits to add to one caller's counter. */
interface Hits {
  key: string;
  hits: number;
  windowMs: number;
}

/**
 * Adds hits to counters in our database, any number of keys in one statement: atomic under each row's lock,
 * so every API process on the same PostgreSQL sees the same counts. Fixed windows per key. Rows are written in
 * key order, so two processes adding to the same keys at once take their locks in the same order.
 */
async function addHits(db: Kysely<Database>, added: readonly Hits[]): Promise<Map<string, Counter>> {
  const { rows } = await sql<{ key: string; hits: number; ttl_ms: number }>`
    insert into rate_limit_counters (key, hits, window_ends_at)
    select key, hits, now() + make_interval(secs => window_ms / 1000)
    from unnest(
      ${added.map((a) => a.key)}::text[],
      ${added.map((a) => a.hits)}::integer[],
      ${added.map((a) => a.windowMs)}::double precision[]
    ) as added (key, hits, window_ms)
    order by key
    on conflict (key) do update set
      hits = case when rate_limit_counters.window_ends_at <= now() then excluded.hits
        else rate_limit_counters.hits + excluded.hits end,
      window_ends_at = case when rate_limit_counters.window_ends_at <= now()
        then excluded.window_ends_at else rate_limit_counters.window_ends_at end
    returning key, hits, ceil(extract(epoch from (window_ends_at - now())) * 1000)::integer as ttl_ms`.execute(db);
  return new Map(
    rows.map((row) => [row.key, { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl_ms)) }] as const),
  );
}

/** Deletes counters whose window ended an hour ago: the table stays small without a job. */
async function sweepExpired(db: Kysely<Database>): Promise<void> {
  await sql`delete from rate_limit_counters where window_ends_at < now() - interval '1 hour'`.execute(db);
}

/** Exact counting for the strict groups: one statement per request, answered by the shared count. */
function exactCounter(db: Kysely<Database>): Increment {
  let calls = 0;
  return async (key, windowMs) => {
    const counter = (await addHits(db, [{ key, hits: 1, windowMs }])).get(key);
    if (++calls % SWEEP_EVERY === 0) await sweepExpired(db);
    return counter ?? { current: 1, ttl: windowMs };
  };
}

interface Tally {
  /** The shared count as the table last answered it (this process's flushed hits included). */
  shared: number;
  /** This process's hits not yet written. */
  pending: number;
  windowEndsAt: number;
  windowMs: number;
}

/**
 * Batched counting for the generous groups (polling, standard): every request is counted in memory, and once a
 * second one statement writes every caller's new hits and reads back what all processes counted. No request
 * waits on a write: a customer polls every 3 to 7 s, so in any second most callers have one request, and a
 * write per caller (each second, or each window) would be nearly a write per poll. One process alone counts
 * exactly; with N processes a caller may pass the limit by what the other processes let through in the last
 * second, a small overshoot of a generous limit. The strict groups (codes, promo codes, uploads, operator
 * links) stay exact.
 */
function batchedCounter(db: Kysely<Database>) {
  const tallies = new Map<string, Tally>();
  let flushing: Promise<void> | null = null;
  let flushes = 0;

  async function flush(): Promise<void> {
    if (++flushes % SWEEP_EVERY_FLUSHES === 0) await sweepExpired(db).catch(() => {});
    const now = Date.now();
    for (const [key, tally] of tallies) if (tally.windowEndsAt <= now && tally.pending === 0) tallies.delete(key);
    const due = [...tallies].filter(([, tally]) => tally.pending > 0);
    if (due.length === 0) return;
    const written = due.map(([key, tally]) => ({ key, tally, hits: tally.pending, windowMs: tally.windowMs }));
    let counters: Map<string, Counter>;
    try {
      counters = await addHits(db, written);
    } catch {
      return; // Kept pending: written with the next flush.
    }
    const at = Date.now();
    for (const { key, tally, hits } of written) {
      const counter = counters.get(key);
      tally.pending -= hits;
      if (!counter) continue;
      tally.shared = counter.current;
      tally.windowEndsAt = at + counter.ttl;
    }
  }
  const timer = setInterval(() => {
    flushing ??= flush().finally(() => {
      flushing = null;
    });
  }, FLUSH_EVERY_MS);
  timer.unref();

  function increment(key: string, windowMs: number): Counter {
    const now = Date.now();
    let tally = tallies.get(key);
    if (!tally || tally.windowEndsAt <= now) {
      // A new window; hits of the last one not yet written are dropped with it.
      tally = { shared: 0, pending: 0, windowEndsAt: now + windowMs, windowMs };
      tallies.set(key, tally);
    }
    tally.pending += 1;
    return { current: tally.shared + tally.pending, ttl: Math.max(0, tally.windowEndsAt - now) };
  }
  async function close() {
    clearInterval(timer);
    await flushing;
    await flush();
  }
  return { increment, close };
}

/**
 * PGlite has one process (it locks its folder), so counters in memory, one set per database, are the shared
 * count: no write per request. They restart empty with the process, like a fixed window that just ended.
 */
const memoryCounters = new WeakMap<Kysely<Database>, Map<string, { hits: number; windowEndsAt: number }>>();

function memoryCounter(db: Kysely<Database>): (key: string, windowMs: number) => Counter {
  let counters = memoryCounters.get(db);
  if (!counters) {
    counters = new Map();
    memoryCounters.set(db, counters);
  }
  const table = counters;
  let calls = 0;
  return (key, windowMs) => {
    const now = Date.now();
    if (++calls % SWEEP_EVERY === 0) {
      for (const [k, c] of table) if (c.windowEndsAt <= now) table.delete(k);
    }
    let counter = table.get(key);
    if (!counter || counter.windowEndsAt <= now) {
      counter = { hits: 0, windowEndsAt: now + windowMs };
      table.set(key, counter);
    }
    counter.hits += 1;
    return { current: counter.hits, ttl: counter.windowEndsAt - now };
  };
}

/** A @fastify/rate-limit store over one of the counters above. */
function storeOf(increment: Increment) {
  return class CounterStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      // A count in memory answers at once; an exact one is a promise.
      const counter = increment(key, timeWindow);
      if (counter instanceof Promise) counter.then((result) => callback(null, result), callback);
      else callback(null, counter);
    }
    child() {
      return new CounterStore();
    }
  };
}

/**
 * The counters of one database: in memory on PGlite; on PostgreSQL exact for the strict groups and batched for
 * the generous ones. `counted` counts a batched group's request at once (it never waits); `close` writes what is
 * still pending.
 */
export function databaseCounters(db: Kysely<Database>, kind: DatabaseKind) {
  if (kind === 'pglite') {
    const increment = memoryCounter(db);
    return { store: storeOf(increment), counted: increment, close: async () => {} };
  }
  const exact = exactCounter(db);
  const batched = batchedCounter(db);
  const increment: Increment = (key, windowMs) =>
    isBatched(key) ? batched.increment(key, windowMs) : exact(key, windowMs);
  return { store: storeOf(increment), counted: batched.increment, close: batched.close };
}

/** Each route's group by method and url, worked out once: asked three times an answer (key, max, window). */
const routeGroups = new Map<string, LimitGroup>();

function groupOf(request: FastifyRequest): LimitGroup {
  const { config } = request.routeOptions;
  // An unknown address (the 404 handler) has no route url: its own path decides, and is not kept.
  if (config.url === undefined) return limitGroupOf({ method: request.method, url: request.url, limit: config.limit });
  const key = `${request.method} ${config.url}`;
  let group = routeGroups.get(key);
  if (group === undefined) {
    group = limitGroupOf({ method: request.method, url: config.url, limit: config.limit });
    routeGroups.set(key, group);
  }
  return group;
}

/**
 * Signed-in callers are counted per customer (many share a mobile carrier's address); the polls, whose one
 * statement checks the token itself (sessionInQuery), per token until then; everyone else per address. A token
 * that opens no session counts as no token: made up afresh for each request it would otherwise buy a fresh
 * count each time. Tokens that open no session are capped per address on top (unknownTokens below).
 */
export function callerKey(request: FastifyRequest, group: LimitGroup = groupOf(request)): string {
  if (request.session) return `${group}|user:${request.session.userId}`;
  const tokenHash = request.routeOptions.config.sessionInQuery ? tokenHashOf(request) : null;
  return tokenHash ? `${group}|token:${tokenHash.slice(0, 32)}` : `${group}|ip:${request.ip}`;
}

/**
 * Answers 401 to a token, per address, counted in this process (a per-process cap, N times looser with N API
 * processes, still a wall for a script making up tokens): past the limit such an address gets 429 for any
 * request with a token not yet known to open a session, before any database work.
 */
function unknownTokenCap(factor: number) {
  const { max, windowMs } = LIMIT_GROUPS.unknownTokens;
  const counts = new Map<string, { hits: number; windowEndsAt: number }>();
  let calls = 0;
  return {
    /** The seconds until the address may try again; 0 when it may now. */
    over(address: string): number {
      const count = counts.get(address);
      const left = count ? count.windowEndsAt - Date.now() : 0;
      return count && left > 0 && count.hits >= max * factor ? Math.ceil(left / 1000) : 0;
    },
    refused(address: string): void {
      const now = Date.now();
      if (++calls % SWEEP_EVERY === 0) for (const [k, c] of counts) if (c.windowEndsAt <= now) counts.delete(k);
      const count = counts.get(address);
      if (!count || count.windowEndsAt <= now) counts.set(address, { hits: 1, windowEndsAt: now + windowMs });
      else count.hits += 1;
    },
  };
}

/** A route all of whose methods fall into batched groups (the polls and the standard group). */
function countedInMemory(route: RouteOptions): boolean {
  const methods = [route.method].flat();
  return methods.every((method) =>
    isBatchedGroup(limitGroupOf({ method, url: route.url, limit: route.config?.limit })),
  );
}

/**
 * The limit of a batched group as a callback hook: its count is in memory and answers at once, where
 * @fastify/rate-limit's handler is an async function awaiting its key, limit, window and store per request
 * (a measurable share of the customer's poll). The same key, limit and window, and the same 429 with
 * Retry-After once past it.
 */
function inMemoryLimit(counted: (key: string, windowMs: number) => Counter, factor: number): preParsingHookHandler {
  return (request, reply, payload, done) => {
    const group = groupOf(request);
    const { max, windowMs } = LIMIT_GROUPS[group];
    const counter = counted(callerKey(request, group), windowMs);
    if (counter.current <= max * factor) return done(null, payload);
    reply.header('retry-after', Math.ceil(counter.ttl / 1000));
    done(ApiError.request(429, messages.tooManyRequests));
  };
}

/**
 * Limits on every route (OWASP API4). Runs after the authentication hook has resolved the session (so the
 * key can be the customer) and before the body is parsed (so a flood costs no parsing).
 * Must be registered after `authentication` and before the routes. Also answers unknown paths (404), limited alike.
 */
export const rateLimits = fp(
  async (
    app: FastifyInstance,
    { db, kind, factor = 1 }: { db: Kysely<Database>; kind: DatabaseKind; factor?: number },
  ) => {
    const counters = databaseCounters(db, kind);
    const unknownTokens = unknownTokenCap(factor);
    // Callback hooks: neither waits for anything, and a promise per request shows on the polls.
    app.addHook('preParsing', (request, reply, payload, done) => {
      const wait = !request.session && tokenOf(request) ? unknownTokens.over(request.ip) : 0;
      if (wait > 0) {
        reply.header('retry-after', wait);
        return done(ApiError.request(429, messages.tooManyRequests));
      }
      done(null, payload);
    });
    app.addHook('onResponse', (request, reply, done) => {
      if (reply.statusCode === 401 && !request.session && tokenOf(request)) unknownTokens.refused(request.ip);
      done();
    });
    app.addHook('onClose', () => counters.close());
    // Before @fastify/rate-limit's own onRoute hook, which then leaves these routes alone (rateLimit: false).
    app.addHook('onRoute', (route) => {
      if (!countedInMemory(route)) return;
      route.config = { ...route.config, rateLimit: false };
      route.preParsing = [...[route.preParsing ?? []].flat(), inMemoryLimit(counters.counted, factor)];
    });
    await app.register(rateLimit, {
      global: true,
      hook: 'preParsing',
      store: counters.store,
      keyGenerator: callerKey,
      max: (request) => LIMIT_GROUPS[groupOf(request)].max * factor,
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
  },
);
