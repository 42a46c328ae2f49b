import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { messages } from '@credimo/shared/i18n';
import { addMonths } from 'date-fns';
import { sql } from 'kysely';
import { startTestApi, type TestApi } from './harness.js';
import { customerAt } from './origination-path.js';

let api: TestApi;
before(async () => {
  api = await startTestApi({ workers: true, env: { TRUST_PROXY: 'true' } });
});
after(() => api.close());

// 400 EUR for 30 days: commission 400 × 1.00 % × 30 = 120 EUR.
const AMOUNT = 40_000;
const TOTAL = AMOUNT + 12_000;

type Me = Awaited<ReturnType<typeof customerAt>>;
const loanOf = async (me: Me) => (await api.request('GET', '/v2/loan', { headers: me.headers })).body;
const newKey = () => `pay-${randomUUID()}`;

/** A card saved the way the browser saves one: the acquirer's tokenization page and its form. */
async function savedCard(me: Me): Promise<string> {
  const returnUrl = new URL('/account/personal_info', api.config.appUrl).toString();
  const started = await api.request('POST', '/v2/user/payment_card', {
    headers: me.headers,
    body: { return_url: returnUrl },
  });
  assert.equal(started.status, 201, JSON.stringify(started.body));
  const expiry = addMonths(new Date(), 24);
  const form = new FormData();
  form.set('request_id', started.body.request_id);
  form.set('return_url', returnUrl);
  form.set('number', '4242 4242 4242 4242');
  form.set('expiry_month', String(expiry.getMonth() + 1));
  form.set('expiry_year', String(expiry.getFullYear()));
  form.set('holder', 'ANA GARCIA');
  form.set('cvv', '123');
  const posted = await fetch(`${api.baseUrl}/sandbox/card`, { method: 'POST', body: form, redirect: 'manual' });
  assert.equal(posted.status, 303);
  const cards = (await api.request('GET', '/v2/user/payment_cards', { headers: me.headers })).body;
  assert.equal(cards.length, 1);
  return cards[0].id;
}

const pay = (me: Me, body: Record<string, unknown>) =>
  api.request('POST', '/v2/loan/payment/saved_card', { headers: me.headers, body });

/** What the acquirer charged the card, and what reached the ledger, for a loan. */
async function moneyOf(me: Me) {
  const charges = await api.database.db.selectFrom('sandbox_card_charges').select(['key', 'amount', 'paid']).execute();
  const repayments = await api.database.db
    .selectFrom('ledger_transactions')
    .select('id')
    .where('loan_id', '=', me.loanId)
    .where('kind', '=', 'repayment')
    .execute();
  const { rows } = await sql<{ total: string | null }>`select sum(amount) as total from ledger_postings`.execute(
    api.database.db,
  );
  return { charges, repayments: repayments.length, balance: Number(rows[0]?.total ?? 0) };
}

describe('paying with a saved card, without retyping it', () => {
  test('a repayment is charged to the card once and reaches the ledger once, however often it is sent', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const card = await savedCard(me);
    const body = { payment_type: 'partial_repay', amount: 15_000, card_id: card, idempotency_key: newKey() };
    const before = (await moneyOf(me)).charges.length;

    const first = await pay(me, body);
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal(first.body.status, 'paid');
    assert.equal(first.body.amount, 15_000);
    const replays = await Promise.all([pay(me, body), pay(me, body)]);
    for (const replay of replays) {
      assert.equal(replay.status, 200);
      assert.deepEqual(replay.body, first.body, 'a replay answers the first outcome');
    }

    const money = await moneyOf(me);
    assert.equal(money.charges.length, before + 1, 'one charge at the acquirer');
    assert.equal(Number(money.charges.at(-1)?.amount), 15_000);
    assert.equal(money.repayments, 1, 'one repayment in the ledger');
    assert.equal(money.balance, 0, 'the ledger balances');
    const loan = await loanOf(me);
    assert.equal(loan.calculations.today.amount, TOTAL - 15_000);
    assert.equal(loan.has_pending_payment, false);
  });

  test('a payoff with the saved card closes the loan', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const card = await savedCard(me);
    const paid = await pay(me, { payment_type: 'payoff', amount: TOTAL, card_id: card, idempotency_key: newKey() });
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    assert.equal(paid.body.status, 'paid');
    assert.equal((await loanOf(me)).calculations?.today?.amount ?? 0, 0);
  });

  test('a wrong amount is refused and charges nothing: above the debt, or another one under a used key', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const card = await savedCard(me);
    const before = (await moneyOf(me)).charges.length;

    const above = await pay(me, {
      payment_type: 'partial_repay',
      amount: TOTAL + 1_000,
      card_id: card,
      idempotency_key: newKey(),
    });
    assert.equal(above.status, 422);
    assert.deepEqual(above.body.errors, [{ message: messages.paymentAboveTotal, property: 'amount' }]);
    const payoff = await pay(me, { payment_type: 'payoff', amount: 100, card_id: card, idempotency_key: newKey() });
    assert.equal(payoff.status, 422, 'a payoff is for exactly what is owed');

    const key = newKey();
    assert.equal(
      (await pay(me, { payment_type: 'partial_repay', amount: 5_000, card_id: card, idempotency_key: key })).status,
      201,
    );
    const reused = await pay(me, { payment_type: 'partial_repay', amount: 9_000, card_id: card, idempotency_key: key });
    assert.equal(reused.status, 409);
    assert.equal(reused.body.errors[0].message, messages.paymentKeyReused);

    const money = await moneyOf(me);
    assert.equal(money.charges.length, before + 1, 'only the 50 EUR payment was charged');
    assert.equal((await loanOf(me)).calculations.today.amount, TOTAL - 5_000);
  });

  test("another customer's card, or none, cannot pay", async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const other = await customerAt(api, 'active', { amount: AMOUNT });
    const theirs = await savedCard(other);
    const refused = await pay(me, {
      payment_type: 'partial_repay',
      amount: 1_000,
      card_id: theirs,
      idempotency_key: newKey(),
    });
    assert.equal(refused.status, 422);
    assert.deepEqual(refused.body.errors, [{ message: messages.savedCardUnavailable, property: 'card_id' }]);
    assert.equal((await loanOf(me)).calculations.today.amount, TOTAL);
  });
});
