import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addWireDays, DEFAULT_FORBEARANCE_RULES, planQuote, wireDaysBetween } from '@credimo/shared/domain';
import { formatWireDate } from '@credimo/shared/format';
import { sql } from 'kysely';
import { customerPage } from '../src/console/views.js';
import { lateInterestOfDay } from '../src/domain/servicing-rules.js';
import { clockToday, settlePaymentRequest } from '../src/servicing/index.js';
import { SERVICING_COMMANDS } from '../src/servicing/operator-commands.js';
import { customerFile } from '../src/staff/customers.js';
import { startTestApi, type TestApi } from './harness.js';
import { customerAt } from './origination-path.js';

let api: TestApi;
// 400 EUR for 30 days: commission 400 × 1.00 % × 30 = 120 EUR; late interest 0.10 % a day (40 cents).
const AMOUNT = 40_000;
const COMMISSION = 12_000;
const LATE_A_DAY = 40;

// A long advance leaves the kept-alive socket idle past the server's keep-alive timeout, and the next call may find it
// closed: that call is sent once more (the writes here are idempotent by key, so a second sending changes nothing).
const request: TestApi['request'] = (method, path, init) =>
  api.request(method, path, init).catch((error: unknown) => {
    if (error instanceof TypeError) return api.request(method, path, init);
    throw error;
  });

const ops = (name: string, ...args: string[]) =>
  (SERVICING_COMMANDS[name] as (typeof SERVICING_COMMANDS)[string]).run(args, {
    db: api.database.db,
    config: api.config,
    operator: 'test',
  });
const today = async () => formatWireDate(await clockToday(api.database.db));
/** Moves the shared test clock until `day` (each day serviced, as in life). */
const advanceTo = async (day: string) => {
  const days = wireDaysBetween(await today(), day);
  if (days > 0) await ops('advance-days', String(days));
};
const settle = async (reference: string) =>
  settlePaymentRequest(api.database.db, reference, 'paid', 'test-card', await clockToday(api.database.db));
const loanOf = async (headers: Record<string, string>) => (await request('GET', '/v2/loan', { headers })).body;
const offerOf = async (headers: Record<string, string>) =>
  (await request('GET', '/v2/loan/forbearance', { headers })).body;
