import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { madridToday } from '@credimo/shared/domain';
import { formatWireDate, parseWireDate } from '@credimo/shared/format';
import { addDays } from 'date-fns';
import { sql } from 'kysely';
import { wireDay } from '../src/db/dates.js';
import { clockToday, serviceLoan, settlePaymentRequest } from '../src/servicing/index.js';
import { SERVICING_COMMANDS } from '../src/servicing/operator-commands.js';
import { startTestApi, type TestApi } from './harness.js';
import { customerAt } from './origination-path.js';

let api: TestApi;
// 400 EUR for 30 days: not a free first loan, so commission 400 × 1.00 % × 30 = 120 EUR.
const AMOUNT = 40_000;
const COMMISSION = 12_000;

const ops = (name: string, ...args: string[]) =>
  (SERVICING_COMMANDS[name] as (typeof SERVICING_COMMANDS)[string]).run(args, {
    db: api.database.db,
    config: api.config,
    operator: 'test',
  });

const settle = async (reference: string) =>
  settlePaymentRequest(api.database.db, reference, 'paid', 'test-card', await clockToday(api.database.db));

const ledgerTotal = async () => {
  const { rows } = await sql<{ total: string | null }>`select sum(amount) as total from ledger_postings`.execute(
    api.database.db,
  );
  return Number(rows[0]?.total ?? 0);
};

const loanOf = async (headers: Record<string, string>) => (await api.request('GET', '/v2/loan', { headers })).body;

