import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expandPrices } from '@credimo/shared/contract';
import { LoanStatus } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import { openSession } from '../src/identity/sessions.js';
import { confirmedUser } from '../src/identity/users.js';
import { startTestApi, type TestApi } from './harness.js';

let api: TestApi;
let counter = 0;

/** A customer who has finished the profile steps (personal data, addresses, additional information). */
async function registeredCustomer(kind: 'customer' | 'agent' | 'admin' = 'customer') {
  const n = ++counter;
  const phone = `6130${String(n).padStart(5, '0')}`;
  const userId = await confirmedUser(api.database.db, phone);
  const token = await openSession(api.database.db, { userId, kind: 'customer', address: null });
  const headers = { authorization: `Bearer ${token}` };
  // DNI numbers with their control letter, one per customer.
  const number = 20000000 + n;
  const personalId = `${number}${'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23]}`;
  await api.request('PUT', '/v2/user/personal_data_and_address', {
    headers,
    body: {
      first_name: 'Ana',
      first_surname: 'García',
      personal_id: personalId,
      expiry_date: '2031-01-01',
      nationality: 'ES',
      birthday: '1990-05-05',
      gender: 'female',
      registration_address: { postal_code: '28014', region: 'Madrid', city: 'Madrid', street: 'Calle de Alcalá' },
      is_actual_address: true,
    },
  });
  const saved = await api.request('PUT', '/v2/user/additional_data', {
    headers,
    body: {
      employment_type_id: 4,
      education: 'university',
      has_current_loan: false,
      email: 'ana@credimo.es',
      contact_type: 56,
      contact_phone_number: '634567812',
    },
  });
  assert.equal(saved.status, 200);
  if (kind !== 'customer') {
    const other = await openSession(api.database.db, { userId, kind, actor: 'operator', address: null });
    return { userId, phone, headers: { authorization: `Bearer ${other}` } };
  }
  return { userId, phone, headers };
}

const apply = (headers: Record<string, string>, body: Record<string, unknown>) =>
  api.request('POST', '/v2/loan', { headers, body: { attempt_reference: `ref-${++counter}-abcdef`, ...body } });

before(async () => {
  api = await startTestApi();
});
after(() => api.close());

