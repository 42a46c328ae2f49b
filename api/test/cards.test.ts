import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { messages } from '@credimo/shared/i18n';
import { addMonths } from 'date-fns';
import { SIGNATURE_HEADER, signHeader } from '../src/providers/callbacks.js';
import { startTestApi, type TestApi } from './harness.js';
import { customerAt, waitForStatus } from './origination-path.js';

const SECRET = 'test-card-secret';
const APP = 'http://localhost:3000';

let api: TestApi;

before(async () => {
  api = await startTestApi({ workers: true, env: { TRUST_PROXY: 'true', PROVIDER_SECRET_CARD: SECRET } });
});
after(() => api.close());

type Headers = Record<string, string>;

/** The browser's walk: POST /v2/user/payment_card, then the acquirer's page, then its form. */
async function addCard(
  headers: Headers,
  card: { number?: string; holder?: string; expiry?: Date } = {},
): Promise<{ requestId: string; location: string; status: number }> {
  const started = await api.request('POST', '/v2/user/payment_card', {
    headers,
    body: { return_url: `${APP}/application/auto-debit-confirmation` },
  });
  assert.equal(started.status, 201, JSON.stringify(started.body));
  const page = await fetch(`${api.baseUrl}${started.body.url}`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /name="number"/);
  const expiry = card.expiry ?? addMonths(new Date(), 24);
  const form = new FormData();
  form.set('request_id', started.body.request_id);
  form.set('return_url', `${APP}/application/auto-debit-confirmation`);
  form.set('number', card.number ?? '4242 4242 4242 4242');
  form.set('expiry_month', String(expiry.getMonth() + 1));
  form.set('expiry_year', String(expiry.getFullYear()));
  form.set('holder', card.holder ?? 'ANA GARCIA');
  form.set('cvv', '123');
  const posted = await fetch(`${api.baseUrl}/sandbox/card`, { method: 'POST', body: form, redirect: 'manual' });
  return { requestId: started.body.request_id, location: posted.headers.get('location') ?? '', status: posted.status };
}

const cardsOf = async (headers: Headers) => (await api.request('GET', '/v2/user/payment_cards', { headers })).body;

// biome-ignore lint/suspicious/noExplicitAny: tests read the JSON they assert on
type Json = any;