const ledgerTotal = async () => {
  const { rows } = await sql<{ total: string | null }>`select sum(amount) as total from ledger_postings`.execute(
    api.database.db,
  );
  return Number(rows[0]?.total ?? 0);
};
/** An operator changes one of product 1's forbearance rules (`npm run ops -- forbearance-rule 1 <rule> <value>`). */
const setRule = (rule: string, value: number) => ops('forbearance-rule', '1', rule, String(value));
const pay = async (headers: Record<string, string>, amount: number, total: number) => {
  const made = await request('POST', '/v2/loan/payment-request/generate', {
    headers,
    body: amount === total ? { payment_type: 'payoff' } : { payment_type: 'partial_repay', amount },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  await settle(made.body.reference);
};

describe('forbearance before collection: the due-date change, the instalment plan and the extensions’ guardrail', () => {
  const startApi = () => startTestApi({ workers: true, env: { TRUST_PROXY: 'true' } });
  // Every day the clock moves services every loan of the database, and the earlier tests leave theirs late: a test
  // that moves the clock by months starts on a database of its own, so it pays for its own loan's days only.
  const onItsOwnDatabase = async () => {
    await api.close();
    api = await startApi();
  };
  before(async () => {
    api = await startApi();
  });
  after(async () => api.close());

  test('the due date moves once by 1 to N days, for the fee band’s price of those days, added to the debt', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const loan = await loanOf(me.headers);
    const offer = await offerOf(me.headers);
    assert.equal(offer.due_date_change.refusal, null);
    assert.deepEqual(
      offer.due_date_change.options.map((o: { days: number }) => o.days),
      Array.from({ length: DEFAULT_FORBEARANCE_RULES.dueDateChangeMaxDays }, (_, i) => i + 1),
    );
    // 400 EUR × 1.10 % a day (the band of terms up to 15 days) × 7 days, as the calculator prices 7 days.
    const seven = offer.due_date_change.options.find((o: { days: number }) => o.days === 7);
    assert.deepEqual(seven, { days: 7, next_pay_date: addWireDays(loan.must_pay_date, 7), cost: 3_080 });
    // 20 days is priced with the band of terms up to 30 days (1.00 %) but is beyond N.
    const tooMany = await request('POST', '/v2/loan/due_date_change', {
      headers: me.headers,
      body: { days: 16, idempotency_key: 'too-many-days' },
    });
    assert.equal(tooMany.status, 422);
    assert.equal(tooMany.body.errors[0].property, 'days');
    assert.equal(tooMany.body.errors[0].message, 'Elige entre 1 y 15 días.');

    const moved = await request('POST', '/v2/loan/due_date_change', {
      headers: me.headers,
      body: { days: 7, idempotency_key: 'move-seven-days' },
    });
    assert.equal(moved.status, 201, JSON.stringify(moved.body));
    assert.deepEqual(moved.body, {
      days: 7,
      cost: 3_080,
      previous_pay_date: loan.must_pay_date,
      next_pay_date: seven.next_pay_date,
    });
    const again = await request('POST', '/v2/loan/due_date_change', {
      headers: me.headers,
      body: { days: 7, idempotency_key: 'move-seven-days' },
    });
    assert.equal(again.status, 200, 'the same key is the same change');
    assert.deepEqual(again.body, moved.body);
    const otherDays = await request('POST', '/v2/loan/due_date_change', {
      headers: me.headers,
      body: { days: 3, idempotency_key: 'move-seven-days' },
    });
    assert.equal(otherDays.status, 409, 'a used key with other figures');
    const second = await request('POST', '/v2/loan/due_date_change', {
      headers: me.headers,
      body: { days: 3, idempotency_key: 'move-three-more' },
    });
    assert.equal(second.status, 409, 'once per loan');
    assert.match(second.body.errors[0].message, /ya no se puede cambiar/);

    const after = await loanOf(me.headers);
    assert.equal(after.must_pay_date, seven.next_pay_date);
    assert.equal(after.calculations.today.amount, AMOUNT + COMMISSION + 3_080, 'the price is owed with the loan');
    const entries = await api.database.db
      .selectFrom('ledger_transactions')
      .select(['kind', 'detail'])
      .where('loan_id', '=', me.loanId)
      .where('kind', '=', 'due_date_change')
      .execute();
    assert.equal(entries.length, 1);
    assert.equal((await offerOf(me.headers)).due_date_change.refusal, 'alreadyChanged');
    assert.deepEqual((await offerOf(me.headers)).due_date_change.done, moved.body);
    const audited = await api.database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'loan due date changed')
      .where(sql<string>`detail->>'loan'`, '=', me.loanId)
      .execute();
    assert.equal(audited.length, 1);
    // Staff see the change on the console's loan page.
    const owner = await api.database.db
      .selectFrom('loans')
      .select('user_id')
      .where('id', '=', me.loanId)
      .executeTakeFirstOrThrow();
    const file = await customerFile(api.database.db, String(owner.user_id));
    assert.ok(file);
    const page = customerPage({ sessionId: 's', staffId: '1', username: 'ana', role: 'agent' }, file);
    assert.match(page, /Cambio de fecha de pago/);
    assert.ok(page.includes(`7 días: del ${loan.must_pay_date} al ${seven.next_pay_date}`), 'the dates of the change');
    assert.equal(await ledgerTotal(), 0);
  });

  test('a loan more than M days late can no longer move its due date, until an operator changes M', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const loan = await loanOf(me.headers);
    await advanceTo(addWireDays(loan.must_pay_date, DEFAULT_FORBEARANCE_RULES.dueDateChangeMaxLateDays + 1));
    const late = await offerOf(me.headers);
    assert.equal(late.due_date_change.refusal, 'tooLate');
    const refused = await request('POST', '/v2/loan/due_date_change', {
      headers: me.headers,
      body: { days: 10, idempotency_key: 'too-late-to-move' },
    });
    assert.equal(refused.status, 409);
    await setRule('due_date_change_max_late_days', 10);
    try {
      const offer = await offerOf(me.headers);
      assert.equal(offer.due_date_change.refusal, null);
      assert.equal(offer.due_date_change.options[0].days, 7, 'only days that land after today');
      const moved = await request('POST', '/v2/loan/due_date_change', {
        headers: me.headers,
        body: { days: 10, idempotency_key: 'late-but-allowed' },
      });
      assert.equal(moved.status, 201, JSON.stringify(moved.body));
      const after = await loanOf(me.headers);
      assert.equal(after.status, 20, 'no longer late');
      assert.equal(after.must_pay_date, addWireDays(loan.must_pay_date, 10));
    } finally {
      await setRule('due_date_change_max_late_days', DEFAULT_FORBEARANCE_RULES.dueDateChangeMaxLateDays);
    }
  });

  test('a late loan becomes an instalment plan: its dates, amounts, TAE and total from the shared rule, in the ledger', async () => {
    await onItsOwnDatabase();
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const loan = await loanOf(me.headers);
    const early = await offerOf(me.headers);
    assert.equal(early.instalment_plan.refusal, 'notDueSoon');
    const tooEarly = await request('POST', '/v2/loan/instalment_plan', {
      headers: me.headers,
      body: { instalments: 3, idempotency_key: 'plan-too-early' },
    });
    assert.equal(tooEarly.status, 409);

    await advanceTo(addWireDays(loan.must_pay_date, 2));
    const late = await loanOf(me.headers);
    assert.equal(late.status, 21);
    const owed = late.calculations.today;
    assert.equal(owed.fine, 2 * LATE_A_DAY);
    const offer = await offerOf(me.headers);
    assert.equal(offer.instalment_plan.refusal, null);
    assert.deepEqual(offer.instalment_plan.counts, [2, 3, 4]);
    for (const [index, count] of [2, 3, 4].entries()) {
      const quote = offer.instalment_plan.options[index];
      assert.deepEqual(
        quote,
        planQuote(offer.today, count, { principal: owed.body, total: owed.amount }, DEFAULT_FORBEARANCE_RULES),
      );
      // 3 % of the principal for each month, added to what is owed today.
      assert.equal(quote.cost, AMOUNT * 0.03 * count);
      assert.equal(quote.pay_now, owed.amount);
      assert.equal(
        quote.instalments.reduce((sum: number, i: { amount: number }) => sum + i.amount, 0),
        quote.total,
      );
      assert.ok(quote.tae > 0);
    }
    const badCount = await request('POST', '/v2/loan/instalment_plan', {
      headers: me.headers,
      body: { instalments: 5, idempotency_key: 'five-instalments' },
    });
    assert.equal(badCount.status, 422);
    assert.equal(badCount.body.errors[0].property, 'instalments');
    assert.equal(badCount.body.errors[0].message, 'Elige entre 2 y 4 cuotas.');

    const three = offer.instalment_plan.options[1];
    const agreed = await request('POST', '/v2/loan/instalment_plan', {
      headers: me.headers,
      body: { instalments: 3, idempotency_key: 'plan-of-three' },
    });
    assert.equal(agreed.status, 201, JSON.stringify(agreed.body));
    assert.equal(agreed.body.status, 'active');
    assert.equal(agreed.body.total, three.total);
    assert.equal(agreed.body.tae, three.tae);
    assert.deepEqual(
      agreed.body.instalments.map((i: { date: string; amount: number; state: string }) => [i.date, i.amount, i.state]),
      three.instalments.map((i: { date: string; amount: number }) => [i.date, i.amount, 'due']),
    );
    const replay = await request('POST', '/v2/loan/instalment_plan', {
      headers: me.headers,
      body: { instalments: 3, idempotency_key: 'plan-of-three' },
    });
    assert.equal(replay.status, 200);
    assert.deepEqual(replay.body, agreed.body);
    const reused = await request('POST', '/v2/loan/instalment_plan', {
      headers: me.headers,
      body: { instalments: 2, idempotency_key: 'plan-of-three' },
    });
    assert.equal(reused.status, 409);
    const another = await request('POST', '/v2/loan/instalment_plan', {
      headers: me.headers,
      body: { instalments: 2, idempotency_key: 'plan-of-two' },
    });
    assert.equal(another.status, 409, 'one plan per loan');

    const planned = await loanOf(me.headers);
    assert.equal(planned.status, 20, 'no longer late');
    assert.equal(planned.must_pay_date, three.instalments[2].date);
    assert.equal(planned.calculations.today.amount, three.total);
    const entry = await api.database.db
      .selectFrom('ledger_transactions')
      .select('detail')
      .where('loan_id', '=', me.loanId)
      .where('kind', '=', 'instalment_plan')
      .executeTakeFirstOrThrow();
    assert.deepEqual((entry.detail as { instalments: unknown }).instalments, three.instalments);
    assert.equal(await ledgerTotal(), 0);

    // The first instalment paid on its date: it shows paid; no late interest while the plan holds.
    await advanceTo(three.instalments[0].date);
    await pay(me.headers, three.instalments[0].amount, three.total);
    let plan = (await offerOf(me.headers)).instalment_plan.plan;
    assert.deepEqual(
      plan.instalments.map((i: { state: string }) => i.state),
      ['paid', 'due', 'due'],
    );
    assert.equal(plan.next.number, 2);

    // The second one missed: late during the grace days (still no late interest), then the plan breaks and the rest
    // is due and late, with late interest from the day after.
    const second = three.instalments[1];
    await advanceTo(addWireDays(second.date, DEFAULT_FORBEARANCE_RULES.planGraceDays));
    plan = (await offerOf(me.headers)).instalment_plan.plan;
    assert.equal(plan.instalments[1].state, 'late');
    assert.equal((await loanOf(me.headers)).calculations.today.fine, 0);
    await advanceTo(addWireDays(second.date, DEFAULT_FORBEARANCE_RULES.planGraceDays + 2));
    const broken = await loanOf(me.headers);
    assert.equal(broken.status, 21);
    plan = (await offerOf(me.headers)).instalment_plan.plan;
    assert.equal(plan.status, 'broken');
    assert.equal(plan.broken_on, addWireDays(second.date, DEFAULT_FORBEARANCE_RULES.planGraceDays));
    // The late rate on the principal still owed (the paid instalment repaid some of it).
    assert.equal(broken.calculations.today.fine, 2 * lateInterestOfDay(broken.calculations.today.body, 10));
    assert.equal(await ledgerTotal(), 0);
  });

  test('a plan paid instalment by instalment pays the loan off', async () => {
    await onItsOwnDatabase();
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    const loan = await loanOf(me.headers);
    // About to be late: within the configured days before the due date.
    await advanceTo(addWireDays(loan.must_pay_date, -DEFAULT_FORBEARANCE_RULES.planDaysBeforeDue));
    const agreed = await request('POST', '/v2/loan/instalment_plan', {
      headers: me.headers,
      body: { instalments: 2, idempotency_key: 'plan-of-two-paid' },
    });
    assert.equal(agreed.status, 201, JSON.stringify(agreed.body));
    assert.equal((await loanOf(me.headers)).status, 2, 'a loan not late keeps its status');
    const [first, last] = agreed.body.instalments;
    await pay(me.headers, first.amount, agreed.body.total);
    await advanceTo(last.date);
    await pay(me.headers, last.amount, last.amount);
    const paid = await loanOf(me.headers);
    assert.equal(paid.status, 3);
    const history = await request('GET', '/v2/loans', { headers: me.headers });
    assert.deepEqual(
      history.body[0].payments.map((p: { amount: number }) => p.amount),
      [first.amount, last.amount],
    );
    assert.equal(await ledgerTotal(), 0);
  });

  test('before each extension the guardrail shows what was paid and borrowed; after 3 the plan is offered instead', async () => {
    const me = await customerAt(api, 'active', { amount: AMOUNT });
    let paidInExtensions = 0;
    for (let n = 0; n < DEFAULT_FORBEARANCE_RULES.maxExtensions; n++) {
      const offer = (await request('GET', '/v2/loan/prolong', { headers: me.headers })).body;
      assert.deepEqual(offer.guardrail, {
        extensions: n,
        max_extensions: 3,
        paid_in_extensions: paidInExtensions,
        borrowed: AMOUNT,
        paid_so_far: paidInExtensions,
        allowed: true,
      });
      const details = (await request('GET', '/v2/loan/prolong_details?term=7', { headers: me.headers })).body;
      assert.equal(details.cost, 3_080);
      assert.equal(details.total_paid, paidInExtensions + 3_080 + AMOUNT + COMMISSION);
      const activated = await request('POST', '/v2/loan/activate_extension', {
        headers: me.headers,
        body: { term: 7 },
      });
      assert.equal(activated.status, 200, JSON.stringify(activated.body));
      await settle(activated.body.reference);
      paidInExtensions += 3_080;
    }
    const usedUp = (await request('GET', '/v2/loan/prolong', { headers: me.headers })).body;
    assert.deepEqual(usedUp.extensions, []);
    assert.equal(usedUp.guardrail.allowed, false);
    assert.equal(usedUp.guardrail.paid_in_extensions, 3 * 3_080);
    const refused = await request('POST', '/v2/loan/activate_extension', {
      headers: me.headers,
      body: { term: 7 },
    });
    assert.equal(refused.status, 409);
    assert.equal(
      refused.body.errors[0].message,
      'Ya has prorrogado este préstamo 3 veces. Te ofrecemos un plan de pagos en su lugar.',
    );
    // The plan is offered although the loan is not about to be late.
    const offer = await offerOf(me.headers);
    assert.equal(offer.instalment_plan.refusal, null);
    assert.equal(offer.instalment_plan.options.length, 3);

    await setRule('max_extensions', 4);
    try {
      const more = (await request('GET', '/v2/loan/prolong', { headers: me.headers })).body;
      assert.equal(more.guardrail.allowed, true);
      assert.ok(more.extensions.length > 0);
    } finally {
      await setRule('max_extensions', DEFAULT_FORBEARANCE_RULES.maxExtensions);
    }
  });

  test('an operator changes a rule by command; an unknown rule or a value out of its range is refused and changes nothing', async () => {
    const shown = await ops('forbearance-rule', '1');
    assert.ok(shown.lines.includes(`dueDateChangeMaxDays ${DEFAULT_FORBEARANCE_RULES.dueDateChangeMaxDays}`));
    const changed = await ops('forbearance-rule', '1', 'plan_grace_days', '7');
    assert.ok(changed.lines.includes('planGraceDays 7'));
    assert.equal(changed.subject, 'product:1');
    for (const [rule, value, problem] of [
      ['plan_grace_days', '-1', /from 0 to 60/],
      ['plan_grace_days', '2.5', /whole number/],
      ['plan_grace_days', '', /whole number/],
      ['due_date_change_max_days', '0', /from 1 to 60/],
      ['plan_min_instalments', '5', /at most plan_max_instalments \(4\)/],
      ['interest', '3', /unknown rule interest/],
    ] as const) {
      await assert.rejects(ops('forbearance-rule', '1', rule, value), problem, `${rule} ${value}`);
    }
    await assert.rejects(ops('forbearance-rule', '99', 'plan_grace_days', '3'), /no product 99/);
    const after = await ops('forbearance-rule', '1');
    assert.ok(after.lines.includes('planGraceDays 7'), 'nothing refused changed a rule');
    assert.ok(after.lines.includes(`planMinInstalments ${DEFAULT_FORBEARANCE_RULES.planMinInstalments}`));
    await setRule('plan_grace_days', DEFAULT_FORBEARANCE_RULES.planGraceDays);
  });

  test('another customer, no loan or a bad body get a 4xx in the error shape', async () => {
    const me = await customerAt(api, 'registered');
    const none = await request('GET', '/v2/loan/forbearance', { headers: me.headers });
    assert.equal(none.status, 404);
    const badKey = await request('POST', '/v2/loan/instalment_plan', {
      headers: me.headers,
      body: { instalments: 2, idempotency_key: 'x' },
    });
    assert.equal(badKey.status, 422);
    const anonymous = await request('GET', '/v2/loan/forbearance', {});
    assert.equal(anonymous.status, 401);
  });
});
