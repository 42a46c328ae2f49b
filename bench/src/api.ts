/**
 * `npm run bench:api`: the customer's poll at scale. Starts the API as a user would (on PostgreSQL
 * with DATABASE_URL, in a fresh database it drops afterwards; else on PGlite in a temporary folder), signs in
 * customers with full profiles, half with an open application and half with an active loan (paid out, with
 * ledger postings), and prints req/s, p50 and p99 at 50 connections for the polled
 * routes beside the one-select floor (api-floor.ts), measured again right before each route: this machine's
 * speed drifts by a third within a run, and a ratio to a floor taken minutes earlier measured the drift.
 * Numbers only: no budget, no pass/fail. Loopback only; bounded (BENCH_SECONDS per route, default 10); stops
 * everything it starts. BENCH_ONLY=text measures only the routes whose label holds it; BENCH_API_NODE_ARGS
 * passes flags to the API's node (`--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a route).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { sendRequiredFilesThroughApi } from '../../e2e/src/loan';
import { testPort } from '../../e2e/src/ports';

/** The token the app makes in sandbox mode (shared/src/domain/captcha.ts), as the browser would send it. */
const sandboxCaptchaToken = () => `sandbox.${randomBytes(16).toString('hex')}`;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10) || 10;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2) || 0;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50) || 50;
/**
 * A fixed offered load (requests a second, all connections together) instead of as many as answered: the CPU
 * per answer then compares routes without the machine's saturation (three busy processes on two cores) in it.
 */
const RATE = Number(process.env.BENCH_RATE ?? 0) || 0;
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50) || 50;
/** Of which this many with an active loan (the rest with an open application); half by default. */
/** Only the routes whose label contains this (BENCH_ONLY=user), for a profile of one route; all by default. */
const ONLY = process.env.BENCH_ONLY ?? '';
const ACTIVE = Math.min(CUSTOMERS, Number(process.env.BENCH_ACTIVE ?? Math.floor(CUSTOMERS / 2)) || 0);
const API_PORT = testPort(3960);
const FLOOR_PORT = testPort(3961);
const host = '127.0.0.1';

const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void> | void> = [];

function start(name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const extra = name === 'api' ? (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean) : [];
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping && code !== 0) console.error(`${name} exited (${code ?? signal})`);
  });
  children.push(child);
  return child;
}

let stopping = false;
async function stopAll() {
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  for (const cleanup of cleanups.reverse()) await cleanup();
}

