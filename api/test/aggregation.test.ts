import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ibanProblem, LoanStatus } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import { sandboxIbanFor } from '../src/aggregation/index.js';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { SIGNATURE_HEADER, signHeader } from '../src/providers/callbacks.js';
import { smsProviderFor } from '../src/providers/index.js';
import { SandboxLivenessProvider } from '../src/providers/liveness.js';
import { LENDER_ENV, startTestApi, type TestApi } from './harness.js';
import { customerAt, waitForStatus } from './origination-path.js';

let api: TestApi;
const SECRET = 'test-aggregation-secret';

before(async () => {
  api = await startTestApi({ workers: true, env: { TRUST_PROXY: 'true', PROVIDER_SECRET_AGGREGATION: SECRET } });
});

let events = 0;
/** The provider's signed callback: what it read of a bank session. */
async function providerSaid(
  provider: 'unnax' | 'kontomatik',
  session: string,
  status: 'imported' | 'failed',
  options: { accounts?: Array<{ iban: string }>; secret?: string; eventId?: string } = {},
) {
  const event = {
    event_id: options.eventId ?? `evt-agg-${process.pid}-${++events}`,
    provider,
    session,
    status,
    accounts: options.accounts ?? (status === 'imported' ? [{ iban: sandboxIbanFor(session) }] : []),
  };
  const body = JSON.stringify(event);
  return api.request('POST', '/v2/providers/aggregation/callback', {
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signHeader(options.secret ?? SECRET, body) },
    body: event,
  });
}
after(() => api.close());

const tokenOf = (me: { headers: { authorization: string } }) => me.headers.authorization.slice('Bearer '.length);

/** What unnax's widget script asks its server (by CORS from the app's page). */
const widgetSays = (body: Record<string, string>) =>
  api.request('POST', '/sandbox/aggregation/unnax/sessions', { headers: { origin: 'http://localhost:3000' }, body });

/** A customer whose approved loan waits for the bank data of the aggregation method (9). */
async function awaitingBankData(on: TestApi = api) {
  const me = await customerAt(on, 'applied', { iban: false });
  await waitForStatus(on, me.headers, [LoanStatus.AwaitingIssuanceMethod]);
  const chosen = await on.request('PUT', '/v2/user/issue_method', {
    headers: me.headers,
    body: { method_of_disbursement: 9 },
  });
  assert.equal(chosen.status, 200, JSON.stringify(chosen.body));
  await waitForStatus(on, me.headers, [LoanStatus.AwaitingBankProcessData]);
  return me;
}

