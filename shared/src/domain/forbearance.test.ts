import { singlePaymentApr } from './apr';
import {
  addWireMonths,
  dueDateChangeDays,
  dueDateChangeQuote,
  dueDateChangeRefusal,
  extensionGuardrail,
  type LoanPosition,
  planCounts,
  planProgress,
  planQuote,
  planRefusal,
  DEFAULT_FORBEARANCE_RULES as rules,
  totalAfterExtension,
  wireDaysBetween,
} from './forbearance';
import { LoanStatus } from './loan-status';

const loan = (over: Partial<LoanPosition> = {}): LoanPosition => ({
  status: LoanStatus.Active,
  dueDate: '2026-03-10',
  today: '2026-03-01',
  extensions: 0,
  dueDateChanged: false,
  hasPlan: false,
  hasPendingPayment: false,
  ...over,
});

describe('calendar of the plan', () => {
  test('a month on keeps the day, or the month’s last day', () => {
    expect(addWireMonths('2026-01-15', 1)).toBe('2026-02-15');
    expect(addWireMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addWireMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addWireMonths('2026-11-30', 3)).toBe('2027-02-28');
  });
  test('days between wire dates cross summer time whole', () => {
    expect(wireDaysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(wireDaysBetween('2026-03-30', '2026-03-28')).toBe(-2);
  });
});

describe('changing the due date', () => {
  test('once per loan, at most M days late, never with a plan or in collection', () => {
    expect(dueDateChangeRefusal(loan(), rules)).toBeNull();
    expect(dueDateChangeRefusal(loan({ dueDateChanged: true }), rules)).toBe('alreadyChanged');
    expect(dueDateChangeRefusal(loan({ hasPlan: true }), rules)).toBe('hasPlan');
    expect(dueDateChangeRefusal(loan({ hasPendingPayment: true }), rules)).toBe('pendingPayment');
    expect(dueDateChangeRefusal(loan({ status: LoanStatus.AwaitingCollector }), rules)).toBe('notInService');
    const late = (days: number) =>
      loan({
        status: LoanStatus.Overdue,
        dueDate: '2026-03-01',
        today: `2026-03-${String(1 + days).padStart(2, '0')}`,
      });
    expect(dueDateChangeRefusal(late(rules.dueDateChangeMaxLateDays), rules)).toBeNull();
    expect(dueDateChangeRefusal(late(rules.dueDateChangeMaxLateDays + 1), rules)).toBe('tooLate');
  });

  test('the days offered run to N and land after today', () => {
    expect(dueDateChangeDays(loan(), rules)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    const late = dueDateChangeDays(loan({ dueDate: '2026-03-01', today: '2026-03-04' }), rules);
    expect(late[0]).toBe(4);
    expect(late.at(-1)).toBe(15);
  });

  test('the cost is the fee band’s daily rate times the days on the principal, rounded to the cent', () => {
    expect(dueDateChangeQuote('2026-03-10', 7, 30_000, 110)).toEqual({
      days: 7,
      next_pay_date: '2026-03-17',
      cost: 2_310,
    });
    expect(dueDateChangeQuote('2026-03-10', 1, 12_345, 110).cost).toBe(136);
    expect(dueDateChangeQuote('2026-03-10', 5, 0, 110).cost).toBe(0);
  });
});

describe('the instalment plan', () => {
  test('offered when late, due within the configured days, or when extensions are used up', () => {
    expect(planRefusal(loan({ today: '2026-03-01', dueDate: '2026-03-20' }), rules)).toBe('notDueSoon');
    expect(planRefusal(loan({ today: '2026-03-15', dueDate: '2026-03-20' }), rules)).toBeNull();
    expect(
      planRefusal(loan({ status: LoanStatus.Overdue, today: '2026-03-25', dueDate: '2026-03-20' }), rules),
    ).toBeNull();
    expect(planRefusal(loan({ dueDate: '2026-03-30', extensions: rules.maxExtensions }), rules)).toBeNull();
    expect(planRefusal(loan({ hasPlan: true, today: '2026-03-15', dueDate: '2026-03-20' }), rules)).toBe('hasPlan');
    expect(planRefusal(loan({ status: LoanStatus.Returned }), rules)).toBe('notInService');
  });

  test('2 to 4 instalments by default', () => {
    expect(planCounts(rules)).toEqual([2, 3, 4]);
    expect(planCounts({ ...rules, planMinInstalments: 3, planMaxInstalments: 3 })).toEqual([3]);
  });

  test('monthly dates, amounts on the payment step with the rest in the last, summing to the total', () => {
    const quote = planQuote('2026-01-31', 3, { principal: 30_000, total: 40_001 }, rules);
    expect(quote.cost).toBe(2_700); // 3 % of 300 EUR for each of 3 months
    expect(quote.total).toBe(42_701);
    expect(quote.pay_now).toBe(40_001);
    expect(quote.instalments.map((i) => i.date)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
    expect(quote.instalments.map((i) => i.amount)).toEqual([14_230, 14_230, 14_241]);
    expect(quote.instalments.reduce((sum, i) => sum + i.amount, 0)).toBe(quote.total);
  });

  test('its TAE is the rate of the instalments against today’s debt', () => {
    const one = planQuote('2026-03-01', 2, { principal: 30_000, total: 33_000 }, { ...rules, planMaxInstalments: 2 });
    expect(one.tae).toBeGreaterThan(0);
    // Paying the same total in one go on the last date would cost a lower rate: the first half comes sooner.
    const days = wireDaysBetween('2026-03-01', one.instalments[1]?.date ?? '');
    expect(one.tae).toBeGreaterThan(singlePaymentApr(33_000, one.cost, days));
    expect(
      planQuote('2026-03-01', 2, { principal: 30_000, total: 30_000 }, { ...rules, planMonthlyBasisPoints: 0 }).tae,
    ).toBe(0);
  });

  const plan = planQuote('2026-03-01', 3, { principal: 30_000, total: 33_000 }, rules).instalments;

  test('payments cover the instalments in order', () => {
    const progress = planProgress(plan, (plan[0]?.amount ?? 0) + 100, '2026-04-02', rules.planGraceDays);
    expect(progress.instalments.map((i) => i.state)).toEqual(['paid', 'due', 'due']);
    expect(progress.next).toEqual({ ...plan[1], left: (plan[1]?.amount ?? 0) - 100 });
    expect(progress.brokenOn).toBeNull();
  });

  test('an unpaid instalment is late after its date and missed after the grace days, which breaks the plan', () => {
    expect(planProgress(plan, 0, '2026-04-01', 5).instalments[0]?.state).toBe('due');
    expect(planProgress(plan, 0, '2026-04-06', 5).instalments[0]?.state).toBe('late');
    const missed = planProgress(plan, 0, '2026-04-07', 5);
    expect(missed.instalments[0]?.state).toBe('missed');
    expect(missed.brokenOn).toBe('2026-04-06');
  });

  test('all paid: nothing next', () => {
    const total = plan.reduce((sum, i) => sum + i.amount, 0);
    expect(planProgress(plan, total, '2026-09-01', 5).next).toBeNull();
  });
});

describe('extension guardrails', () => {
  test('extensions are allowed until the configured number, then the plan is offered', () => {
    const history = { paidInExtensions: 9_000, borrowed: 30_000 };
    expect(extensionGuardrail({ ...history, extensions: 2 }, rules)).toEqual({
      extensions: 2,
      max_extensions: 3,
      paid_in_extensions: 9_000,
      borrowed: 30_000,
      allowed: true,
    });
    expect(extensionGuardrail({ ...history, extensions: 3 }, rules).allowed).toBe(false);
  });
  test('the total paid adds what was paid, the extension and what is then due', () => {
    expect(totalAfterExtension(9_000, 3_000, 33_000)).toBe(45_000);
  });
});