async function waitFor(url: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** A fresh database on the server of DATABASE_URL, dropped when the bench ends. */
async function benchDatabase(serverUrl: string): Promise<string> {
  const name = `credimo_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const apiUrl = (p: string) => `http://${host}:${API_PORT}${p}`;

async function call(method: string, p: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(apiUrl(p), {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 400) throw new Error(`${method} ${p}: ${response.status} ${await response.text()}`);
  return response;
}

/** The bench's customers: open applications, and active loans (paid out, with ledger postings). */
type Population = 'application' | 'active';

interface Customer {
  population: Population;
  token: string;
  from: Record<string, string>;
  userEtag: string;
  loanEtag: string;
}

/** Polls GET /v2/loan until the loan reaches `status` (the sandbox's decision and payout run as jobs). */
async function loanReaches(headers: Record<string, string>, status: number, seconds = 60) {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const loan = (await (await call('GET', '/v2/loan', headers)).json()) as { status?: number } | null;
    if (loan?.status === status) return;
    if (Date.now() > until) throw new Error(`a bench loan stayed in status ${loan?.status}, wanted ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * A customer as the app makes one: SMS sign-in, personal data and address, additional data, an application.
 * An `active` one goes on as the customer would: the sandbox's decision, the SMS signature, the auto-debit step
 * skipped, the payout asked for and confirmed (the loan is then Active, with its ledger postings).
 */
async function customer(n: number, population: Population): Promise<Customer> {
  // One address per customer (the API runs with TRUST_PROXY): the per-address code limit is not what we measure.
  const from = { 'x-forwarded-for': `10.15.${Math.floor(n / 250)}.${(n % 250) + 1}` };
  const phone = `61${3572468 + n * 13}`;
  const sent = await call('POST', '/v2/user/login', from, {
    recaptcha_token: sandboxCaptchaToken(),
    mobile_phone: phone,
  });
  const code = sent.headers.get('x-sms-code') ?? '';
  const confirmed = await call('POST', '/v2/user/login_confirm', from, { mobile_phone: phone, code });
  const { token } = (await confirmed.json()) as { token: string };
  const headers = { ...from, authorization: `Bearer ${token}` };
  const number = 40000000 + n;
  await call('PUT', '/v2/user/personal_data_and_address', headers, {
    first_name: 'Carmen',
    first_surname: 'López',
    second_surname: 'Ruiz',
    personal_id: `${number}${'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23]}`,
    expiry_date: '2031-01-01',
    nationality: 'ES',
    birthday: '1988-03-14',
    gender: 'female',
    registration_address: { postal_code: '28014', region: 'Madrid', city: 'Madrid', street: 'Calle de Alcalá' },
    is_actual_address: true,
  });
  await call('PUT', '/v2/user/additional_data', headers, {
    employment_type_id: 1,
    education: 'university',
    has_current_loan: false,
    email: `carmen${n}@credimo.es`,
    contact_type: 56,
    contact_phone_number: '634567812',
    business_activity_id: 4,
    company_name: 'Credimo',
    position: 'Analista',
    employment_date: '2019-09-01',
    income_amount: 180000,
    // The next pay day, a little ahead of today.
    income_date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
  });
  await call('POST', '/v2/loan', headers, {
    loan_period: 30,
    loan_sum: 30000,
    attempt_reference: `bench-${n}-000000`,
    ...(population === 'active' ? { method_of_disbursement: 1, iban: 'ES9121000418450200051332' } : {}),
  });
  if (population === 'active') {
    await loanReaches(headers, 26); // approved: awaiting the signature
    // The identity photos a loan asks for before it is signed, sent as the documents page sends them.
    await sendRequiredFilesThroughApi(apiUrl(''), token);
    const signCode = (await call('POST', '/v2/loan/sign_send', headers, {})).headers.get('x-sms-code') ?? '';
    await call('POST', '/v2/loan/sign', headers, { code: signCode });
    await call('POST', '/v2/loan/steps/autodebit/complete', headers, { autodebit_enabled: false });
    await call('POST', '/v2/loan/issuance', headers, {});
    await loanReaches(headers, 2); // active: paid out
  }
  return { population, token, from, userEtag: '', loanEtag: '' };
}

interface Measure {
  route: string;
  rps: number;
  p50: number;
  p99: number;
  statuses: string;
  /** CPU the serving process spent per answer (all its threads), in µs; null where /proc is not there. */
  cpuPerAnswer: number | null;
  /**
   * CPU PostgreSQL's processes spent per answer, in µs: they share the two cores with the server, so a costlier
   * statement slows the route as surely as costlier JavaScript. null on PGlite (it runs inside the server).
   */
  databaseCpuPerAnswer: number | null;
}

/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const CLOCK_TICKS = 100;

/**
 * CPU seconds a process has used so far (user and system, all threads), from /proc (Linux); null elsewhere.
 * Per answer it is the server's own cost, which this machine's drift moves far less than req/s: the request
 * rate depends on everything sharing the two cores, the CPU an answer takes mostly on the server's code.
 */
function cpuSecondsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / CLOCK_TICKS : null;
  } catch {
    return null;
  }
}

/** CPU seconds each PostgreSQL process of this machine (its backends and helpers) has used so far, by pid. */
function databaseCpu(): Map<number, number> | null {
  if (!process.env.DATABASE_URL) return null;
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const seconds = cpuSecondsOf(Number(entry));
    if (seconds !== null) used.set(Number(entry), seconds);
  }
  return used;
}

/**
 * The CPU PostgreSQL spent between two readings: a backend that ended between them (an idle pool's connection
 * closing) takes its whole past with it, so only what each process still there added counts, and all of a new one.
 */
function databaseCpuBetween(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  let spent = 0;
  for (const [pid, seconds] of after) spent += seconds - (before.get(pid) ?? 0);
  return spent;
}

/** The q-th percentile of sorted times (nearest rank), NaN without any. */
const percentile = (sorted: Float64Array, q: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN) : Number.NaN;

/** A route's measure with the floor's, measured just before it (this machine's speed drifts within a run). */
interface Beside extends Measure {
  floor: Measure;
}