describe('bank-data aggregation (disbursement method 9)', () => {
  test('the sandbox aggregator names valid Spanish IBANs', () => {
    for (const token of ['a', 'b', 'unnax-1', 'x'.repeat(40)]) assert.equal(ibanProblem(sandboxIbanFor(token)), null);
  });

  test("unnax's token1/token2: AwaitingBankDataImport, then the import fills the accounts and moves to signing", async () => {
    const me = await awaitingBankData();
    const body = { token1: 'unnax-token-1', token2: 'unnax-token-2', bank_name: 'CaixaBank', type: 'widget' };
    const sent = await api.request('POST', '/v2/loan/bank_token', { headers: me.headers, body });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const again = await api.request('POST', '/v2/loan/bank_token', { headers: me.headers, body });
    assert.equal(again.status, 200, 'the same session twice is harmless');
    // The import waits for the provider's word on the session; its signed callback settles it.
    await new Promise((r) => setTimeout(r, 1_000));
    assert.equal((await api.request('GET', '/v2/loan', { headers: me.headers })).body.status, 37);
    const forged = await providerSaid('unnax', 'unnax-token-1:unnax-token-2', 'imported', { secret: 'not-unnax' });
    assert.equal(forged.status, 401);
    const said = await providerSaid('unnax', 'unnax-token-1:unnax-token-2', 'imported');
    assert.equal(said.status, 200, JSON.stringify(said.body));
    assert.deepEqual(said.body.result, { applied: true, imports: 1 });
    const loan = await waitForStatus(api, me.headers, [LoanStatus.AwaitingSignContract]);
    assert.equal(loan.status, LoanStatus.AwaitingSignContract);
    const accounts = await api.request('GET', '/v2/user/available_bank_accounts', { headers: me.headers });
    assert.deepEqual(accounts.body, [sandboxIbanFor('unnax-token-1:unnax-token-2')]);
    const steps = await api.database.db
      .selectFrom('loan_transitions')
      .select(['from_status', 'to_status'])
      .where('loan_id', '=', me.loanId)
      .orderBy('id')
      .execute();
    const path = steps.map((s) => `${s.from_status}->${s.to_status}`);
    assert.ok(path.includes('35->37') && path.includes('37->26'), path.join(' '));
  });

  test("kontomatik's sessionId variant works the same way (the provider's callback first, then the session)", async () => {
    const me = await awaitingBankData();
    assert.equal((await providerSaid('kontomatik', 'kt-session-1:kt-signature-1', 'imported')).status, 200);
    const sent = await api.request('POST', '/v2/loan/bank_token', {
      headers: me.headers,
      body: { sessionId: 'kt-session-1', sessionIdSignature: 'kt-signature-1', bankId: 'bbva', bankName: 'BBVA' },
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    await waitForStatus(api, me.headers, [LoanStatus.AwaitingSignContract]);
    const accounts = await api.request('GET', '/v2/user/available_bank_accounts', { headers: me.headers });
    assert.deepEqual(accounts.body, [sandboxIbanFor('kt-session-1:kt-signature-1')]);
  });

  test('a session the provider could not use (no recent transactions) sends the loan back; replays change nothing', async () => {
    const me = await awaitingBankData();
    await api.request('POST', '/v2/loan/bank_token', { headers: me.headers, body: { token1: 'empty-1' } });
    const said = await providerSaid('unnax', 'empty-1', 'failed', { eventId: `evt-empty-${process.pid}` });
    assert.equal(said.status, 200);
    const replay = await providerSaid('unnax', 'empty-1', 'imported', { eventId: `evt-empty-${process.pid}` });
    assert.deepEqual([replay.body.replayed, replay.body.result], [true, said.body.result]);
    const later = await providerSaid('unnax', 'empty-1', 'imported');
    assert.deepEqual(later.body.result, { applied: false, imports: 0 }, 'a session is settled once');
    const until = Date.now() + 15_000;
    let steps: { to_status: number }[] = [];
    while (Date.now() < until) {
      steps = await api.database.db
        .selectFrom('loan_transitions')
        .select('to_status')
        .where('loan_id', '=', me.loanId)
        .orderBy('id')
        .execute();
      if (steps.at(-1)?.to_status === LoanStatus.AwaitingBankProcessData && steps.length > 3) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.deepEqual(
      steps.slice(-2).map((s) => s.to_status),
      [LoanStatus.AwaitingBankDataImport, LoanStatus.AwaitingBankProcessData],
    );
  });

  test("the widget's error is the identity error, logged as a funnel event; the fallback reports the same way", async () => {
    const me = await awaitingBankData();
    const failed = await api.request('POST', '/v2/aggregation/unnax/widget/error', {
      headers: me.headers,
      body: { code: 'identity_mismatch' },
    });
    assert.equal(failed.status, 200);
    assert.deepEqual(failed.body, { status: 'error', message: messages.identityNotVerified });
    const fallback = await api.request('POST', '/v2/aggregation/fallback', {
      headers: me.headers,
      body: { status: 'success', code: 'ok' },
    });
    assert.deepEqual(fallback.body, { status: 'success', message: null });
    const unknown = await api.request('POST', '/v2/aggregation/unnax/widget/maybe', { headers: me.headers, body: {} });
    assert.equal(unknown.status, 422);
    const events = await api.database.db
      .selectFrom('funnel_events')
      .select('detail')
      .where('loan_id', '=', me.loanId)
      .where('event', '=', 'bank_widget')
      .execute();
    assert.equal(events.length, 2);
    assert.equal((await api.request('GET', '/v2/loan', { headers: me.headers })).body.status, 35);
  });

  test("GET /v2/user names the configured provider (bank_verification_adapter); unnax's widget opens for the page's allowed origin only", async () => {
    const me = await awaitingBankData();
    const user = await api.request('GET', '/v2/user', { headers: me.headers });
    assert.equal(user.body.bank_verification_adapter, 'unnax');
    const token = tokenOf(me);
    const widget = await api.request('GET', `/aggregation/unnax/widget?access_token=${token}`);
    assert.equal(widget.status, 200, JSON.stringify(widget.body));
    assert.equal(widget.body.provider, 'unnax');
    assert.equal(widget.body.script_url, `${api.config.publicUrl}/sandbox/aggregation/unnax/widget.js`);
    assert.match(widget.body.widget_session, /^\d+\.[\w-]+$/);
    const script = await fetch(`${api.baseUrl}/sandbox/aggregation/unnax/widget.js`);
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.equal(script.headers.get('cross-origin-resource-policy'), 'cross-origin', "the app's page loads it");
    assert.match(await script.text(), /UnnaxWidget/);
    const elsewhere = await api.request(
      'GET',
      `/aggregation/unnax/widget?access_token=${token}&origin=${encodeURIComponent('https://evil.example')}`,
    );
    assert.equal(elsewhere.status, 400);
    assert.deepEqual(elsewhere.body.errors, [{ property: 'origin', message: messages.incorrectData }]);
    assert.equal((await api.request('GET', '/aggregation/unnax/widget?access_token=nope')).status, 401);
    assert.equal((await api.request('GET', '/aggregation/unnax/widget', { headers: me.headers })).status, 401);
  });

  test("unnax's widget: its server opens the bank session, posts its signed callback, and the session bank_token takes leads to signing", async () => {
    const me = await awaitingBankData();
    const widget = await api.request('GET', `/aggregation/unnax/widget?access_token=${tokenOf(me)}`);
    const forged = await widgetSays({ widget_session: `${Math.floor(Date.now() / 1000) + 60}.forged`, user: 'ana' });
    assert.equal(forged.status, 401, 'only a widget session the provider opened');
    const expired = await widgetSays({ widget_session: '1.AAAA', user: 'ana' });
    assert.equal(expired.status, 401);
    const said = await widgetSays({ widget_session: widget.body.widget_session, bank: 'BBVA', user: 'ana' });
    assert.equal(said.status, 200, JSON.stringify(said.body));
    assert.equal(said.body.status, 'success');
    assert.deepEqual(Object.keys(said.body.fields).sort(), ['bank_name', 'token1', 'token2', 'type']);
    const sent = await api.request('POST', '/v2/loan/bank_token', { headers: me.headers, body: said.body.fields });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    await waitForStatus(api, me.headers, [LoanStatus.AwaitingSignContract]);
    const accounts = await api.request('GET', '/v2/user/available_bank_accounts', { headers: me.headers });
    assert.deepEqual(accounts.body, [sandboxIbanFor(`${said.body.fields.token1}:${said.body.fields.token2}`)]);
  });

  test("unnax's widget: the identity error and cancel report no session; an account without recent transactions fails the import", async () => {
    const me = await awaitingBankData();
    const { widget_session } = (await api.request('GET', `/aggregation/unnax/widget?access_token=${tokenOf(me)}`)).body;
    const error = await widgetSays({ widget_session, user: 'ana', outcome: 'error' });
    assert.deepEqual(error.body, { status: 'error', code: 'identity_not_verified' });
    const cancel = await widgetSays({ widget_session, user: 'ana', outcome: 'cancel' });
    assert.deepEqual(cancel.body, { status: 'cancel' });
    const empty = await widgetSays({ widget_session, bank: 'Sabadell', user: 'ana', outcome: 'no_transactions' });
    assert.equal(empty.body.status, 'success', 'the widget ends well; the provider tells us it could not use it');
    await api.request('POST', '/v2/loan/bank_token', { headers: me.headers, body: empty.body.fields });
    const until = Date.now() + 15_000;
    while (Date.now() < until) {
      const row = await api.database.db
        .selectFrom('bank_imports')
        .select('status')
        .where('loan_id', '=', me.loanId)
        .executeTakeFirst();
      if (row?.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const { body: loan } = await api.request('GET', '/v2/loan', { headers: me.headers });
    assert.equal(loan.status, LoanStatus.AwaitingBankProcessData);
  });

  test("kontomatik's page: framed only by the app's origin, it posts its ending to that origin, with a session bank_token takes", async () => {
    const me = await awaitingBankData();
    const { widget_session } = (await api.request('GET', `/aggregation/unnax/widget?access_token=${tokenOf(me)}`)).body;
    const parent = 'http://localhost:3000';
    const query = new URLSearchParams({ session: widget_session, parent_origin: parent });
    const page = await fetch(`${api.baseUrl}/sandbox/aggregation/kontomatik?${query}`);
    assert.equal(page.status, 200);
    const policy = page.headers.get('content-security-policy') ?? '';
    assert.match(policy, /frame-ancestors http:\/\/localhost:3000(;|$)/);
    assert.match(policy, /form-action 'self'(;|$)/);
    assert.equal(page.headers.get('x-frame-options'), null, 'frame-ancestors decides, not a blanket DENY');
    assert.match(await page.text(), /name="bank"/);
    const stranger = new URLSearchParams({ session: widget_session, parent_origin: 'https://evil.example' });
    assert.equal((await fetch(`${api.baseUrl}/sandbox/aggregation/kontomatik?${stranger}`)).status, 400);
    const unsigned = new URLSearchParams({ session: '99999999999.x', parent_origin: parent });
    assert.equal((await fetch(`${api.baseUrl}/sandbox/aggregation/kontomatik?${unsigned}`)).status, 400);

    const form = new FormData();
    form.set('session', widget_session);
    form.set('parent_origin', parent);
    form.set('bank', 'BBVA');
    form.set('user', 'ana');
    form.set('outcome', 'success');
    const done = await fetch(`${api.baseUrl}/sandbox/aggregation/kontomatik`, { method: 'POST', body: form });
    assert.equal(done.status, 200);
    assert.match(done.headers.get('content-security-policy') ?? '', /frame-ancestors http:\/\/localhost:3000(;|$)/);
    const html = await done.text();
    assert.match(html, /kontomatik-frame\.js/);
    const target = html.match(/data-target-origin="([^"]+)"/)?.[1];
    assert.equal(target, parent, 'the message is aimed at the app only');
    const message = JSON.parse((html.match(/data-message="([^"]+)"/)?.[1] ?? '').replaceAll('&quot;', '"'));
    assert.equal(message.type, 'kontomatik.result');
    assert.equal(message.status, 'success');
    const sent = await api.request('POST', '/v2/loan/bank_token', { headers: me.headers, body: message.fields });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    await waitForStatus(api, me.headers, [LoanStatus.AwaitingSignContract]);
  });

  test('a body of neither variant is a 422; a loan not awaiting bank data is a 409', async () => {
    const me = await awaitingBankData();
    const neither = await api.request('POST', '/v2/loan/bank_token', { headers: me.headers, body: { bank: 'x' } });
    assert.equal(neither.status, 422);
    const signable = await customerAt(api, 'signable');
    const refused = await api.request('POST', '/v2/loan/bank_token', {
      headers: signable.headers,
      body: { token1: 'late-token' },
    });
    assert.equal(refused.status, 409);
  });
});

describe('the configured aggregation provider (AGGREGATION_PROVIDER, AGGREGATION_PROVIDER_URL)', () => {
  test("kontomatik: GET /v2/user says so and the widget is the provider's page for the app's iframe", async () => {
    const kontomatik = await startTestApi({
      workers: true,
      env: {
        PROVIDER_SECRET_AGGREGATION: SECRET,
        AGGREGATION_PROVIDER: 'kontomatik',
        AGGREGATION_PROVIDER_URL: 'https://bank-widget.example',
        PUBLIC_APP_URL: 'https://app.example',
      },
    });
    try {
      const me = await awaitingBankData(kontomatik);
      const user = await kontomatik.request('GET', '/v2/user', { headers: me.headers });
      assert.equal(user.body.bank_verification_adapter, 'kontomatik');
      const widget = await kontomatik.request('GET', `/aggregation/unnax/widget?access_token=${tokenOf(me)}`);
      assert.equal(widget.body.provider, 'kontomatik');
      const frame = new URL(widget.body.frame_url);
      assert.equal(`${frame.origin}${frame.pathname}`, 'https://bank-widget.example/sandbox/aggregation/kontomatik');
      assert.equal(frame.searchParams.get('parent_origin'), 'https://app.example', "the app's origin by default");
      assert.ok(frame.searchParams.get('session'));
    } finally {
      await kontomatik.close();
    }
  });

  test('an unknown provider or address stops the start; production refuses the sandbox aggregators', async () => {
    assert.throws(
      () => readConfig({ AGGREGATION_PROVIDER: 'plaid' }),
      /AGGREGATION_PROVIDER must be unnax or kontomatik/,
    );
    assert.throws(() => readConfig({ AGGREGATION_PROVIDER_URL: 'not an address' }), /AGGREGATION_PROVIDER_URL/);
    assert.equal(readConfig({}).aggregation.provider, 'unnax');
    const config = readConfig({
      PROVIDER_MODE: 'production',
      SMS_PROVIDER_URL: 'http://127.0.0.1:9/send',
      RECAPTCHA_SECRET: 'recaptcha-secret',
      METRICS_TOKEN: 'metrics-token',
      ...LENDER_ENV,
      PROVIDER_SECRET_LIVENESS: 'liveness-secret',
      PROVIDER_SECRET_AGGREGATION: SECRET,
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
    await assert.rejects(
      buildApp(
        {
          config,
          database: api.database,
          sms: smsProviderFor(config, api.database.db),
          // Past the liveness check, which refuses production first.
          liveness: new SandboxLivenessProvider(api.database.db),
        },
        { logger: false },
      ),
      /needs a bank aggregation provider/,
    );
  });
});
