import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { smsProviderFor } from '../src/providers/index.js';
import { JobQueue } from '../src/queue/job-queue.js';
import { freshDatabase, LENDER_ENV, startTestApi, type TestApi } from './harness.js';
import { customerAt } from './origination-path.js';

/** One sample's value from Prometheus' text format, by metric name and exact label set ('' for none). */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics: what an operator scrapes', () => {
  let api: TestApi;
  const scrape = async () => {
    const answer = await api.request('GET', '/metrics');
    assert.equal(answer.status, 200, String(answer.body));
    assert.match(answer.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return String(answer.body);
  };
  before(async () => {
    api = await startTestApi({ workers: true, env: { TRUST_PROXY: 'true' } });
  });
  after(async () => api.close());

  test("the process's and Node.js' own metrics are there", async () => {
    const text = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      assert.notEqual(sample(text, name), undefined, name);
  });

  test('answers are timed by route pattern and status, never by the address asked', async () => {
    for (const id of ['first-made-up-id', 'second-made-up-id']) await api.request('GET', `/api/agent/customer/${id}`);
    const text = await scrape();
    const pattern = 'route="/api/agent/customer/:sessionId"';
    const counted = text
      .split('\n')
      .filter((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes(pattern))
      .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
    assert.equal(counted, 2);
    assert.doesNotMatch(text, /made-up-id/);
    // An address with no route shares one label.
    await api.request('GET', '/no/such/page/never-routed');
    const after404 = await scrape();
    assert.match(after404, /http_request_duration_seconds_count\{route="unmatched",method="GET",status_code="404"\} 1/);
    assert.doesNotMatch(after404, /never-routed/);
  });

  test('rate-limit refusals are counted by the group that refused', async () => {
    // The operators' links allow 10 in 10 minutes per address.
    const headers = { 'x-forwarded-for': '10.77.0.1' };
    let refused = 0;
    for (let i = 0; i < 12; i += 1) {
      const answer = await api.request('GET', `/api/agent/customer/guess-${i}`, { headers });
      if (answer.status === 429) refused += 1;
    }
    assert.ok(refused >= 1, 'the limit refused some');
    assert.equal(sample(await scrape(), 'credimo_rate_limit_refusals_total', 'group="operatorLinks"'), refused);
  });

  test('payments pending, payouts unconfirmed and the job queue move with the money; the ledger stays at 0', async () => {
    const before = await scrape();
    for (const queue of ['loan.decide', 'payout.confirm', 'servicing.day'])
      assert.notEqual(sample(before, 'credimo_job_queue_depth', `queue="${queue}"`), undefined, queue);
    const pendingBefore = sample(before, 'credimo_payments_pending') ?? Number.NaN;
    const me = await customerAt(api, 'active', { amount: 40_000 });
    const made = await api.request('POST', '/v2/loan/payment-request/generate', {
      headers: me.headers,
      body: { payment_type: 'partial_repay', amount: 15_000 },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const text = await scrape();
    assert.equal(sample(text, 'credimo_payments_pending'), pendingBefore + 1);
    assert.equal(sample(text, 'credimo_payouts_unconfirmed'), 0, 'the payout was confirmed');
    assert.equal(sample(text, 'credimo_ledger_balance_cents'), 0);
    // The decision's time-out waits days: queued, but not due, so it has not aged.
    assert.ok((sample(text, 'credimo_job_queue_depth', 'queue="loan.decision-timeout"') ?? 0) >= 1);
    assert.equal(sample(text, 'credimo_job_queue_oldest_age_seconds', 'queue="loan.decision-timeout"'), 0);
  });

  test('without METRICS_TOKEN only this machine may read them', async () => {
    const fromOutside = await api.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    assert.equal(fromOutside.statusCode, 403);
    assert.ok(Array.isArray(fromOutside.json().errors));
    // A forwarded address is the client's own words: it does not make an outsider local.
    const forwarded = await api.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    assert.equal(forwarded.statusCode, 403);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ env: { METRICS_TOKEN: 'a-long-random-token' } });
  });
  after(async () => api.close());

  test('answers only the bearer of the token, even on this machine', async () => {
    assert.equal((await api.request('GET', '/metrics')).status, 403);
    const wrong = await api.request('GET', '/metrics', { headers: { authorization: 'Bearer a-long-random-tokem' } });
    assert.equal(wrong.status, 403);
    const right = await api.request('GET', '/metrics', { headers: { authorization: 'Bearer a-long-random-token' } });
    assert.equal(right.status, 200);
    assert.match(String(right.body), /http_request_duration_seconds_bucket/);
  });

  test('production refuses to start without it', () => {
    const production = {
      PROVIDER_MODE: 'production',
      SMS_PROVIDER_URL: 'http://127.0.0.1:9/send',
      RECAPTCHA_SECRET: 'recaptcha-secret',
      ...LENDER_ENV,
    };
    assert.throws(() => readConfig(production), /needs METRICS_TOKEN/);
    assert.equal(readConfig({ ...production, METRICS_TOKEN: 'x' }).metricsToken, 'x');
  });
});

describe('GET /ready: may a load balancer send traffic', () => {
  test('ready while the database answers and the job queue runs; 503 in the error shape once the queue stops', async () => {
    const database = await freshDatabase();
    const config = { ...readConfig({}), port: 0 };
    const jobs = new JobQueue(database);
    const app = await buildApp({ config, database, sms: smsProviderFor(config, database.db), jobs }, { logger: false });
    try {
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      assert.equal(ready.statusCode, 200);
      assert.deepEqual(ready.json(), { status: 'ready', database: 'ok', jobs: 'ok' });
      await jobs.stop();
      const stopped = await app.inject({ method: 'GET', url: '/ready' });
      assert.equal(stopped.statusCode, 503);
      assert.match(stopped.json().errors[0].message, /cola de trabajos/);
      // Liveness stays a cheap yes: the process answers.
      assert.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
