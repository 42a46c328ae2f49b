import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LoanStatus } from '@credimo/shared/domain';
import { sql } from 'kysely';
import { openSession } from '../src/identity/sessions.js';
import { confirmedUser } from '../src/identity/users.js';
import { startTestApi, type TestApi } from './harness.js';

let api: TestApi;
let counter = 0;

async function customer() {
  const n = ++counter;
  const userId = await confirmedUser(api.database.db, `6140${String(n).padStart(5, '0')}`);
  const token = await openSession(api.database.db, { userId, kind: 'customer', address: null });
  return { userId, token, headers: { authorization: `Bearer ${token}` } };
}

async function completeProfile(headers: Record<string, string>) {
  const number = 30000000 + counter;
  const personalId = `${number}${'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23]}`;
  const saved = await api.request('PUT', '/v2/user/personal_data_and_address', {
    headers,
    body: {
      first_name: 'Lucía',
      first_surname: 'Martín',
      personal_id: personalId,
      expiry_date: '2031-01-01',
      nationality: 'ES',
      birthday: '1990-05-05',
      gender: 'female',
      registration_address: { postal_code: '28014', region: 'Madrid', city: 'Madrid', street: 'Calle de Alcalá' },
      is_actual_address: true,
    },
  });
  assert.equal(saved.status, 200);
  const more = await api.request('PUT', '/v2/user/additional_data', {
    headers,
    body: { employment_type_id: 4, education: 'university', has_current_loan: false, email: 'lucia@credimo.es' },
  });
  assert.equal(more.status, 200);
}

const poll = (path: string, headers: Record<string, string>, etag?: string | null) =>
  api.request('GET', path, { headers: etag ? { ...headers, 'if-none-match': etag } : headers });

before(async () => {
  api = await startTestApi();
});
after(() => api.close());

describe('conditional polling of GET /v2/user', () => {
  test('answers an ETag, and the same ETag in If-None-Match costs a 304 with no body', async () => {
    const me = await customer();
    const first = await poll('/v2/user', me.headers);
    assert.equal(first.status, 200);
    const etag = first.headers.get('etag');
    assert.match(etag ?? '', /^"[\w-]+"$/);
    const again = await poll('/v2/user', me.headers, etag);
    assert.equal(again.status, 304);
    assert.equal(again.body, null);
    assert.equal(again.headers.get('etag'), etag);
  });

  test('a stale or foreign If-None-Match gets the full answer', async () => {
    const me = await customer();
    const answer = await poll('/v2/user', me.headers, '"not-this-one"');
    assert.equal(answer.status, 200);
    assert.equal(answer.body.id, String(me.userId));
  });

  test('the ETag changes when the profile changes', async () => {
    const me = await customer();
    const before = (await poll('/v2/user', me.headers)).headers.get('etag');
    await completeProfile(me.headers);
    const after = await poll('/v2/user', me.headers, before);
    assert.equal(after.status, 200);
    assert.notEqual(after.headers.get('etag'), before);
    assert.equal(after.body.personal_data.first_name, 'Lucía');
    assert.equal(after.body.permissions.authorization_status, 3);
  });

  test('the ETag changes when a loan is applied for and when its status or amounts change', async () => {
    const me = await customer();
    await completeProfile(me.headers);
    const noLoan = await poll('/v2/user', me.headers);
    assert.deepEqual(noLoan.body.loan_count, { all: 0, active: 0 });
    const applied = await api.request('POST', '/v2/loan', {
      headers: me.headers,
      body: { loan_period: 30, loan_sum: 50000, attempt_reference: `poll-${counter}-abcdef` },
    });
    assert.equal(applied.status, 201);
    const withLoan = await poll('/v2/user', me.headers, noLoan.headers.get('etag'));
    assert.equal(withLoan.status, 200);
    assert.equal(withLoan.body.loan.status, LoanStatus.Request);
    assert.deepEqual(withLoan.body.loan_count, { all: 1, active: 1 });
    assert.equal(withLoan.body.permissions.authorization_status, 2);

    const loanTag = (await poll('/v2/loan', me.headers)).headers.get('etag');
    assert.equal((await poll('/v2/loan', me.headers, loanTag)).status, 304);

    // Whatever changes the loan the customer sees (here its status, then its balance) changes both tags.
    await api.database.db
      .updateTable('loans')
      .set({ status: LoanStatus.Denied })
      .where('user_id', '=', me.userId)
      .execute();
    const denied = await poll('/v2/user', me.headers, withLoan.headers.get('etag'));
    assert.equal(denied.status, 200);
    assert.equal(denied.body.loan.status, LoanStatus.Denied);
    assert.deepEqual(denied.body.loan_count, { all: 1, active: 0 });
    const deniedLoan = await poll('/v2/loan', me.headers, loanTag);
    assert.equal(deniedLoan.status, 200);
    assert.equal(deniedLoan.body.status, LoanStatus.Denied);

    await api.database.db
      .updateTable('loans')
      .set({ return_amount: sql`return_amount + 100` })
      .where('user_id', '=', me.userId)
      .execute();
    const rebalanced = await poll('/v2/loan', me.headers, deniedLoan.headers.get('etag'));
    assert.equal(rebalanced.status, 200);
    assert.equal(rebalanced.body.return_amount, deniedLoan.body.return_amount + 100);
  });

  test('the user carries SPEC section 3 loan_count and the discounts on offer', async () => {
    const me = await customer();
    const { body } = await poll('/v2/user', me.headers);
    assert.deepEqual(body.loan_count, { all: 0, active: 0 });
    assert.ok(body.discounts.some((d: { target: string }) => d.target === 'autodebit_card_added'));
  });
});

