import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { messages } from '@credimo/shared/i18n';
import { OPERATOR_COMMANDS } from '../src/ops/commands.js';
import { createShortLink, isAllowedTarget } from '../src/short-links/index.js';
import { startTestApi, type TestApi } from './harness.js';
import { customerAt } from './origination-path.js';

const APP = 'https://app.credimo.es';
const WORDPRESS = 'https://www.credimo.es';

let api: TestApi;

before(async () => {
  api = await startTestApi({
    env: {
      TRUST_PROXY: 'true',
      PUBLIC_APP_URL: APP,
      PUBLIC_API_URL: 'https://api.credimo.es',
      SHORT_LINK_ORIGINS: WORDPRESS,
      FEATURE_BIZUM: 'off',
    },
  });
});
after(() => api.close());

const follow = (hash: string) => fetch(`${api.baseUrl}/s/${hash}`, { redirect: 'manual' });
const ops = (name: string, ...args: string[]) =>
  OPERATOR_COMMANDS[name]?.run(args, { db: api.database.db, config: api.config }) ?? assert.fail(`no ${name}`);

describe('short links /s/{hash}', () => {
  test('the API keeps a short link and sends the browser on to its target with a 302', async () => {
    const { lines } = await ops('short-link', `${APP}/account?payment=add_card_successful`);
    const hash = new URL(lines[0] ?? '').pathname.split('/').pop() ?? '';
    assert.match(lines[0] ?? '', new RegExp(`^${APP}/s/[A-Za-z0-9_-]{10}$`));
    const answer = await follow(hash);
    assert.equal(answer.status, 302);
    assert.equal(answer.headers.get('location'), `${APP}/account?payment=add_card_successful`);
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    const row = await api.database.db
      .selectFrom('short_links')
      .select('hits')
      .where('hash', '=', hash)
      .executeTakeFirst();
    assert.equal(row?.hits, 1);
  });

  test('an origin listed in SHORT_LINK_ORIGINS (the WordPress site) is a target too', async () => {
    const hash = await createShortLink(api.database.db, `${WORDPRESS}/prestamos`, api.config.shortLinkOrigins);
    assert.equal((await follow(hash)).headers.get('location'), `${WORDPRESS}/prestamos`);
  });

  test('an open-redirect attempt is refused when the link is made, and never followed if it got into the table', async () => {
    for (const target of [
      'https://evil.example/phish',
      'https://app.credimo.es.evil.example/',
      'https://app.credimo.es@evil.example/',
      '//evil.example/',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://app.credimo.es/account',
    ]) {
      assert.equal(isAllowedTarget(target, api.config.shortLinkOrigins), false, target);
      await assert.rejects(ops('short-link', target), /not on an allowed origin/, target);
    }
    // A target written straight to the table (an old row, a list that changed) is checked again on the way out.
    await api.database.db
      .insertInto('short_links')
      .values({ hash: 'planted01', target: 'https://evil.example/' })
      .execute();
    const answer = await follow('planted01');
    assert.equal(answer.status, 404);
    assert.equal(answer.headers.get('location'), null);
    assert.deepEqual(await answer.json(), { errors: [{ message: messages.routeNotFound, property: 'request' }] });
  });

  test('an unknown, expired or malformed hash answers 404 or 422 with the error body, never a redirect', async () => {
    const unknown = await api.request('GET', '/s/nosuchlink');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.errors[0].message, messages.routeNotFound);
    await api.database.db
      .insertInto('short_links')
      .values({ hash: 'expired01', target: `${APP}/account`, expires_at: new Date(Date.now() - 1000) })
      .execute();
    assert.equal((await follow('expired01')).status, 404);
    const malformed = await api.request('GET', `/s/${encodeURIComponent('a/../../evil')}`);
    assert.ok(malformed.status === 404 || malformed.status === 422, String(malformed.status));
    assert.ok(Array.isArray(malformed.body.errors));
  });
});