describe('POST /v2/loan: applying', () => {
  test('creates an application in status Request with the price computed by the API, in cents', async () => {
    const me = await registeredCustomer();
    const { status, body } = await apply(me.headers, { loan_period: 30, loan_sum: 50000 });
    assert.equal(status, 201);
    assert.equal(body.status, LoanStatus.Request);
    assert.equal(body.request_amount, 50000);
    assert.equal(body.days.total, 30);
    assert.equal(body.return_amount, body.request_amount + body.commission);
    assert.ok(body.commission > 0, 'a 500 EUR loan is above the free first-loan limit');
    assert.match(body.public_id, /^CR\d{6}$/);
    const prices = expandPrices((await api.request('GET', '/v2/products/1/prices')).body);
    assert.deepEqual(
      { total: body.commission, tae: body.tae },
      { total: prices['30']?.['50000']?.commissions.total, tae: prices['30']?.['50000']?.tae },
    );
  });

  test('a first loan up to 300 EUR is free and is created without the promo code', async () => {
    const me = await registeredCustomer();
    const { status, body } = await apply(me.headers, { loan_period: 15, loan_sum: 30000, promocode: 'CREDIMO10' });
    assert.equal(status, 201);
    assert.equal(body.is_free, true);
    assert.equal(body.commission, 0);
    assert.equal(body.promocode, null);
    assert.equal(body.tae, 0);
  });

  test('a valid promo code lowers the commission and is used once', async () => {
    const me = await registeredCustomer();
    const before = await api.database.db
      .selectFrom('promo_codes')
      .select('used_count')
      .where('code', '=', 'CREDIMO10')
      .executeTakeFirstOrThrow();
    const { body } = await apply(me.headers, { loan_period: 30, loan_sum: 50000, promocode: ' credimo10 ' });
    assert.equal(body.promocode, 'CREDIMO10');
    const prices = expandPrices((await api.request('GET', '/v2/products/1/prices?discount=CREDIMO10')).body);
    assert.equal(body.commission, prices['30']?.['50000']?.commissions.total);
    const afterUse = await api.database.db
      .selectFrom('promo_codes')
      .select('used_count')
      .where('code', '=', 'CREDIMO10')
      .executeTakeFirstOrThrow();
    assert.equal(afterUse.used_count, before.used_count + 1);
  });

  test('an unknown promo code is refused on its field and nothing is stored', async () => {
    const me = await registeredCustomer();
    const { status, body } = await apply(me.headers, { loan_period: 30, loan_sum: 50000, promocode: 'NOPE' });
    assert.equal(status, 422);
    assert.deepEqual(body.errors, [{ message: messages.promoCodeNotFound, property: 'promocode' }]);
    assert.equal((await api.request('GET', '/v2/loan', { headers: me.headers })).body, null);
  });

  test('a term or amount outside the price options is refused on its field', async () => {
    const me = await registeredCustomer();
    const amount = await apply(me.headers, { loan_period: 30, loan_sum: 50050 });
    assert.equal(amount.status, 422);
    assert.deepEqual(amount.body.errors, [{ message: messages.adjustValues, property: 'loan_sum' }]);
    const term = await apply(me.headers, { loan_period: 31, loan_sum: 50000 });
    assert.deepEqual(term.body.errors, [{ message: messages.adjustValues, property: 'loan_period' }]);
  });

  test('the same attempt reference returns the same application (a retried submit moves nothing twice)', async () => {
    const me = await registeredCustomer();
    const body = { loan_period: 20, loan_sum: 40000, attempt_reference: 'session-1234-attempt-1' };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => api.request('POST', '/v2/loan', { headers: me.headers, body })),
    );
    const ids = new Set(results.map((r) => r.body.id));
    assert.equal(ids.size, 1);
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 200, 200, 200, 201]);
    const count = await api.database.db
      .selectFrom('loans')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', me.userId)
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 1);
  });

  test('a second application while one is open is refused, even from two tabs at once', async () => {
    const me = await registeredCustomer();
    const results = await Promise.all([
      apply(me.headers, { loan_period: 30, loan_sum: 50000 }),
      apply(me.headers, { loan_period: 10, loan_sum: 20000 }),
    ]);
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 409]);
    const refused = results.find((r) => r.status === 409);
    assert.deepEqual(refused?.body.errors, [{ message: messages.loanAlreadyOpen, property: 'request' }]);
  });

  test('an unfinished profile cannot apply', async () => {
    const userId = await confirmedUser(api.database.db, '613999999');
    const token = await openSession(api.database.db, { userId, kind: 'customer', address: null });
    const { status, body } = await apply({ authorization: `Bearer ${token}` }, { loan_period: 30, loan_sum: 50000 });
    assert.equal(status, 422);
    assert.equal(body.errors[0].message, messages.profileIncomplete);
  });

  test('signed out answers 401; an admin impersonating cannot apply; an agent assisting can', async () => {
    assert.equal((await apply({}, { loan_period: 30, loan_sum: 50000 })).status, 401);
    const admin = await registeredCustomer('admin');
    assert.equal((await apply(admin.headers, { loan_period: 30, loan_sum: 50000 })).status, 403);
    const agent = await registeredCustomer('agent');
    assert.equal((await apply(agent.headers, { loan_period: 30, loan_sum: 50000 })).status, 201);
  });

  test('an IBAN given with the application is checked as PUT /v2/user/issue_method checks it, and stored without spaces', async () => {
    const me = await registeredCustomer();
    for (const iban of ['ES00 1234', 'ES9121000418450200051333', 'DE89370400440532013000']) {
      const refused = await apply(me.headers, { loan_period: 30, loan_sum: 50000, method_of_disbursement: 1, iban });
      assert.equal(refused.status, 422, iban);
      assert.deepEqual(refused.body.errors, [{ message: messages.incorrectNumberIban, property: 'iban' }], iban);
    }
    assert.equal((await api.request('GET', '/v2/loans', { headers: me.headers })).body.length, 0, 'nothing stored');
    const created = await apply(me.headers, {
      loan_period: 30,
      loan_sum: 50000,
      method_of_disbursement: 1,
      iban: 'es91 2100 0418 4502 0005 1332',
    });
    assert.equal(created.status, 201);
    const row = await api.database.db
      .selectFrom('loans')
      .select('iban')
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.iban, 'ES9121000418450200051332');
    // The same rule refuses the same IBAN at the issue-method step.
    const step = await api.request('PUT', '/v2/user/issue_method', {
      headers: me.headers,
      body: { method_of_disbursement: 1, iban: 'ES00 1234' },
    });
    assert.equal(step.status, 422);
    assert.deepEqual(step.body.errors, [{ message: messages.incorrectNumberIban, property: 'iban' }]);
    // Personal_data.bank_account is the IBAN the customer gave.
    const user = await api.request('GET', '/v2/user', { headers: me.headers });
    assert.equal(user.body.personal_data.bank_account, 'ES9121000418450200051332');
  });

  test('an application without an IBAN (a new one to be given later) is taken; bank_account stays null', async () => {
    const me = await registeredCustomer();
    const created = await apply(me.headers, { loan_period: 30, loan_sum: 50000, method_of_disbursement: 1, iban: '' });
    assert.equal(created.status, 201);
    const user = await api.request('GET', '/v2/user', { headers: me.headers });
    assert.equal(user.body.personal_data.bank_account, null);
  });

  test('a blacklisted customer is refused', async () => {
    const me = await registeredCustomer();
    await api.database.db.updateTable('users').set({ is_blacklisted: true }).where('id', '=', me.userId).execute();
    const { status, body } = await apply(me.headers, { loan_period: 30, loan_sum: 50000 });
    assert.equal(status, 403);
    assert.equal(body.errors[0].message, messages.applicationRefused);
  });
});