describe('servicing: repayment, extension, withdrawal and the ageing of a loan', () => {
  before(async () => {
    api = await startTestApi({ workers: true, env: { TRUST_PROXY: 'true' } });
  });
  after(async () => api.close());

  test('an active loan shows what it owes today, its extensions and the withdrawal right', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const loan = await loanOf(me.headers);
    assert.equal(loan.status, 2);
    assert.deepEqual(loan.calculations.today, {
      body: AMOUNT,
      annual_commission: COMMISSION,
      fine: 0,
      all_fines: 0,
      amount: AMOUNT + COMMISSION,
    });
    assert.equal(loan.extendable, true);
    assert.equal(loan.has_pending_payment, false);
    assert.ok(loan.available_extensions.includes(7));
    assert.equal(loan.default_extension_term, 30);
    assert.equal(loan.days.total, 30);
    assert.equal(loan.withdrawal.available, true);
    // Withdrawing on the payout day: the principal and no interest yet.
    assert.equal(loan.withdrawal.amount, AMOUNT);
  });

  test('a partial repayment refuses 0, negative, above today’s total and off-step amounts, each with a message', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    for (const amount of [0, -1000, AMOUNT + COMMISSION + 10, 1005]) {
      const refused = await api.request('POST', '/v2/loan/payment-request/generate', {
        headers: me.headers,
        body: { payment_type: 'partial_repay', amount },
      });
      assert.equal(refused.status, 422, `${amount}: ${JSON.stringify(refused.body)}`);
      assert.equal(refused.body.errors[0].property, 'amount');
      assert.match(refused.body.errors[0].message, /importe/);
    }
    const range = await api.request('GET', '/v2/loan/partial_repay', { headers: me.headers });
    assert.deepEqual([range.body.min, range.body.max, range.body.step], [10, AMOUNT + COMMISSION, 10]);
  });

  test('a payment is applied fines first, then commission, then principal, once however often the callback comes', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const made = await api.request('POST', '/v2/loan/payment-request/generate', {
      headers: me.headers,
      body: { payment_type: 'partial_repay', amount: 15_000 },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const again = await api.request('POST', '/v2/loan/payment-request/generate', {
      headers: me.headers,
      body: { payment_type: 'partial_repay', amount: 15_000 },
    });
    assert.equal(again.status, 200);
    assert.equal(again.body.reference, made.body.reference, 'the same request again is the same request');
    const other = await api.request('POST', '/v2/loan/payment-request/bizum/generate', {
      headers: me.headers,
      body: { payment_type: 'partial_repay', amount: 2_000 },
    });
    assert.equal(other.status, 409, 'a second payment waits for the first');
    assert.equal((await loanOf(me.headers)).has_pending_payment, true);

    const results = await Promise.all(Array.from({ length: 10 }, () => settle(made.body.reference)));
    assert.equal(results.filter((r) => r.applied).length, 1, 'ten callbacks, one payment');
    const postings = await api.database.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('loan_id', '=', me.loanId)
      .where('kind', '=', 'repayment')
      .execute();
    assert.equal(postings.length, 1);
    const loan = await loanOf(me.headers);
    assert.equal(loan.has_pending_payment, false);
    assert.equal(loan.calculations.today.annual_commission, 0, 'commission paid first');
    assert.equal(loan.calculations.today.body, AMOUNT - (15_000 - COMMISSION));
    assert.equal(await ledgerTotal(), 0);
  });

  test('an extension costs its term’s commission, moves the due date and sets Extended 20', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const before = await loanOf(me.headers);
    const offer = await api.request('GET', '/v2/loan/prolong', { headers: me.headers });
    assert.equal(offer.status, 200);
    const details = await api.request('GET', '/v2/loan/prolong_details?term=7', { headers: me.headers });
    // 400 EUR × 1.10 % a day × 7 days.
    assert.equal(details.body.cost, 3_080);
    // The extension's payment_link: the card payment address for that term, without a token.
    const link = new URL(details.body.payment_link);
    assert.equal(`${link.origin}${link.pathname}`, `${api.config.publicUrl}/v2/loan/payment/card`);
    assert.deepEqual(Object.fromEntries(link.searchParams), { payment_type: 'prolongation', term: '7' });
    for (const extension of offer.body.extensions)
      assert.equal(new URL(extension.payment_link).searchParams.get('term'), String(extension.term));
    const commissionCode = await api.request('GET', '/v2/loan/prolong_details?term=7&promocode=CREDIMO10', {
      headers: me.headers,
    });
    assert.equal(commissionCode.status, 422, 'a commission code is not for prolongation');
    assert.equal(commissionCode.body.errors[0].property, 'promocode');

    const activated = await api.request('POST', '/v2/loan/activate_extension', {
      headers: me.headers,
      body: { term: 7 },
    });
    assert.equal(activated.status, 200, JSON.stringify(activated.body));
    assert.equal(activated.body.cost, 3_080);
    await settle(activated.body.reference);
    const loan = await loanOf(me.headers);
    assert.equal(loan.status, 20);
    assert.equal(loan.must_pay_date, details.body.next_pay_date);
    // An extension counts from the due date (not from today) while the loan is not late.
    const sevenDaysAfter = new Date(`${before.must_pay_date}T00:00:00Z`);
    sevenDaysAfter.setUTCDate(sevenDaysAfter.getUTCDate() + 7);
    assert.equal(loan.must_pay_date, sevenDaysAfter.toISOString().slice(0, 10));
    assert.equal(loan.calculations.today.amount, AMOUNT + COMMISSION, 'the debt itself is unchanged');
    assert.equal(await ledgerTotal(), 0);
    // The days left and the term agree after an extension: 30 days plus 7, all of them still to come.
    assert.deepEqual(loan.days, { total: before.days.total + 7, left: before.days.left + 7, late: 0 });
    // The 14-day withdrawal right counts from the payout: an extension does not end it.
    assert.equal(loan.withdrawal?.available, true);
    assert.equal(loan.withdrawal?.until, before.withdrawal?.until);
    // The history shows what was paid: the extension's cost, on Madrid's day, by card.
    const history = await api.request('GET', '/v2/loans', { headers: me.headers });
    assert.deepEqual(history.body[0].payments, [
      { date: madridToday(), method: 'card', payment_type: 'prolongation', amount: 3_080 },
    ]);
  });

  test('an extension on a loan that cannot be extended is refused', async () => {
    const me = await customerAt(api, 'signable', { amount: AMOUNT });
    for (const [method, path, body] of [
      ['GET', '/v2/loan/prolong', undefined],
      ['POST', '/v2/loan/activate_extension', { term: 7 }],
      ['POST', '/v2/loan/payment-request/generate', { payment_type: 'prolongation', term: 7 }],
    ] as const) {
      const refused = await api.request(method, path, { headers: me.headers, ...(body ? { body } : {}) });
      assert.equal(refused.status, 409, `${path}: ${JSON.stringify(refused.body)}`);
      assert.ok(refused.body.errors[0].message);
    }
  });

  test('a customer without a loan reaches no servicing endpoint (404), and no token is 401', async () => {
    const other = await customerAt(api, 'signable', { amount: AMOUNT });
    // Their application is refused by an operator: now they have no open loan.
    await api.database.db.updateTable('loans').set({ status: 4 }).where('id', '=', other.loanId).execute();
    const calls = [
      ['GET', '/v2/loan/partial_repay', undefined],
      ['GET', '/v2/loan/prolong', undefined],
      ['GET', '/v2/loan/prolong_details?term=7', undefined],
      ['POST', '/v2/loan/activate_extension', { term: 7 }],
      ['POST', '/v2/loan/payment-request/generate', { payment_type: 'payoff' }],
      ['POST', '/v2/loan/payment-request/bizum/generate', { payment_type: 'payoff' }],
      ['POST', '/v2/loan/withdrawal', { confirm: true }],
    ] as const;
    for (const [method, path, body] of calls) {
      const answer = await api.request(method, path, { headers: other.headers, ...(body ? { body } : {}) });
      assert.equal(answer.status, 404, `${path}: ${JSON.stringify(answer.body)}`);
      const anonymous = await api.request(method, path, body ? { body } : {});
      assert.equal(anonymous.status, 401, path);
    }
  });

  test('withdrawal within 14 days: principal plus interest to the day is owed, the acknowledgement is stored', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const answer = await api.request('POST', '/v2/loan/withdrawal', { headers: me.headers, body: { confirm: true } });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.amount, AMOUNT);
    assert.match(answer.body.acknowledgement, /desistido/);
    const twice = await api.request('POST', '/v2/loan/withdrawal', { headers: me.headers, body: { confirm: true } });
    assert.deepEqual(twice.body, answer.body, 'a second request shows the first acknowledgement');
    const loan = await loanOf(me.headers);
    assert.equal(loan.calculations.today.amount, AMOUNT);
    assert.equal(loan.withdrawal.acknowledgement, answer.body.acknowledgement);
    assert.equal(loan.extendable, false);
    // Two payoff clicks at once (two tabs): one request, the same for both.
    const [payoff, second] = await Promise.all(
      [1, 2].map(() =>
        api.request('POST', '/v2/loan/payment-request/generate', {
          headers: me.headers,
          body: { payment_type: 'payoff' },
        }),
      ),
    );
    assert.deepEqual([payoff?.status, second?.status].sort(), [200, 201]);
    assert.equal(payoff?.body.reference, second?.body.reference);
    assert.equal(payoff?.body.amount, AMOUNT);
    await settle(payoff?.body.reference);
    const returned = await loanOf(me.headers);
    assert.equal(returned.status, 3);
    // The loan's returned_date: the day the loan was paid back in full.
    assert.equal(returned.returned_date, formatWireDate(await clockToday(api.database.db)));
  });

  test('advance-days ages a loan: Overdue 21 after the due date with late interest per day, once per day; a transfer pays it off', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const loan = await loanOf(me.headers);
    await assert.rejects(
      (SERVICING_COMMANDS['advance-days'] as (typeof SERVICING_COMMANDS)[string]).run(['1'], {
        db: api.database.db,
        config: { ...api.config, providerMode: 'production' },
      }),
      /sandbox mode only/,
    );
    const lines = await ops('advance-days', '33');
    assert.equal(lines.lines.length, 33);
    const late = await loanOf(me.headers);
    assert.equal(late.status, 21);
    assert.equal(late.days.late, 3);
    // 0.10 % of 400 EUR a day for 3 late days.
    assert.equal(late.calculations.today.fine, 120);
    assert.equal(late.withdrawal, null, 'the 14 days are over');
    // The same day's servicing again (a second API process, a retried job) posts nothing more.
    const { runServicingDay } = await import('../src/servicing/index.js');
    await runServicingDay(api.database.db, await clockToday(api.database.db));
    assert.equal((await loanOf(me.headers)).calculations.today.fine, 120);

    const total = late.calculations.today.amount;
    assert.equal(total, AMOUNT + COMMISSION + 120);
    // Two payoffs at once by transfer: one closes the loan, the other is owed back; nothing is paid twice.
    await Promise.all([
      ops('payment-received', loan.public_id, String(total), 'BANK-1'),
      ops('payment-received', loan.public_id, String(total), 'BANK-2'),
    ]);
    const replay = await ops('payment-received', loan.public_id, String(total), 'BANK-1');
    assert.match(replay.lines[0] ?? '', /already applied/);
    const closed = await loanOf(me.headers);
    assert.equal(closed.status, 3);
    assert.equal(closed.calculations.today.amount, 0);
    const balances = await sql<{ code: string; balance: string }>`
      select a.code, sum(p.amount) as balance from ledger_postings p join ledger_accounts a on a.id = p.account_id
      where a.loan_id = ${me.loanId} group by a.code`.execute(api.database.db);
    for (const row of balances.rows) assert.equal(Number(row.balance), 0, `${row.code} is settled, never negative`);
    assert.equal(await ledgerTotal(), 0);
  });

  test('days the servicing did not run are charged when it runs again: each late day once, in order', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const db = api.database.db;
    const { must_pay_date: due } = await db
      .selectFrom('loans')
      .select('must_pay_date')
      .where('id', '=', me.loanId)
      .executeTakeFirstOrThrow();
    const lateDay = (n: number) => addDays(parseWireDate(wireDay(due) ?? '') as Date, n);
    const charged = async () =>
      (
        await db
          .selectFrom('ledger_transactions')
          .select(sql<string>`detail->>'day'`.as('day'))
          .where('loan_id', '=', me.loanId)
          .where('kind', '=', 'late_interest')
          .orderBy('id')
          .execute()
      ).map((row) => row.day);
    const dayOf = (n: number) => formatWireDate(lateDay(n));
    assert.deepEqual(await serviceLoan(db, me.loanId, lateDay(2)), { overdue: true, posted: 80 });
    assert.deepEqual(await charged(), [dayOf(1), dayOf(2)]);
    // Three days without servicing (a stopped queue), then the fifth late day: the missed ones are charged too.
    assert.deepEqual(await serviceLoan(db, me.loanId, lateDay(5)), { overdue: true, posted: 120 });
    assert.deepEqual(await charged(), [1, 2, 3, 4, 5].map(dayOf));
    assert.deepEqual(await serviceLoan(db, me.loanId, lateDay(5)), { overdue: true, posted: 0 });
    assert.deepEqual(await charged(), [1, 2, 3, 4, 5].map(dayOf));
  });

  test('on the due date a loan with a card is auto-debited once, however often the day runs', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const loan = await loanOf(me.headers);
    const calls: string[] = [];
    const charger = {
      async charge(request: { loanId: string; amount: number; key: string }) {
        if (request.loanId !== me.loanId) return null; // only this customer has a card
        calls.push(request.key);
        return { paid: true };
      },
    };
    const { runServicingDay } = await import('../src/servicing/index.js');
    const due = new Date(`${loan.must_pay_date}T12:00:00`);
    await runServicingDay(api.database.db, due, charger);
    await runServicingDay(api.database.db, due, charger);
    assert.equal(calls.length, 1, 'a paid loan is not charged again');
    const paid = await loanOf(me.headers);
    assert.equal(paid.status, 3);
    assert.equal(paid.calculations.today.amount, 0);
    assert.equal(await ledgerTotal(), 0);
  });

  test('collection and sale are operator steps: 23, 24, then presale 28 with the buyer, then Sold 27', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const loan = await loanOf(me.headers);
    await assert.rejects(ops('collection', loan.public_id, 'awaiting-collector'), 'not from Active');
    await ops('advance-days', '31');
    await ops('collection', loan.public_id, 'awaiting-collector');
    await ops('collection', loan.public_id, 'collector-in-progress');
    assert.equal((await loanOf(me.headers)).status, 24);
    await ops(
      'presale',
      loan.public_id,
      'Cobros SA',
      '910000000',
      'info@cobros.es',
      'Cobros SA',
      TEST_BUYER_IBAN,
      'CAIXESBBXXX',
      'CaixaBank',
    );
    assert.equal((await loanOf(me.headers)).status, 28);
    await ops('sell', loan.public_id);
    const sold = await loanOf(me.headers);
    assert.equal(sold.status, 27);
    assert.equal(sold.cession_portfolio.cession_buyer.name, 'Cobros SA');
    assert.ok(sold.cession_portfolio.sold_date);
    assert.equal(sold.calculations.today.amount, 0, 'the debt is now the buyer’s');
    assert.equal(await ledgerTotal(), 0);
  });

  test('a customer in presale may repay, and a full repayment closes the loan (Returned) instead of failing', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const loan = await loanOf(me.headers);
    await ops('advance-days', '31');
    await ops('collection', loan.public_id, 'awaiting-collector');
    await ops(
      'presale',
      loan.public_id,
      'Cobros SA',
      '910000000',
      'info@cobros.es',
      'Cobros SA',
      TEST_BUYER_IBAN,
      'CAIXESBBXXX',
      'CaixaBank',
    );
    assert.equal((await loanOf(me.headers)).status, 28);
    const offer = await api.request('GET', '/v2/loan/partial_repay', { headers: me.headers });
    assert.equal(offer.status, 200, JSON.stringify(offer.body));
    const payoff = await api.request('POST', '/v2/loan/payment-request/generate', {
      headers: me.headers,
      body: { payment_type: 'payoff' },
    });
    assert.equal(payoff.status, 201, JSON.stringify(payoff.body));
    await settle(payoff.body.reference);
    assert.equal((await loanOf(me.headers)).status, 3);
    assert.equal(await ledgerTotal(), 0);
  });
});

const TEST_BUYER_IBAN = 'ES7921000813610123456789';