/** One autocannon run; each request takes the next customer's headers in turn. */
async function run(
  route: string,
  server: { port: number; pid: number | undefined },
  paths: Array<{ path: string; headers?: Record<string, string> }>,
  expected: number,
): Promise<Measure> {
  const { port } = server;
  let next = 0;
  const options = {
    url: `http://${host}:${port}`,
    connections: CONNECTIONS,
    ...(RATE > 0 ? { overallRate: RATE } : {}),
    requests: [
      {
        method: 'GET' as const,
        setupRequest: (request: autocannon.Request) => {
          const target = paths[next++ % paths.length] ?? paths[0];
          return { ...request, path: target?.path ?? '/', headers: { ...request.headers, ...target?.headers } };
        },
      },
    ],
  };
  if (WARMUP_SECONDS > 0) await autocannon({ ...options, duration: WARMUP_SECONDS });
  const cpuBefore = cpuSecondsOf(server.pid);
  const databaseBefore = databaseCpu();
  // autocannon's own percentiles are whole milliseconds: against the floor's 5 ms p99 that is a fifth either
  // way, so the bench keeps every answer's time (hrtime, in ms) and takes the percentiles itself.
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ ...options, duration: SECONDS }, (error, done) => (error ? reject(error) : resolve(done))).on(
      'response',
      (_client, _status, _bytes, milliseconds) => times.push(milliseconds),
    );
  });
  const cpuAfter = cpuSecondsOf(server.pid);
  const databaseAfter = databaseCpu();
  const sorted = Float64Array.from(times).sort();
  const answered = { 2: result['2xx'], 3: result['3xx'] ?? 0, 4: result['4xx'], 5: result['5xx'] };
  const total = answered[2] + answered[3] + answered[4] + answered[5];
  const unexpected = total - answered[Math.floor(expected / 100) as 2 | 3];
  const statuses = `${total} answers${unexpected || result.errors ? `, ${unexpected} unexpected, ${result.errors} errors` : ''}`;
  const perAnswer = (seconds: number | null) => (seconds === null || total === 0 ? null : (seconds / total) * 1e6);
  return {
    route,
    rps: result.requests.average,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    statuses,
    cpuPerAnswer: perAnswer(cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore),
    databaseCpuPerAnswer: perAnswer(databaseCpuBetween(databaseBefore, databaseAfter)),
  };
}

/** The one-select floor (api-floor.ts), set once it is up. */
let floorRun: () => Promise<Measure> = () => Promise.reject(new Error('the floor is not up'));

/**
 * Waits for the next minute when this one has fewer than `seconds` left: an active loan's tag holds until the
 * minute turns (its agreement links step by the minute), and a run that crossed it would send stale tags
 * and measure full answers instead of 304s.
 */
