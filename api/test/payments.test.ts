import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { readConfig } from '../src/config.js';
import { setCustomerFlags } from '../src/customer-flags/index.js';
import { SIGNATURE_HEADER, signHeader } from '../src/providers/callbacks.js';
import { PAYMENT_PROVIDERS } from '../src/providers/payments.js';
import { callbackSecret } from '../src/providers/secrets.js';
import { SandboxCardCharger } from '../src/servicing/auto-debit.js';
import { clockToday, runServicingDay } from '../src/servicing/index.js';
import { SERVICING_COMMANDS } from '../src/servicing/operator-commands.js';
import { startTestApi, type TestApi } from './harness.js';
import { customerAt } from './origination-path.js';

let api: TestApi;
// 400 EUR for 30 days: commission 400 × 1.00 % × 30 = 120 EUR.
const AMOUNT = 40_000;
const COMMISSION = 12_000;
const TOTAL = AMOUNT + COMMISSION;

type Me = Awaited<ReturnType<typeof customerAt>>;
const tokenOf = (me: Me) => String(me.headers.authorization).slice('Bearer '.length);
const loanOf = async (me: Me) => (await api.request('GET', '/v2/loan', { headers: me.headers })).body;

const ledgerTotal = async () => {
  const { rows } = await sql<{ total: string | null }>`select sum(amount) as total from ledger_postings`.execute(
    api.database.db,
  );
  return Number(rows[0]?.total ?? 0);
};

const paymentsOf = async (loanId: string) =>
  api.database.db.selectFrom('loan_payments').select(['amount', 'external_id']).where('loan_id', '=', loanId).execute();