describe('POST /v2/send-log-data (type, message, context)', () => {
  const rows = () =>
    api.database.db
      .selectFrom('client_log_events')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();

  test('a visitor’s funnel event reaches the sandbox sink, a table', async () => {
    const sent = await api.request('POST', '/v2/send-log-data', {
      body: { type: 'funnel', message: 'registration', context: { route: 'auth', utm_source: 'google' } },
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.deepEqual(sent.body, { ok: true });
    const row = await rows();
    assert.equal(row.type, 'funnel');
    assert.equal(row.message, 'registration');
    assert.equal(row.user_id, null);
    assert.deepEqual(row.context, { route: 'auth', utm_source: 'google' });
  });

  test('a signed-in customer’s line is theirs, and the profiling masks hide personal data', async () => {
    const { headers } = await customerAt(api, 'applied');
    const me = await api.request('GET', '/v2/user', { headers });
    const sent = await api.request('POST', '/v2/send-log-data', {
      headers,
      body: {
        type: 'error',
        message: 'liveness widget failed',
        context: { code: 'E42', email: 'ana@credimo.es', 'user.personal_id': '12345678Z', mobile_phone: '612345678' },
      },
    });
    assert.equal(sent.status, 200);
    const row = await rows();
    assert.equal(String(row.user_id), me.body.id);
    assert.deepEqual(row.context, { code: 'E42', email: '***', 'user.personal_id': '***', mobile_phone: '***' });
  });

  test('a funnel event that names no funnel step, or a bad body, is refused with 422', async () => {
    const unknown = await api.request('POST', '/v2/send-log-data', { body: { type: 'funnel', message: 'hacked' } });
    assert.equal(unknown.status, 422);
    assert.deepEqual(unknown.body, { errors: [{ message: messages.incorrectData, property: 'message' }] });
    for (const body of [
      { type: 'debug', message: 'x' },
      { type: 'info', message: '' },
      { type: 'info', message: 'x', context: { nested: { a: 1 } } },
      { type: 'info', message: 'x', extra: true },
    ]) {
      const refused = await api.request('POST', '/v2/send-log-data', { body });
      assert.equal(refused.status, 422, JSON.stringify(body));
      assert.ok(Array.isArray(refused.body.errors));
    }
  });
});

describe('customer feature flags: Bizum, the auto-debit skip button, the payment processing view, liveness', () => {
  test('GET /v2/user/features needs a session', async () => {
    assert.equal((await api.request('GET', '/v2/user/features')).status, 401);
  });

  test('each customer gets the configured defaults, until an operator sets their own', async () => {
    const ana = await customerAt(api, 'applied');
    const luis = await customerAt(api, 'applied');
    const features = async (headers: Record<string, string>) =>
      (await api.request('GET', '/v2/user/features', { headers })).body;
    // FEATURE_BIZUM=off in this API; the rest are on by default.
    assert.deepEqual(await features(ana.headers), {
      is_bizum_payment_provider_enabled: false,
      is_hide_skip_auto_debit_button: false,
      payment_procession_on_loan_view: true,
      liveness: { allowed: true },
    });
    const phone = (await api.request('GET', '/v2/user', { headers: ana.headers })).body.contacts.mobile_phone;
    await ops('customer-flags', phone, 'bizum=on', 'liveness=off', 'hide-skip-autodebit=on', 'processing=off');
    assert.deepEqual(await features(ana.headers), {
      is_bizum_payment_provider_enabled: true,
      is_hide_skip_auto_debit_button: true,
      payment_procession_on_loan_view: false,
      liveness: { allowed: false },
    });
    // The auto-debit flag is the same one GET /v2/user and the auto-debit step read.
    assert.equal(
      (await api.request('GET', '/v2/user', { headers: ana.headers })).body.is_hide_skip_auto_debit_button,
      true,
    );
    // Luis is untouched; `default` returns Ana's flag to the configuration.
    assert.equal((await features(luis.headers)).is_bizum_payment_provider_enabled, false);
    await ops('customer-flags', phone, 'bizum=default');
    assert.equal((await features(ana.headers)).is_bizum_payment_provider_enabled, false);
    await assert.rejects(ops('customer-flags', phone, 'bizum=maybe'), /expected/);
  });

  test('GET /v2/user carries the same flags the operator sets, and its ETag changes when one changes', async () => {
    const ana = await customerAt(api, 'applied');
    const user = async (etag?: string | null) =>
      api.request('GET', '/v2/user', { headers: etag ? { ...ana.headers, 'if-none-match': etag } : ana.headers });
    const first = await user();
    assert.equal(first.body.is_bizum_payment_provider_enabled, false);
    assert.equal(first.body.payment_procession_on_loan_view, true);
    assert.equal(first.body.liveness.allowed, true);
    assert.equal(first.body.is_hide_skip_auto_debit_button, false);
    const etag = first.headers.get('etag');
    assert.equal((await user(etag)).status, 304);
    const phone = first.body.contacts.mobile_phone;
    await ops('customer-flags', phone, 'bizum=on', 'processing=off', 'liveness=off', 'hide-skip-autodebit=on');
    const changed = await user(etag);
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.get('etag'), etag);
    assert.equal(changed.body.is_bizum_payment_provider_enabled, true);
    assert.equal(changed.body.payment_procession_on_loan_view, false);
    assert.equal(changed.body.liveness.allowed, false);
    assert.equal(changed.body.is_hide_skip_auto_debit_button, true);
    await ops('customer-flags', phone, 'processing=default');
    const back = await user(changed.headers.get('etag'));
    assert.equal(back.status, 200);
    assert.equal(back.body.payment_procession_on_loan_view, true);
  });

  test('the liveness capture page is refused (409) while liveness is off for the customer', async () => {
    const me = await customerAt(api, 'applied');
    const capture = () =>
      api.request(
        'GET',
        `/v2/user/liveness/capture?${new URLSearchParams({ return_url: `${APP}/registration/photo-verification` })}`,
        { headers: me.headers },
      );
    assert.equal((await capture()).status, 200);
    const phone = (await api.request('GET', '/v2/user', { headers: me.headers })).body.contacts.mobile_phone;
    await ops('customer-flags', phone, 'liveness=off');
    const refused = await capture();
    assert.equal(refused.status, 409);
    assert.equal(refused.body.errors[0].message, messages.livenessUnavailable);
  });

  test('Bizum is refused (409) while the flag is off, here by the configured default, and not once it is on', async () => {
    const me = await customerAt(api, 'applied');
    const bizum = () =>
      api.request('POST', '/v2/loan/payment-request/bizum/generate', {
        headers: me.headers,
        body: { payment_type: 'payoff' },
      });
    const refused = await bizum();
    assert.equal(refused.status, 409);
    assert.equal(refused.body.errors[0].message, messages.bizumUnavailable);
    const phone = (await api.request('GET', '/v2/user', { headers: me.headers })).body.contacts.mobile_phone;
    await ops('customer-flags', phone, 'bizum=on');
    // Still no loan to repay here, but no longer refused for Bizum (payments.test.ts pays one through Bizum).
    assert.notEqual((await bizum()).body.errors?.[0]?.message, messages.bizumUnavailable);
  });
});