function signedCallback(event: unknown, secret = SECRET): Promise<{ status: number; body: Json }> {
  const body = JSON.stringify(event);
  return fetch(`${api.baseUrl}/v2/providers/card/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signHeader(secret, body) },
    body,
  }).then(async (r) => ({ status: r.status, body: await r.json() }));
}

describe('payment cards through the sandbox acquirer', () => {
  test('a personal card valid for years is saved masked, made default, and GET /v2/user shows it', async () => {
    const me = await customerAt(api, 'signed');
    const added = await addCard(me.headers);
    assert.equal(added.status, 303);
    assert.match(added.location, /^http:\/\/localhost:3000\/application\/auto-debit-confirmation\?/);
    assert.match(added.location, /card_status=completed/);
    const cards = await cardsOf(me.headers);
    assert.equal(cards.length, 1);
    assert.equal(cards[0].pan, '424242******4242');
    assert.equal(cards[0].is_default, true);
    const user = (await api.request('GET', '/v2/user', { headers: me.headers })).body;
    // With its expiry: the browser's rule 13 and the API agree on whether it can carry auto-debit.
    assert.deepEqual(user.payment_cards, [
      {
        id: cards[0].id,
        pan: '424242******4242',
        expiry_month: cards[0].expiry_month,
        expiry_year: cards[0].expiry_year,
      },
    ]);
    assert.equal(user.payment_card_request_status, 'Completed');
    const validation = await api.request('GET', `/v2/user/payment_card/${cards[0].id}/validate`, {
      headers: me.headers,
    });
    assert.deepEqual(validation.body, { valid: true, reason: null });
  });

  test('auto-debit true is 422 without a card and 200 with a completed one', async () => {
    const me = await customerAt(api, 'signed');
    const without = await api.request('POST', '/v2/loan/steps/autodebit/complete', {
      headers: me.headers,
      body: { autodebit_enabled: true },
    });
    assert.equal(without.status, 422);
    assert.deepEqual(without.body.errors, [{ message: messages.autoDebitCardRequired, property: 'autodebit_enabled' }]);
    await addCard(me.headers);
    const withCard = await api.request('POST', '/v2/loan/steps/autodebit/complete', {
      headers: me.headers,
      body: { autodebit_enabled: true },
    });
    assert.equal(withCard.status, 200, JSON.stringify(withCard.body));
    assert.equal(withCard.body.auto_debit_step_completed, true);
  });

  test('a card expiring in 2 months is refused: no card, the request is Error, auto-debit stays 422', async () => {
    const me = await customerAt(api, 'signed');
    const added = await addCard(me.headers, { expiry: addMonths(new Date(), 2) });
    assert.match(added.location, /card_status=completed/, 'the acquirer itself accepted it');
    assert.deepEqual(await cardsOf(me.headers), []);
    const user = (await api.request('GET', '/v2/user', { headers: me.headers })).body;
    assert.equal(user.payment_card_request_status, 'Error');
    // The customer is told why, in the rule's words.
    assert.equal(user.payment_card_request_failure, messages.cardExpiresTooSoon);
    const on = await api.request('POST', '/v2/loan/steps/autodebit/complete', {
      headers: me.headers,
      body: { autodebit_enabled: true },
    });
    assert.equal(on.status, 422);
    const failure = await api.database.db
      .selectFrom('payment_cards')
      .select('failure')
      .where('request_id', '=', added.requestId)
      .executeTakeFirstOrThrow();
    assert.equal(failure.failure, messages.cardExpiresTooSoon);
  });

  test("a card in someone else's name is refused (personal)", async () => {
    const me = await customerAt(api, 'signed');
    await addCard(me.headers, { holder: 'PEDRO LOPEZ' });
    assert.deepEqual(await cardsOf(me.headers), []);
    // Accents and case do not matter; the customer is Ana García.
    await addCard(me.headers, { holder: 'ana garcía' });
    assert.equal((await cardsOf(me.headers)).length, 1);
  });

  test('a number failing the Luhn check is refused on the page, nothing is recorded', async () => {
    const me = await customerAt(api, 'applied');
    const added = await addCard(me.headers, { number: '4242424242424241' });
    assert.equal(added.status, 422);
    const user = (await api.request('GET', '/v2/user', { headers: me.headers })).body;
    assert.equal(user.payment_card_request_status, 'New');
  });

  test('the test card numbers give each card request status group: completed, processing and error', async () => {
    const me = await customerAt(api, 'applied');
    const cases: [string, string, string][] = [
      ['4000000000000044', 'PartiallyRefunded', 'completed'],
      ['4000000000000051', 'Refunded', 'completed'],
      ['4000000000000010', 'New', 'processing'],
      ['4000000000000028', 'PendingConfirmation', 'processing'],
      ['4000000000000002', 'Error', 'error'],
      ['4000000000000036', 'Fraud', 'error'],
    ];
    for (const [number, status, group] of cases) {
      const added = await addCard(me.headers, { number });
      assert.match(added.location, new RegExp(`card_status=${group}`), number);
      const user = (await api.request('GET', '/v2/user', { headers: me.headers })).body;
      assert.equal(user.payment_card_request_status, status, number);
    }
    assert.equal((await cardsOf(me.headers)).length, 2);
  });

  test('a forged callback is refused with 401 and changes nothing', async () => {
    const me = await customerAt(api, 'applied');
    const started = await api.request('POST', '/v2/user/payment_card', { headers: me.headers, body: {} });
    const forged = await signedCallback(
      {
        event_id: 'evt-forged-card-1',
        request_id: started.body.request_id,
        status: 'Completed',
        card: {
          token: 'tok_forged_1',
          pan: '424242******4242',
          holder: 'Ana García',
          expiry_month: 12,
          expiry_year: 2035,
        },
      },
      'not-the-secret',
    );
    assert.equal(forged.status, 401);
    assert.deepEqual(forged.body.errors, [{ message: messages.providerSignatureInvalid, property: 'request' }]);
    assert.deepEqual(await cardsOf(me.headers), []);
  });

  test('a callback replayed 10 times saves one card and earns one discount', async () => {
    const me = await customerAt(api, 'applied');
    const started = await api.request('POST', '/v2/user/payment_card', { headers: me.headers, body: {} });
    const event = {
      event_id: 'evt-replayed-card-1',
      request_id: started.body.request_id,
      status: 'Completed',
      card: {
        token: 'tok_replayed_1',
        pan: '424242******4242',
        holder: 'Ana García',
        expiry_month: 12,
        expiry_year: 2035,
      },
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => signedCallback(event)));
    assert.ok(answers.every((a) => a.status === 200));
    assert.equal(answers.filter((a) => a.body.replayed === false).length, 1);
    assert.equal((await cardsOf(me.headers)).length, 1);
    const earned = await api.database.db
      .selectFrom('earned_discounts')
      .innerJoin('users', 'users.id', 'earned_discounts.user_id')
      .select('earned_discounts.target')
      .where('users.mobile_phone', '=', me.phone)
      .execute();
    assert.deepEqual(earned, [{ target: 'autodebit_card_added' }]);
  });

  test("another customer's card is a 404 to set as default or validate; GET /card/tokenize needs a one-time code", async () => {
    const owner = await customerAt(api, 'applied');
    await addCard(owner.headers);
    const [card] = await cardsOf(owner.headers);
    const other = await customerAt(api, 'applied');
    const set = await api.request('PUT', `/v2/user/payment_card/${card.id}`, { headers: other.headers });
    assert.equal(set.status, 404);
    assert.deepEqual(set.body.errors, [{ message: messages.cardNotFound, property: 'request' }]);
    const validate = await api.request('GET', `/v2/user/payment_card/${card.id}/validate`, { headers: other.headers });
    assert.equal(validate.status, 404);
    assert.deepEqual(await cardsOf(other.headers), []);
    // Opened with a one-time code for the card form, never with the session token (addresses reach logs).
    const token = owner.headers.authorization.slice('Bearer '.length);
    const withToken = await fetch(`${api.baseUrl}/card/tokenize?code=${token}`, { redirect: 'manual' });
    assert.equal(withToken.status, 410);
    const asked = await api.request('POST', '/v2/user/link_code', {
      headers: owner.headers,
      body: { page: 'tokenize_card' },
    });
    const mine = await fetch(`${api.baseUrl}/card/tokenize?code=${asked.body.code}`, { redirect: 'manual' });
    assert.equal(mine.status, 303);
    assert.match(mine.headers.get('location') ?? '', /^\/sandbox\/card\?request_id=cr_/);
    const again = await fetch(`${api.baseUrl}/card/tokenize?code=${asked.body.code}`, { redirect: 'manual' });
    assert.equal(again.status, 410, 'a code opens its page once');
  });

  test('setting the default card moves the default', async () => {
    const me = await customerAt(api, 'applied');
    await addCard(me.headers);
    await addCard(me.headers, { number: '5555555555554444' });
    const before = await cardsOf(me.headers);
    const second = before.find((c: { is_default: boolean }) => !c.is_default);
    const after = await api.request('PUT', `/v2/user/payment_card/${second.id}`, { headers: me.headers });
    assert.equal(after.status, 200);
    assert.equal(after.body[0].id, second.id);
    assert.deepEqual(
      after.body.map((c: { is_default: boolean }) => c.is_default),
      [true, false],
    );
  });

  test('a completed card earns 15 % off the commission of the next loan, once', async () => {
    const me = await customerAt(api, 'active', { amount: 50_000 });
    await addCard(me.headers);
    const discounts = await api.request('GET', '/v2/discounts?target=autodebit_card_added');
    assert.equal(discounts.body[0].percent, 15);
    const personalCodes = async () =>
      (await api.request('GET', '/v2/user', { headers: me.headers })).body.discounts.map(
        (d: { target: string }) => d.target,
      );
    assert.deepEqual(await personalCodes(), ['autodebit_card_added'], 'the customer now has it as their own');
    // Pay the loan back by hand (servicing is not this test's subject): Returned closes it.
    await api.database.db.updateTable('loans').set({ status: 3 }).where('id', '=', me.loanId).execute();
    const next = await api.request('POST', '/v2/loan', {
      headers: me.headers,
      body: { loan_period: 30, loan_sum: 50_000, attempt_reference: `discount-${me.phone}` },
    });
    assert.equal(next.status, 201, JSON.stringify(next.body));
    const row = await api.database.db
      .selectFrom('loans')
      .select(['commission', 'original_commission'])
      .where('id', '=', String(next.body.id))
      .executeTakeFirstOrThrow();
    assert.equal(Number(row.commission), Math.round(Number(row.original_commission) * 0.85));
    const spent = await api.database.db
      .selectFrom('earned_discounts')
      .select('used_by_loan_id')
      .where('target', '=', 'autodebit_card_added')
      .where('used_by_loan_id', '=', String(next.body.id))
      .execute();
    assert.equal(spent.length, 1, 'the discount is spent by this loan, so no later loan takes it again');
    assert.deepEqual(await personalCodes(), [], 'and it is not offered again');
    await waitForStatus(api, me.headers, [26, 34, 33, 4]);
  });
});