describe('nothing cached leaks between customers or outlives a logout', () => {
  test("two customers' tokens never see each other's data or 304s", async () => {
    const ana = await customer();
    const luis = await customer();
    const anas = await poll('/v2/user', ana.headers);
    const luiss = await poll('/v2/user', luis.headers);
    assert.equal(anas.body.id, String(ana.userId));
    assert.equal(luiss.body.id, String(luis.userId));
    assert.notEqual(anas.headers.get('etag'), luiss.headers.get('etag'));
    // Each presenting the other's tag gets their own full answer, never a 304.
    const crossed = await poll('/v2/user', luis.headers, anas.headers.get('etag'));
    assert.equal(crossed.status, 200);
    assert.equal(crossed.body.id, String(luis.userId));
    const crossedBack = await poll('/v2/user', ana.headers, luiss.headers.get('etag'));
    assert.equal(crossedBack.status, 200);
    assert.equal(crossedBack.body.id, String(ana.userId));
    // Two customers without a loan answer the same body to GET /v2/loan, yet their tags differ.
    const anaLoan = await poll('/v2/loan', ana.headers);
    const luisLoan = await poll('/v2/loan', luis.headers, anaLoan.headers.get('etag'));
    assert.equal(anaLoan.body, null);
    assert.equal(luisLoan.status, 200);
    assert.notEqual(luisLoan.headers.get('etag'), anaLoan.headers.get('etag'));
  });

  test('after logout the token gets 401, even with the ETag it was last given', async () => {
    const me = await customer();
    const user = await poll('/v2/user', me.headers);
    const loan = await poll('/v2/loan', me.headers);
    assert.equal((await api.request('POST', '/v2/user/logout', { headers: me.headers, body: {} })).status, 200);
    const afterUser = await poll('/v2/user', me.headers, user.headers.get('etag'));
    assert.equal(afterUser.status, 401);
    assert.equal(afterUser.headers.get('etag'), null);
    const afterLoan = await poll('/v2/loan', me.headers, loan.headers.get('etag'));
    assert.equal(afterLoan.status, 401);
    assert.equal(afterLoan.headers.get('etag'), null);
  });

  test('a new session of the same customer does not reuse the old tags', async () => {
    const me = await customer();
    const old = await poll('/v2/user', me.headers);
    const token = await openSession(api.database.db, { userId: me.userId, kind: 'customer', address: null });
    const fresh = await poll('/v2/user', { authorization: `Bearer ${token}` }, old.headers.get('etag'));
    assert.equal(fresh.status, 200);
  });

  test('no token, or an unknown one, is a 401 with the SPEC error shape', async () => {
    const none = await api.request('GET', '/v2/user');
    assert.equal(none.status, 401);
    assert.ok(Array.isArray(none.body.errors));
    const unknown = await poll('/v2/user', { authorization: 'Bearer nope' }, '*');
    assert.equal(unknown.status, 401);
  });
});

describe('GET /v2/user reads its session in the same statement', () => {
  test('an idle session is touched (last_seen_at moves) by the poll itself', async () => {
    const me = await customer();
    await api.database.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '2 days'` })
      .where('user_id', '=', me.userId)
      .execute();
    assert.equal((await poll('/v2/user', me.headers)).status, 200);
    const row = await api.database.db
      .selectFrom('sessions')
      .select(sql<boolean>`last_seen_at > now() - interval '1 minute'`.as('fresh'))
      .where('user_id', '=', me.userId)
      .executeTakeFirstOrThrow();
    assert.equal(row.fresh, true);
  });

  test('a session idle past its limit is refused', async () => {
    const me = await customer();
    await api.database.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '15 days'` })
      .where('user_id', '=', me.userId)
      .execute();
    assert.equal((await poll('/v2/user', me.headers)).status, 401);
  });
});