async function minuteLeftFor(seconds: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** A route measured right after the floor, so their ratio compares the machine at the same moment. */
async function measure(
  route: string,
  server: { port: number; pid: number | undefined },
  paths: Array<{ path: string; headers?: Record<string, string> }>,
  expected: number,
  /** What must happen between the floor and the route (fetching today's tags). */
  before?: () => Promise<void>,
): Promise<Beside | null> {
  if (ONLY && !route.includes(ONLY)) return null;
  const floor = await floorRun();
  await before?.();
  return { ...(await run(route, server, paths, expected)), floor };
}

async function main() {
  const serverUrl = process.env.DATABASE_URL;
  const env: NodeJS.ProcessEnv = {
    API_PORT: String(API_PORT),
    API_HOST: host,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    PROVIDER_MODE: 'sandbox',
    // 50 customers polling flat out are thousands of times a customer's rate (a poll every few seconds): raise the limits, keep the counters.
    RATE_LIMIT_FACTOR: '1000',
    // The sandbox decides an application at once: the active customers' loans are what we measure, not the wait.
    SANDBOX_DECISION_DELAY_SECONDS: '0',
  };
  let databaseUrl: string | undefined;
  if (serverUrl) {
    databaseUrl = await benchDatabase(serverUrl);
    env.DATABASE_URL = databaseUrl;
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'credimo-bench-pglite-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    env.DATABASE_URL = '';
    env.PGLITE_DATA_DIR = dir;
  }
  const kind = serverUrl ? 'PostgreSQL' : 'PGlite';
  console.log(
    `bench:api on ${kind}: ${CUSTOMERS} customers (${CUSTOMERS - ACTIVE} with an open application, ${ACTIVE} with an active loan), ${CONNECTIONS} connections, ${SECONDS} s per route`,
  );

  const apiServer = { port: API_PORT, pid: start('api', ['api/src/main.ts'], env).pid };
  await waitFor(apiUrl('/health'));
  const customers: Customer[] = [];
  // Ten at a time: the active ones wait for the sandbox's decision and payout jobs.
  for (let n = 0; n < CUSTOMERS; n += 10) {
    const batch = Array.from({ length: Math.min(10, CUSTOMERS - n) }, (_, i) => n + i);
    customers.push(...(await Promise.all(batch.map((k) => customer(k, k < ACTIVE ? 'active' : 'application')))));
  }
  const firstUserId = serverUrl
    ? ((
        (await (await call('GET', '/v2/user', { authorization: `Bearer ${customers[0]?.token}` })).json()) as {
          id: string;
        }
      ).id ?? '1')
    : '1';

  const floor = start('floor', ['bench/src/api-floor.ts'], {
    FLOOR_PORT: String(FLOOR_PORT),
    FLOOR_DATABASE_URL: databaseUrl ?? '',
  });
  await waitFor(`http://${host}:${FLOOR_PORT}/floor/${firstUserId}`);

  // Each customer polls from their own address, as customers do.
  const bearer = (c: { token: string; from: Record<string, string> }) => ({
    ...c.from,
    authorization: `Bearer ${c.token}`,
  });
  const results: Beside[] = [];
  const add = (measured: Beside | null) => {
    if (measured) results.push(measured);
  };
  const floorLabel = `floor: bare Fastify + one primary-key select (${serverUrl ? 'pg' : 'PGlite'})`;
  floorRun = () => run(floorLabel, { port: FLOOR_PORT, pid: floor.pid }, [{ path: `/floor/${firstUserId}` }], 200);
  add(await measure('/health', apiServer, [{ path: '/health' }], 200));
  const populations = [
    { name: 'open application', of: customers.filter((c) => c.population === 'application') },
    { name: 'active loan', of: customers.filter((c) => c.population === 'active') },
  ].filter((p) => p.of.length > 0);
  for (const view of ['user', 'loan'] as const) {
    // A poll without a tag: the full answer (after the first, kept in the database for the session).
    for (const population of populations) {
      add(
        await measure(
          `GET /v2/${view} (${population.name})`,
          apiServer,
          population.of.map((c) => ({ path: `/v2/${view}`, headers: bearer(c) })),
          200,
        ),
      );
    }
    // The tags of now: the sandbox's jobs may have moved the loans on since sign-up, and a 304 needs today's tag.
    // An active loan's view holds a minute at most (its agreement links step by the minute): its run
    // starts early enough in a minute to end in it (minuteLeftFor).
    for (const population of populations) {
      const tagOf = (c: Customer) => (view === 'user' ? c.userEtag : c.loanEtag);
      add(
        await measure(
          `GET /v2/${view}, unchanged (If-None-Match: 304, ${population.name})`,
          apiServer,
          population.of.map((c) => ({
            path: `/v2/${view}`,
            // Read when sent: the tags are fetched after the floor has run.
            get headers() {
              return { ...bearer(c), 'if-none-match': tagOf(c) };
            },
          })),
          304,
          async () => {
            if (population.name === 'active loan') await minuteLeftFor(WARMUP_SECONDS + SECONDS + 3);
            for (const c of population.of) {
              const etag = (await call('GET', `/v2/${view}`, bearer(c))).headers.get('etag') ?? '';
              if (view === 'user') c.userEtag = etag;
              else c.loanEtag = etag;
            }
          },
        ),
      );
    }
  }
  add(await measure('GET /v2/products/1/prices', apiServer, [{ path: '/v2/products/1/prices' }], 200));

  console.log(`\nEach route is measured right after the ${floorLabel}; its ratios are to that floor.`);
  console.log(
    `\n| route (${kind}) | req/s | p50 | p99 | floor req/s | floor p99 | req/s ÷ floor | p99 ÷ floor | server CPU per answer (route / floor) | database CPU per answer (route / floor) | answers |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  const micros = (value: number | null) => (value === null ? '–' : `${Math.round(value)} µs`);
  for (const r of results) {
    console.log(
      `| ${r.route} | ${Math.round(r.rps).toLocaleString('en')} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${Math.round(r.floor.rps).toLocaleString('en')} | ${r.floor.p99.toFixed(1)} ms | ${(r.rps / r.floor.rps).toFixed(2)} | ${(r.p99 / r.floor.p99).toFixed(2)} | ${micros(r.cpuPerAnswer)} / ${micros(r.floor.cpuPerAnswer)} | ${micros(r.databaseCpuPerAnswer)} / ${micros(r.floor.databaseCpuPerAnswer)} | ${r.statuses} |`,
    );
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
process.on('SIGTERM', () => void stopAll().then(() => process.exit(143)));
