import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sandboxCaptchaToken } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { sha256 } from '../src/crypto.js';
import { FLUSH_EVERY_MS } from '../src/http/rate-limit.js';
import { LIMIT_GROUPS, limitGroupOf } from '../src/http/rate-limit-groups.js';
import { inlineStyleHashes, pagePolicy } from '../src/http/security.js';
import { smsProviderFor } from '../src/providers/index.js';
import { startTestApi, type TestApi } from './harness.js';
import { statementsOf } from './statements.js';

let api: TestApi;
let addressCounter = 0;
/** Each scenario speaks from its own address unless it means to share one. */
const from = (address = `10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`) => ({
  'x-forwarded-for': address,
});

async function signIn(phone: string) {
  const headers = from();
  const sent = await api.request('POST', '/v2/user/login', {
    body: { recaptcha_token: sandboxCaptchaToken(), mobile_phone: phone },
    headers,
  });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  const confirmed = await api.request('POST', '/v2/user/login_confirm', {
    body: { mobile_phone: phone, code: sent.headers.get('x-sms-code') ?? '' },
    headers,
  });
  assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
  return confirmed.body.token as string;
}

before(async () => {
  api = await startTestApi({
    env: { TRUST_PROXY: 'true' },
    // A provider's sandbox page as other rooms will add them: it declares the policy it needs, no looser.
    configure: (app) =>
      app.get(
        '/sandbox/liveness-test',
        { config: { helmet: pagePolicy({ 'script-src': ["'self'"], 'img-src': ["'self'", 'blob:'] }), camera: true } },
        async (_request, reply) =>
          reply.type('text/html; charset=utf-8').send('<!doctype html><style>p{color:red}</style><p>cámara</p>'),
      ),
  });
});
after(() => api.close());

describe('security headers of the API', () => {
  test('every answer is nosniff, never framed, and has a CSP that allows nothing', async () => {
    // A route's answer, an unknown address's 404 and a refused call alike.
    for (const path of ['/v2/products', '/v2/no-such-thing', '/v2/user']) {
      const { headers } = await api.request('GET', path, { headers: from() });
      assert.equal(headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(headers.get('x-frame-options'), 'DENY', path);
      assert.match(headers.get('content-security-policy') ?? '', /default-src 'none'/, path);
      assert.match(headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/, path);
      assert.equal(headers.get('referrer-policy'), 'no-referrer', path);
      assert.equal(headers.get('cross-origin-resource-policy'), 'same-site', path);
      assert.equal(headers.get('permissions-policy'), 'camera=()', path);
      // Plain HTTP public address: no HSTS.
      assert.equal(headers.get('strict-transport-security'), null, path);
    }
  });

  test('the signed-in user, loans and every authenticated answer are Cache-Control: no-store', async () => {
    const token = await signIn('612000101');
    const auth = { authorization: `Bearer ${token}`, ...from() };
    for (const path of ['/v2/user', '/v2/loans', '/v2/products/1/prices']) {
      const answer = await api.request('GET', path, { headers: auth });
      assert.equal(answer.headers.get('cache-control'), 'no-store', path);
    }
    const anonymousUser = await api.request('GET', '/v2/user', { headers: from() });
    assert.equal(anonymousUser.status, 401);
    assert.equal(anonymousUser.headers.get('cache-control'), 'no-store');
  });

  test('the public price table and content keep their public caching', async () => {
    const prices = await api.request('GET', '/v2/products/1/prices', { headers: from() });
    assert.equal(prices.headers.get('cache-control'), 'public, max-age=60');
    const content = await api.request('GET', '/wp-json/react/v2/data', { headers: from() });
    assert.match(content.headers.get('cache-control') ?? '', /^public/);
  });

  test('the SECCI in HTML allows only its own inline styles, by hash, and nothing else', async () => {
    const response = await fetch(`${api.baseUrl}/v2/products/1/prices/30/30000/offer/html`, { headers: from() });
    const html = await response.text();
    const csp = response.headers.get('content-security-policy') ?? '';
    assert.equal(response.status, 200);
    assert.match(csp, /default-src 'none'/);
    const hashes = inlineStyleHashes(html);
    assert.ok(hashes.length > 0);
    for (const hash of hashes) assert.ok(csp.includes(hash), csp);
    assert.doesNotMatch(csp, /unsafe-inline/);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  });

  test('a sandbox provider page gets the policy it declares, the rest stays none, and the camera if it asks', async () => {
    const response = await fetch(`${api.baseUrl}/sandbox/liveness-test`, { headers: from() });
    const csp = response.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /img-src 'self' blob:/);
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.ok(csp.includes(inlineStyleHashes(await response.text())[0] ?? 'missing'), csp);
    assert.equal(response.headers.get('permissions-policy'), 'camera=(self)');
  });

  test('the SECCI in PDF has the same nothing-allowed policy', async () => {
    const response = await fetch(`${api.baseUrl}/v2/products/1/prices/30/30000/offer/pdf`, { headers: from() });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    assert.equal(response.headers.get('x-frame-options'), 'DENY');
  });

  test('behind an https public address every answer, pages with their own policy too, asks for HSTS', async () => {
    const secure = await startTestApi({
      env: { PUBLIC_API_URL: 'https://api.credimo.example' },
      configure: (app) =>
        app.get(
          '/sandbox/page-test',
          { config: { helmet: pagePolicy({ 'script-src': ["'self'"] }) } },
          async () => 'ok',
        ),
    });
    try {
      for (const path of ['/v2/products', '/sandbox/page-test']) {
        const answer = await secure.request('GET', path, { headers: from() });
        assert.equal(answer.headers.get('strict-transport-security'), 'max-age=63072000; includeSubDomains', path);
      }
    } finally {
      await secure.close();
    }
  });
});