/** A browser's form post (multipart, as the sandbox pages' forms send), without following the redirect. */
async function postForm(url: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const absolute = url.startsWith('http') ? url : `${api.baseUrl}${url}`;
  const response = await fetch(absolute, { method: 'POST', body: form, redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

/** The checkout link as the API made it, on this test API's address (links are absolute on PUBLIC_API_URL). */
const onTestApi = (link: string) => {
  const url = new URL(link);
  return `${api.baseUrl}${url.pathname}${url.search}`;
};

const card = (number: string) => ({ number, expiry_month: '12', expiry_year: '2031', cvv: '123' });

async function payByCard(me: Me, body: Record<string, unknown>, number = '4242424242424242') {
  const made = await api.request('POST', '/v2/loan/payment-request/generate', { headers: me.headers, body });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  assert.ok(made.body.payment_link, 'a real payment link');
  const page = await fetch(onTestApi(made.body.payment_link));
  assert.equal(page.status, 200);
  const paid = await postForm(PAYMENT_PROVIDERS.card.checkoutPath, { reference: made.body.reference, ...card(number) });
  assert.equal(paid.status, 303, paid.text);
  return { made: made.body, location: paid.location };
}

async function signedCallback(channel: 'card' | 'bizum', event: Record<string, unknown>, secret?: string) {
  const key = secret ?? (await callbackSecret(api.config, api.database.db, channel)());
  const body = JSON.stringify(event);
  const response = await fetch(`${api.baseUrl}${PAYMENT_PROVIDERS[channel].callbackPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signHeader(key, body) },
    body,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read the JSON they assert on
  const answer: any = await response.json();
  return { status: response.status, body: answer };
}

/** A one-time code for a page the browser opens itself (POST /v2/user/link_code), as the app asks for it. */
async function linkCode(me: { headers: Record<string, string> }, page: 'card_payment' | 'bizum_payment') {
  const answer = await api.request('POST', '/v2/user/link_code', { headers: me.headers, body: { page } });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return answer.body.code as string;
}

describe('payments: the card and Bizum checkouts, their callbacks and the faults', () => {
  before(async () => {
    api = await startTestApi({ workers: true, env: { TRUST_PROXY: 'true' } });
  });
  after(async () => api.close());

  test('a card repayment goes through the acquirer’s checkout page; the callback applies it commission first', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const made = await api.request('POST', '/v2/loan/payment-request/generate', {
      headers: me.headers,
      body: { payment_type: 'partial_repay', amount: 15_000 },
    });
    assert.equal(made.status, 201);
    const link = new URL(made.body.payment_link);
    assert.equal(link.pathname, '/sandbox/card/checkout');
    const page = await fetch(onTestApi(made.body.payment_link));
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /150,00\s€/, 'the page shows the amount');
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);

    const refused = await postForm(PAYMENT_PROVIDERS.card.checkoutPath, {
      reference: made.body.reference,
      ...card('4242424242424241'),
    });
    assert.equal(refused.status, 422, 'a number failing Luhn is refused by the acquirer');
    assert.equal((await loanOf(me)).calculations.today.amount, TOTAL);

    const paid = await postForm(PAYMENT_PROVIDERS.card.checkoutPath, {
      reference: made.body.reference,
      ...card('4242 4242 4242 4242'),
    });
    assert.equal(paid.status, 303);
    assert.equal(paid.location, new URL('/account', api.config.appUrl).toString());
    const loan = await loanOf(me);
    assert.equal(loan.has_pending_payment, false);
    assert.equal(loan.calculations.today.annual_commission, 0, 'commission first');
    assert.equal(loan.calculations.today.body, AMOUNT - (15_000 - COMMISSION));
    const again = await fetch(onTestApi(made.body.payment_link));
    assert.equal(again.status, 404, 'a paid request cannot be paid again');
    assert.equal(await ledgerTotal(), 0);
  });

  test('a declined card sends the browser to the retry screen and frees the loan for another payment', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const { location } = await payByCard(me, { payment_type: 'partial_repay', amount: 5_000 }, '4000000000000002');
    assert.equal(location, new URL('/account/payment/failed', api.config.appUrl).toString());
    const loan = await loanOf(me);
    assert.equal(loan.has_pending_payment, false);
    assert.equal(loan.calculations.today.amount, TOTAL);
    // A card whose bank never answers leaves the payment pending: every other payment waits for it.
    await payByCard(me, { payment_type: 'partial_repay', amount: 5_000 }, '4000000000000010');
    assert.equal((await loanOf(me)).has_pending_payment, true);
    const blocked = await api.request('POST', '/v2/loan/payment-request/bizum/generate', {
      headers: me.headers,
      body: { payment_type: 'payoff' },
    });
    assert.equal(blocked.status, 409);
  });

  test('the card payment URL (GET with a one-time code) redirects to the checkout of the request it makes', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const query = new URLSearchParams({
      code: await linkCode(me, 'card_payment'),
      payment_type: 'partial_repay',
      amount: '2000',
    });
    const answer = await fetch(`${api.baseUrl}/v2/loan/payment/card?${query}`, { redirect: 'manual' });
    assert.equal(answer.status, 303);
    const location = new URL(answer.headers.get('location') ?? '');
    assert.equal(location.pathname, PAYMENT_PROVIDERS.card.checkoutPath);
    const offStep = new URLSearchParams({
      code: await linkCode(me, 'card_payment'),
      payment_type: 'partial_repay',
      amount: '2005',
    });
    const refused = await fetch(`${api.baseUrl}/v2/loan/payment/card?${offStep}`, { redirect: 'manual' });
    assert.equal(refused.status, 422, 'an amount off the 0.10 EUR step');
    const other = new URLSearchParams({
      code: await linkCode(me, 'card_payment'),
      payment_type: 'partial_repay',
      amount: '3000',
    });
    const waiting = await fetch(`${api.baseUrl}/v2/loan/payment/card?${other}`, { redirect: 'manual' });
    assert.equal(waiting.status, 409, 'a different payment waits for the pending one');
  });

  test('Bizum: the query answers an action and fields, the form post shows Bizum’s page, a payoff ends Returned 3', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const query = new URLSearchParams({ code: await linkCode(me, 'bizum_payment'), payment_type: 'payoff' });
    const form = await api.request('GET', `/v2/loan/payment/bizum?${query}`);
    assert.equal(form.status, 200, JSON.stringify(form.body));
    assert.equal(new URL(form.body.actionUrl).pathname, '/sandbox/bizum');
    assert.equal(form.body.fields.amount, String(TOTAL));
    const page = await postForm(onTestApi(form.body.actionUrl), form.body.fields);
    assert.equal(page.status, 200);
    assert.match(page.text, /Pago con Bizum/);
    const wrongPhone = await postForm('/sandbox/bizum/confirm', { reference: form.body.reference, phone: '123' });
    assert.equal(wrongPhone.status, 422);
    const paid = await postForm('/sandbox/bizum/confirm', {
      reference: form.body.reference,
      phone: '612 345 678',
      outcome: 'paid',
    });
    assert.equal(paid.status, 303);
    const loan = await loanOf(me);
    assert.equal(loan.status, 3);
    assert.equal(loan.calculations.today.amount, 0);
    assert.equal(await ledgerTotal(), 0);
  });

  test('Bizum is refused to a customer whose Bizum flag is off', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const userId = (await api.request('GET', '/v2/user', { headers: me.headers })).body.id;
    await setCustomerFlags(api.database.db, userId, { bizum: false });
    const user = await api.request('GET', '/v2/user', { headers: me.headers });
    assert.equal(user.body.is_bizum_payment_provider_enabled, false);
    const refused = await api.request('POST', '/v2/loan/payment-request/bizum/generate', {
      headers: me.headers,
      body: { payment_type: 'payoff' },
    });
    assert.equal(refused.status, 409);
    assert.match(refused.body.errors[0].message, /Bizum/);
  });

  test('an extension paid at the checkout moves the due date and sets Extended 20', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const before = await loanOf(me);
    const activated = await api.request('POST', '/v2/loan/activate_extension', {
      headers: me.headers,
      body: { term: 7 },
    });
    assert.equal(activated.status, 200, JSON.stringify(activated.body));
    assert.ok(activated.body.payment_link);
    const paid = await postForm(PAYMENT_PROVIDERS.card.checkoutPath, {
      reference: activated.body.reference,
      ...card('4242424242424242'),
    });
    assert.equal(paid.status, 303);
    const loan = await loanOf(me);
    assert.equal(loan.status, 20);
    assert.equal(loan.must_pay_date, activated.body.next_pay_date);
    assert.notEqual(loan.must_pay_date, before.must_pay_date);
    assert.equal(await ledgerTotal(), 0);
  });

  test('a callback replayed 10 times, and retried with fresh event ids, posts once; a forged signature is refused', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const made = await api.request('POST', '/v2/loan/payment-request/bizum/generate', {
      headers: me.headers,
      body: { payment_type: 'partial_repay', amount: 5_000 },
    });
    const event = { event_id: 'evt_replay_0001', reference: made.body.reference, status: 'paid', amount: 5_000 };
    const forged = await signedCallback('bizum', event, 'not-the-secret');
    assert.equal(forged.status, 401);
    const wrongProvider = await signedCallback('card', { ...event, event_id: 'evt_replay_card' });
    assert.equal(wrongProvider.status, 404, 'the card acquirer cannot answer a Bizum request');
    const wrongAmount = await signedCallback('bizum', { ...event, event_id: 'evt_replay_amount', amount: 50_000 });
    assert.equal(wrongAmount.status, 422);
    assert.equal((await loanOf(me)).calculations.today.amount, TOTAL, 'nothing applied');

    const answers = await Promise.all(Array.from({ length: 10 }, () => signedCallback('bizum', event)));
    assert.ok(answers.every((a) => a.status === 200));
    assert.equal(answers.filter((a) => !a.body.replayed).length, 1);
    const retries = await Promise.all(
      Array.from({ length: 3 }, (_, i) => signedCallback('bizum', { ...event, event_id: `evt_retry_000${i}` })),
    );
    assert.ok(retries.every((a) => a.status === 200 && a.body.result.applied === false));
    assert.equal((await paymentsOf(me.loanId)).length, 1);
    const postings = await api.database.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('loan_id', '=', me.loanId)
      .where('kind', '=', 'repayment')
      .execute();
    assert.equal(postings.length, 1);
    assert.equal((await loanOf(me)).calculations.today.amount, TOTAL - 5_000);
    assert.equal(await ledgerTotal(), 0);
  });

  test('two payoffs paid at once: one closes the loan, the other is owed back, nothing is applied twice', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const first = await api.request('POST', '/v2/loan/payment-request/generate', {
      headers: me.headers,
      body: { payment_type: 'payoff' },
    });
    // The customer gives up on the first (the bank said no), then pays off by Bizum; then both banks pay.
    await signedCallback('card', {
      event_id: 'evt_first_fail',
      reference: first.body.reference,
      status: 'failed',
      amount: 0,
    });
    const second = await api.request('POST', '/v2/loan/payment-request/bizum/generate', {
      headers: me.headers,
      body: { payment_type: 'payoff' },
    });
    assert.equal(second.status, 201);
    const [a, b] = await Promise.all([
      signedCallback('card', {
        event_id: 'evt_first_paid',
        reference: first.body.reference,
        status: 'paid',
        amount: TOTAL,
      }),
      signedCallback('bizum', {
        event_id: 'evt_second_paid',
        reference: second.body.reference,
        status: 'paid',
        amount: TOTAL,
      }),
    ]);
    assert.deepEqual([a.status, b.status], [200, 200]);
    const loan = await loanOf(me);
    assert.equal(loan.status, 3);
    const payments = await api.database.db
      .selectFrom('loan_payments')
      .select('applied')
      .where('loan_id', '=', me.loanId)
      .execute();
    assert.equal(payments.length, 2);
    const applied = payments.map((p) => p.applied as { to_principal: number; overpaid: number });
    assert.equal(
      applied.reduce((sum, p) => sum + p.to_principal, 0),
      AMOUNT,
      'the principal is repaid once',
    );
    assert.equal(
      applied.reduce((sum, p) => sum + p.overpaid, 0),
      TOTAL,
      'the second payoff is owed back',
    );
    const closings = await api.database.db
      .selectFrom('loan_transitions')
      .select('to_status')
      .where('loan_id', '=', me.loanId)
      .where('to_status', '=', 3)
      .execute();
    assert.equal(closings.length, 1);
    assert.equal(await ledgerTotal(), 0);
  });

  test('another customer’s token reaches only their own loan: without one the payment URLs answer 404', async () => {
    const other = await customerAt(api, 'signable', { amount: AMOUNT });
    await api.database.db.updateTable('loans').set({ status: 4 }).where('id', '=', other.loanId).execute();
    for (const [path, page] of [
      ['/v2/loan/payment/card', 'card_payment'],
      ['/v2/loan/payment/bizum', 'bizum_payment'],
    ] as const) {
      const query = new URLSearchParams({ code: await linkCode(other, page), payment_type: 'payoff' });
      const answer = await fetch(`${api.baseUrl}${path}?${query}`, { redirect: 'manual' });
      assert.equal(answer.status, 404, path);
      // A code opens its page once; a made-up one, or a session token, opens nothing.
      assert.equal((await fetch(`${api.baseUrl}${path}?${query}`, { redirect: 'manual' })).status, 410, path);
      const forged = new URLSearchParams({ code: tokenOf(other), payment_type: 'payoff' });
      assert.equal((await fetch(`${api.baseUrl}${path}?${forged}`, { redirect: 'manual' })).status, 410, path);
    }
  });

  test('on the due date the default card is auto-debited once, even by two processes servicing the same day', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const added = await api.request('POST', '/v2/user/payment_card', { headers: me.headers, body: {} });
    assert.equal(added.status, 201, JSON.stringify(added.body));
    const saved = await postForm(added.body.url, {
      request_id: added.body.request_id,
      return_url: new URL('/account', api.config.appUrl).toString(),
      ...card('4242424242424242'),
      holder: 'Ana García',
    });
    assert.equal(saved.status, 303, saved.text);
    const loan = await loanOf(me);
    const due = new Date(`${loan.must_pay_date}T12:00:00`);
    // Two API processes: two chargers over the same acquirer, the same day at once.
    const results = await Promise.all([
      runServicingDay(api.database.db, due, new SandboxCardCharger(api.database.db)),
      runServicingDay(api.database.db, due, new SandboxCardCharger(api.database.db)),
    ]);
    assert.ok(results.some((r) => r.debited >= 1));
    const charges = await api.database.db
      .selectFrom('sandbox_card_charges')
      .selectAll()
      .where('key', 'like', `autodebit:${me.loanId}:%`)
      .execute();
    assert.equal(charges.length, 1, 'one charge per loan and day');
    assert.equal(Number(charges[0]?.amount), TOTAL);
    assert.equal((await paymentsOf(me.loanId)).length, 1);
    const paid = await loanOf(me);
    assert.equal(paid.status, 3);
    assert.equal(await ledgerTotal(), 0);
    // A loan whose customer has no card is not charged.
    const cardless = await customerAt(api, 'active', { amount: AMOUNT });
    const cardlessLoan = await loanOf(cardless);
    await runServicingDay(
      api.database.db,
      new Date(`${cardlessLoan.must_pay_date}T12:00:00`),
      new SandboxCardCharger(api.database.db),
    );
    assert.equal((await loanOf(cardless)).status, 2);
  });

  test('advance-days runs the day’s servicing with the sandbox acquirer’s auto-debit', async () => {
    const lines = await (SERVICING_COMMANDS['advance-days'] as (typeof SERVICING_COMMANDS)[string]).run(['1'], {
      db: api.database.db,
      config: api.config,
      operator: 'test',
    });
    assert.match(lines.lines[0] ?? '', /auto-debited/);
    assert.ok(await clockToday(api.database.db));
  });
});

describe('the browser comes back to the app where APP_PORT puts it', () => {
  before(async () => {
    // No PUBLIC_APP_URL: the app's address follows APP_PORT, as the API's follows API_PORT.
    api = await startTestApi({ workers: true, env: { APP_PORT: '4310' } });
  });
  after(async () => api.close());

  test('the app address follows APP_PORT unless PUBLIC_APP_URL names it', () => {
    assert.equal(api.config.appUrl, 'http://localhost:4310');
    assert.equal(readConfig({}).appUrl, 'http://localhost:3000');
    assert.equal(
      readConfig({ APP_PORT: '4310', PUBLIC_APP_URL: 'https://app.credimo.es' }).appUrl,
      'https://app.credimo.es',
    );
  });

  test('after paying by card or by Bizum the browser is sent to the app on APP_PORT', async () => {
    const byCard = await customerAt(api, 'active', { amount: AMOUNT });
    const { location } = await payByCard(byCard, { payment_type: 'partial_repay', amount: 5_000 });
    assert.equal(location, 'http://localhost:4310/account');

    const byBizum = await customerAt(api, 'active', { amount: AMOUNT });
    const query = new URLSearchParams({ code: await linkCode(byBizum, 'bizum_payment'), payment_type: 'payoff' });
    const form = await api.request('GET', `/v2/loan/payment/bizum?${query}`);
    assert.equal(form.status, 200, JSON.stringify(form.body));
    await postForm(onTestApi(form.body.actionUrl), form.body.fields);
    const paid = await postForm('/sandbox/bizum/confirm', {
      reference: form.body.reference,
      phone: '612 345 678',
      outcome: 'paid',
    });
    assert.equal(paid.status, 303);
    assert.equal(paid.location, 'http://localhost:4310/account');
  });
});
