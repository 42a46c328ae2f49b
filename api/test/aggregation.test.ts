import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ibanProblem, LoanStatus } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import { sandboxIbanFor } from '../src/aggregation/index.js';
import { SIGNATURE_HEADER, signHeader } from '../src/providers/callbacks.js';
import { startTestApi, type TestApi } from './harness.js';
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

/** A customer whose approved loan waits for the bank data of the aggregation method (9). */
async function awaitingBankData() {
  const me = await customerAt(api, 'applied', { iban: false });
  await waitForStatus(api, me.headers, [LoanStatus.AwaitingIssuanceMethod]);
  const chosen = await api.request('PUT', '/v2/user/issue_method', {
    headers: me.headers,
    body: { method_of_disbursement: 9 },
  });
  assert.equal(chosen.status, 200, JSON.stringify(chosen.body));
  await waitForStatus(api, me.headers, [LoanStatus.AwaitingBankProcessData]);
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

  test('the sandbox widget page sends the browser back to /unnax-aggregation/success with a session bank_token takes', async () => {
    const me = await awaitingBankData();
    const token = me.headers.authorization.slice('Bearer '.length);
    const widget = await fetch(`${api.baseUrl}/aggregation/unnax/widget?access_token=${token}&provider=kontomatik`, {
      redirect: 'manual',
    });
    assert.equal(widget.status, 303);
    const pageUrl = widget.headers.get('location') ?? '';
    const page = await fetch(`${api.baseUrl}${pageUrl}`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /name="bank"/);
    const form = new FormData();
    form.set('provider', 'kontomatik');
    form.set('return_url', new URL(pageUrl, api.baseUrl).searchParams.get('return_url') ?? '');
    form.set('bank', 'BBVA');
    form.set('user', 'ana');
    form.set('outcome', 'success');
    const back = await fetch(`${api.baseUrl}/sandbox/aggregation`, { method: 'POST', body: form, redirect: 'manual' });
    const location = new URL(back.headers.get('location') ?? '');
    assert.equal(location.pathname, '/unnax-aggregation/success');
    const sent = await api.request('POST', '/v2/loan/bank_token', {
      headers: me.headers,
      body: Object.fromEntries(location.searchParams),
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    await waitForStatus(api, me.headers, [LoanStatus.AwaitingSignContract]);
    const denied = await fetch(`${api.baseUrl}/aggregation/unnax/widget?access_token=nope`, { redirect: 'manual' });
    assert.equal(denied.status, 401);
  });

  test("the sandbox page's account without recent transactions: the provider says so, the import fails, back to 35", async () => {
    const me = await awaitingBankData();
    const token = me.headers.authorization.slice('Bearer '.length);
    const widget = await fetch(`${api.baseUrl}/aggregation/unnax/widget?access_token=${token}&provider=unnax`, {
      redirect: 'manual',
    });
    const pageUrl = widget.headers.get('location') ?? '';
    const form = new FormData();
    form.set('provider', 'unnax');
    form.set('return_url', new URL(pageUrl, api.baseUrl).searchParams.get('return_url') ?? '');
    form.set('bank', 'Sabadell');
    form.set('user', 'ana');
    form.set('outcome', 'no_transactions');
    const back = await fetch(`${api.baseUrl}/sandbox/aggregation`, { method: 'POST', body: form, redirect: 'manual' });
    const location = new URL(back.headers.get('location') ?? '');
    assert.equal(location.pathname, '/unnax-aggregation/success');
    const sent = await api.request('POST', '/v2/loan/bank_token', {
      headers: me.headers,
      body: Object.fromEntries(location.searchParams),
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
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
    const accounts = await api.request('GET', '/v2/user/available_bank_accounts', { headers: me.headers });
    assert.deepEqual(accounts.body, []);
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