describe('limits on every route', () => {
  test('each route falls into a group: polling for GET /v2/user, strict for codes, standard otherwise', () => {
    assert.equal(limitGroupOf({ method: 'GET', url: '/v2/user' }), 'polling');
    assert.equal(limitGroupOf({ method: 'POST', url: '/v2/user/login' }), 'signIn');
    assert.equal(limitGroupOf({ method: 'POST', url: '/v2/user/login_confirm' }), 'codes');
    assert.equal(limitGroupOf({ method: 'POST', url: '/v2/check-promocode' }), 'promoCodes');
    assert.equal(limitGroupOf({ method: 'GET', url: '/api/agent/customer/:sessionId' }), 'operatorLinks');
    assert.equal(limitGroupOf({ method: 'POST', url: '/v2/admin/login_as' }), 'operatorLinks');
    assert.equal(limitGroupOf({ method: 'GET', url: '/v2/some/new/route' }), 'standard');
    assert.equal(limitGroupOf({ method: 'GET', url: '/v2/some/new/route', limit: 'uploads' }), 'uploads');
  });

  test('a flood of promo code checks from one address gets 429 with Retry-After, another address is served', async () => {
    const flood = from('10.66.0.1');
    const { max } = LIMIT_GROUPS.promoCodes;
    for (let i = 0; i < max; i++) {
      const answer = await api.request('POST', '/v2/check-promocode', { body: { code: 'NOPE' }, headers: flood });
      assert.notEqual(answer.status, 429, `call ${i + 1} of ${max}`);
    }
    const refused = await api.request('POST', '/v2/check-promocode', { body: { code: 'NOPE' }, headers: flood });
    assert.equal(refused.status, 429);
    assert.deepEqual(refused.body, { errors: [{ message: messages.tooManyRequests, property: 'request' }] });
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= LIMIT_GROUPS.promoCodes.windowMs / 1000, String(retryAfter));
    const other = await api.request('POST', '/v2/check-promocode', {
      body: { code: 'NOPE' },
      headers: from('10.66.0.2'),
    });
    assert.notEqual(other.status, 429);
    // The strict group does not spill over: the flooding address still reads the price table.
    assert.equal((await api.request('GET', '/v2/products', { headers: flood })).status, 200);
  });

  test('unknown paths count too: a scanner walking paths from one address gets 429 once past the standard group', async () => {
    const scanner = from('10.66.3.1');
    const { max } = LIMIT_GROUPS.standard;
    const statuses: number[] = [];
    for (let batch = 0; batch * 50 < max + 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          api.request('GET', `/v2/no-such-path-${batch}-${i}`, { headers: scanner }),
        ),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    assert.equal(statuses.filter((s) => s === 404).length, max);
    assert.ok(statuses.slice(max).every((s) => s === 429));
    const refused = await api.request('GET', '/v2/still-nothing', { headers: scanner });
    assert.equal(refused.status, 429);
    assert.deepEqual(refused.body, { errors: [{ message: messages.tooManyRequests, property: 'request' }] });
    assert.equal((await api.request('GET', '/v2/still-nothing', { headers: from('10.66.3.2') })).status, 404);
  });

  test('a customer polling GET /v2/user every 3 s on five tabs for a minute is never refused', async () => {
    const token = await signIn('612000202');
    // Several tabs may sit behind one address with other customers; the customer is counted, not the address.
    const auth = { authorization: `Bearer ${token}`, ...from('10.66.1.1') };
    const tabs = 5;
    const pollsPerMinute = 60 / 3;
    for (let round = 0; round < pollsPerMinute; round++) {
      const answers = await Promise.all(
        Array.from({ length: tabs }, () => api.request('GET', '/v2/user', { headers: auth })),
      );
      for (const answer of answers) assert.equal(answer.status, 200);
    }
  });

  test('a signed-in flood of the same customer is refused once past the polling group', async () => {
    const token = await signIn('612000303');
    const auth = { authorization: `Bearer ${token}`, ...from() };
    const { max } = LIMIT_GROUPS.polling;
    const statuses: number[] = [];
    for (let batch = 0; batch * 50 < max + 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => api.request('GET', '/v2/loans', { headers: auth })),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    assert.equal(statuses.filter((s) => s === 200).length, max);
    assert.ok(statuses.slice(max).every((s) => s === 429));
    // Refused as every limit refuses: the error body, when to come back, and the API's security headers.
    const refused = await api.request('GET', '/v2/loans', { headers: auth });
    assert.equal(refused.status, 429);
    assert.deepEqual(refused.body, { errors: [{ message: messages.tooManyRequests, property: 'request' }] });
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= LIMIT_GROUPS.polling.windowMs / 1000, String(retryAfter));
    assert.equal(refused.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(refused.headers.get('cache-control'), 'no-store');
  });

  test('customers behind one address poll GET /v2/user on their own allowance: one flooding does not block the others', async () => {
    const carrier = from();
    const flooder = { authorization: `Bearer ${await signIn('612000505')}`, ...carrier };
    const neighbour = { authorization: `Bearer ${await signIn('612000606')}`, ...carrier };
    const { max } = LIMIT_GROUPS.polling;
    const statuses: number[] = [];
    for (let batch = 0; batch * 50 < max + 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => api.request('GET', '/v2/user', { headers: flooder })),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    assert.equal(statuses.filter((s) => s === 200).length, max);
    assert.ok(statuses.slice(max).every((s) => s === 429));
    // The neighbour behind the same address is counted on their own.
    assert.equal((await api.request('GET', '/v2/user', { headers: neighbour })).status, 200);
    assert.equal((await api.request('GET', '/v2/loan', { headers: neighbour })).status, 200);
  });

  test('made-up tokens from one address are refused (429) once past the unknownTokens group, before any lookup', async () => {
    const scanner = from();
    const { max } = LIMIT_GROUPS.unknownTokens;
    const statuses: number[] = [];
    for (let batch = 0; batch * 40 < max + 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          api.request('GET', '/v2/user', { headers: { authorization: `Bearer made-up-${batch}-${i}`, ...scanner } }),
        ),
      );
      statuses.push(...answers.map((a) => a.status));
    }
    assert.ok(statuses.filter((s) => s === 401).length >= max);
    assert.equal(statuses.at(-1), 429);
    assert.equal(
      (await api.request('GET', '/v2/loan', { headers: { authorization: 'Bearer one-more', ...scanner } })).status,
      429,
    );
    // Another address's customer is served.
    const customer = { authorization: `Bearer ${await signIn('612000707')}`, ...from() };
    assert.equal((await api.request('GET', '/v2/user', { headers: customer })).status, 200);
  });

  test('polls are counted in memory and reach the shared table within a second on PostgreSQL (none on PGlite)', async () => {
    const token = await signIn('612000404');
    const auth = { authorization: `Bearer ${token}`, ...from() };
    const polls = 7;
    for (let i = 0; i < polls; i++)
      assert.equal((await api.request('GET', '/v2/loans', { headers: auth })).status, 200);
    await new Promise((resolve) => setTimeout(resolve, FLUSH_EVERY_MS + 500));
    const { rows } = await sql<{ key: string; hits: number }>`
      select key, hits from rate_limit_counters where key like 'polling|user:%'`.execute(api.database.db);
    if (api.database.kind === 'pglite') assert.deepEqual(rows, []);
    // Other tests' customers have rows too; this customer's is the one with exactly these polls.
    else assert.ok(rows.map((row) => Number(row.hits)).includes(polls), JSON.stringify(rows));
  });

  test('no poll waits on a counter write: many customers polling at once cost one counter statement a second', async () => {
    const tokens: string[] = [];
    for (const phone of ['612000411', '612000412', '612000413', '612000414', '612000415', '612000416']) {
      tokens.push(await signIn(phone));
    }
    const customers = tokens.map((token) => ({ authorization: `Bearer ${token}`, ...from() }));
    // Each customer's first poll of its window, all at once: counted in memory, none writes its counter.
    const counterWrites = await statementsOf(
      async () => {
        const answers = await Promise.all(customers.map((headers) => api.request('GET', '/v2/user', { headers })));
        for (const answer of answers) assert.equal(answer.status, 200);
      },
      (text) => /insert into rate_limit_counters/.test(text),
    );
    // A flush may fall within the polls (one statement for every key), never one per customer.
    assert.ok(counterWrites.length <= 1, counterWrites.join('\n---\n'));
    if (api.database.kind === 'pglite') return;
    // The next flush writes all their polls (and any other caller's) in one statement.
    const flushed = await statementsOf(
      () => new Promise((resolve) => setTimeout(resolve, FLUSH_EVERY_MS + 500)),
      (text) => /insert into rate_limit_counters/.test(text),
    );
    assert.ok(counterWrites.length + flushed.length <= 2, flushed.join('\n---\n'));
    // Polls are counted per token (their one statement checks the token itself).
    const keys = tokens.map((token) => `polling|token:${sha256(token).slice(0, 32)}`);
    const { rows } = await sql<{ key: string; hits: number }>`
      select key, hits from rate_limit_counters where key in (${sql.join(keys)})`.execute(api.database.db);
    assert.deepEqual(
      rows.map((row) => Number(row.hits)),
      keys.map(() => 1),
    );
  });

  test('two API processes on one database share the counter', async () => {
    const config = { ...readConfig({ TRUST_PROXY: 'true' }), port: 0 };
    const second = await buildApp(
      { config, database: api.database, sms: smsProviderFor(config, api.database.db) },
      { logger: false },
    );
    try {
      const address = { 'x-forwarded-for': '10.66.2.1', 'content-type': 'application/json' };
      const { max } = LIMIT_GROUPS.promoCodes;
      // Half the allowance on one process, half on the other: the next call is refused on either.
      for (let i = 0; i < max; i++) {
        const payload = JSON.stringify({ code: 'NOPE' });
        if (i % 2 === 0) {
          const answer = await api.request('POST', '/v2/check-promocode', { body: { code: 'NOPE' }, headers: address });
          assert.notEqual(answer.status, 429);
        } else {
          const answer = await second.inject({ method: 'POST', url: '/v2/check-promocode', payload, headers: address });
          assert.notEqual(answer.statusCode, 429);
        }
      }
      const refused = await second.inject({
        method: 'POST',
        url: '/v2/check-promocode',
        payload: JSON.stringify({ code: 'NOPE' }),
        headers: address,
      });
      assert.equal(refused.statusCode, 429);
    } finally {
      await second.close();
    }
  });
});