describe('the application on the user', () => {
  test('GET /v2/user carries the loan and authorization status 2 while it is open, 3 before and once closed', async () => {
    const me = await registeredCustomer();
    assert.equal(
      (await api.request('GET', '/v2/user', { headers: me.headers })).body.permissions.authorization_status,
      3,
    );
    const created = await apply(me.headers, { loan_period: 30, loan_sum: 50000 });
    const open = await api.request('GET', '/v2/user', { headers: me.headers });
    assert.equal(open.body.permissions.authorization_status, 2);
    assert.equal(open.body.loan.id, created.body.id);
    assert.equal(open.body.loan.status_text, 'Solicitud en estudio');
    assert.deepEqual((await api.request('GET', '/v2/loan', { headers: me.headers })).body, open.body.loan);

    await api.database.db
      .updateTable('loans')
      .set({ status: LoanStatus.Denied })
      .where('id', '=', created.body.id)
      .execute();
    const closed = await api.request('GET', '/v2/user', { headers: me.headers });
    assert.equal(closed.body.permissions.authorization_status, 3);
    assert.equal(closed.body.loan.status, LoanStatus.Denied);
    assert.equal(closed.body.loan.status_type, 'error');
    // A refused application does not spend the free first loan, and the customer may apply again.
    const again = await apply(me.headers, { loan_period: 15, loan_sum: 30000 });
    assert.equal(again.status, 201);
    assert.equal(again.body.is_free, true);
    const history = await api.request('GET', '/v2/loans', { headers: me.headers });
    assert.deepEqual(
      history.body.map((l: { id: string }) => l.id),
      [again.body.id, created.body.id],
    );
  });
});

describe('the loan create payload has a variant naming sum and terms', () => {
  test('sum and terms are accepted as the amount in cents and the term in days', async () => {
    const { headers } = await registeredCustomer();
    const applied = await apply(headers, { sum: 40000, terms: 20 });
    assert.equal(applied.status, 201, JSON.stringify(applied.body));
    assert.equal(applied.body.request_amount, 40000);
    assert.equal(applied.body.days.total, 20);
  });

  test('with neither naming the amount is required, on loan_sum', async () => {
    const { headers } = await registeredCustomer();
    const applied = await apply(headers, { terms: 20 });
    assert.equal(applied.status, 422);
    assert.deepEqual(applied.body.errors, [{ message: messages.fieldRequired, property: 'loan_sum' }]);
  });
});
