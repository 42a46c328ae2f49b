import {
  type DueDateChangeQuote,
  dueDateChangeDays,
  dueDateChangeQuote,
  dueDateChangeRefusal,
  type ForbearanceRules,
  type LoanPosition,
  LoanStatus,
  madridToday,
  type PlanInstalment,
  type PlanQuote,
  planCounts,
  planProgress,
  planQuote,
  planRefusal,
} from '@credimo/shared/domain';
import { formatWireDate } from '@credimo/shared/format';
import { messages, t } from '@credimo/shared/i18n';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { wireDay } from '../db/dates';
import type { Database, LoanPlansTable, LoansTable } from '../db/schema';
import { post, recipes } from '../domain/ledger';
import { dailyBasisPoints } from '../domain/price';
import { type Actor, lockLoan, transition } from '../domain/transitions';
import { ApiError } from '../errors';
import { audit } from '../identity/audit';
import { openLoanId } from '../loans/ownership';
import { loadProduct } from '../pricing/repository';
import { extensionHistory, forbearanceRulesOf, guardrailOf, planRow } from './forbearance-rules';
import { type Owed, owedOf } from './owed';
import { hasPendingPayment } from './payment-requests';

type LoanRow = Selectable<LoansTable>;
type Db = Kysely<Database> | Transaction<Database>;

async function position(db: Db, loan: LoanRow, today: Date, pending: boolean) {
  const loanId = String(loan.id);
  const [rules, history, change, plan] = await Promise.all([
    forbearanceRulesOf(db, loan.product_id),
    extensionHistory(db, loan),
    db.selectFrom('loan_due_date_changes').selectAll().where('loan_id', '=', loanId).executeTakeFirst(),
    planRow(db, loanId),
  ]);
  const at: LoanPosition = {
    status: loan.status,
    dueDate: wireDay(loan.must_pay_date) ?? formatWireDate(today),
    today: formatWireDate(today),
    extensions: history.extensions,
    dueDateChanged: change !== undefined,
    hasPlan: plan !== undefined,
    hasPendingPayment: pending,
  };
  return { at, rules, change, plan };
}

/** The due-date change's options: each number of days with its new date and the calculator's price for it. */
async function dueDateOptions(db: Db, loan: LoanRow, owed: Owed, at: LoanPosition, rules: ForbearanceRules) {
  const { rules: pricing } = await loadProduct(db, loan.product_id);
  return dueDateChangeDays(at, rules).map((days) =>
    dueDateChangeQuote(at.dueDate, days, owed.principal, dailyBasisPoints(pricing, days)),
  );
}

const instalmentsOf = (plan: Selectable<LoanPlansTable>) => plan.instalments as unknown as PlanInstalment[];

/** A plan as the customer and the console read it: its schedule with each instalment's state, and its totals. */
export function planView(plan: Selectable<LoanPlansTable>, owedTotal: number, today: Date, rules: ForbearanceRules) {
  const total = Number(plan.total);
  const progress = planProgress(instalmentsOf(plan), total - owedTotal, formatWireDate(today), rules.planGraceDays);
  return {
    status: owedTotal <= 0 ? ('completed' as const) : plan.status,
    agreed_on: madridToday(plan.at),
    cost: Number(plan.cost),
    pay_now: Number(plan.pay_now),
    total,
    tae: Number(plan.tae),
    paid: total - owedTotal,
    left: owedTotal,
    grace_days: rules.planGraceDays,
    broken_on: wireDay(plan.broken_on),
    next: progress.next,
    instalments: progress.instalments,
  };
}

const changeView = (row: { days: number; cost: unknown; previous_must_pay_date: unknown; must_pay_date: unknown }) => ({
  days: row.days,
  cost: Number(row.cost),
  previous_pay_date: wireDay(row.previous_must_pay_date) ?? '',
  next_pay_date: wireDay(row.must_pay_date) ?? '',
});

/**
 * GET /v2/loan/forbearance: what the customer may do before collection, each figure from the shared rules: the
 * due-date change (its days, dates and prices, or why not, or the change made), the instalment plan (a quote per
 * number of instalments, or why not, or the plan agreed), and the extensions' guardrail.
 */
export async function forbearanceOffer(db: Kysely<Database>, userId: string, today: Date) {
  const loanId = await openLoanId(db, userId);
  const loan = await db.selectFrom('loans').selectAll().where('id', '=', loanId).executeTakeFirstOrThrow();
  const [owed, pending] = await Promise.all([owedOf(db, loanId), hasPendingPayment(db, loanId)]);
  const { at, rules, change, plan } = await position(db, loan, today, pending);
  const changeRefusal = dueDateChangeRefusal(at, rules);
  const refusedPlan = planRefusal(at, rules);
  return {
    today: at.today,
    due_date: at.dueDate,
    owed: owed.total,
    due_date_change: {
      max_days: rules.dueDateChangeMaxDays,
      max_late_days: rules.dueDateChangeMaxLateDays,
      refusal: changeRefusal,
      options: changeRefusal ? [] : await dueDateOptions(db, loan, owed, at, rules),
      done: change ? changeView(change) : null,
    },
    instalment_plan: {
      counts: planCounts(rules),
      refusal: refusedPlan,
      options: refusedPlan ? [] : planCounts(rules).map((count) => planQuote(at.today, count, owed, rules)),
      plan: plan ? planView(plan, owed.total, today, rules) : null,
    },
    extensions: await guardrailOf(db, loan),
  };
}

/** Keyed requests: the same key again answers the first result; a key once used for other figures is refused. */
async function replayOf<T extends { idempotency_key: string; loan_id: string }>(
  row: T | undefined,
  key: string,
  loanId: string,
  same: (row: T) => boolean,
): Promise<T | null> {
  if (!row || row.idempotency_key !== key) return null;
  if (String(row.loan_id) !== loanId || !same(row)) throw ApiError.request(409, messages.forbearanceKeyReused);
  return row;
}

const customer = (userId: string): Actor => ({ kind: 'customer', id: userId });

/**
 * What either offer does once agreed, inside the loan's lock: its price goes to the ledger as the customer's debt,
 * an overdue loan is no longer late (Extended), and the loan falls due on the new date.
 */
async function applyAgreement(
  trx: Transaction<Database>,
  loan: LoanRow,
  userId: string,
  agreed: {
    kind: 'due_date_change' | 'instalment_plan';
    cost: number;
    postings: Parameters<typeof post>[1]['postings'];
    detail: Record<string, unknown>;
    reason: string;
    mustPayDate: string;
  },
) {
  const loanId = String(loan.id);
  if (agreed.cost > 0) {
    const key = agreed.kind === 'due_date_change' ? `due-date-change:${loanId}` : `plan:${loanId}`;
    await post(trx, { key, kind: agreed.kind, loanId, postings: agreed.postings, detail: agreed.detail });
  }
  if (loan.status === LoanStatus.Overdue) {
    await transition(trx, loanId, LoanStatus.Extended, { actor: customer(userId), reason: agreed.reason });
  }
  await trx.updateTable('loans').set({ must_pay_date: agreed.mustPayDate }).where('id', '=', loanId).execute();
}

/**
 * POST /v2/loan/due_date_change: moves the due date once by 1 to N days, for the calculator's price of those days
 * on the principal, added to the debt (the ledger's dueDateChanged); an overdue loan is no longer late.
 */
export async function changeDueDate(
  db: Kysely<Database>,
  userId: string,
  input: { days: number; idempotency_key: string },
  today: Date,
  address: string | null,
) {
  const loanId = await openLoanId(db, userId);
  const result = await db.transaction().execute(async (trx) => {
    const loan = await lockLoan(trx, loanId);
    const earlier = await trx
      .selectFrom('loan_due_date_changes')
      .selectAll()
      .where('idempotency_key', '=', input.idempotency_key)
      .executeTakeFirst();
    const replay = await replayOf(earlier, input.idempotency_key, loanId, (row) => row.days === input.days);
    if (replay) return { change: changeView(replay), created: false };
    const owed = await owedOf(trx, loanId);
    const { at, rules } = await position(trx, loan, today, await hasPendingPayment(trx, loanId));
    if (dueDateChangeRefusal(at, rules)) throw ApiError.request(409, messages.dueDateChangeUnavailable);
    const quote: DueDateChangeQuote | undefined = (await dueDateOptions(trx, loan, owed, at, rules)).find(
      (option) => option.days === input.days,
    );
    if (!quote) {
      const days = dueDateChangeDays(at, rules);
      throw ApiError.field(422, 'days', t('dueDateChangeDays', { from: days[0] ?? 1, to: rules.dueDateChangeMaxDays }));
    }
    await applyAgreement(trx, loan, userId, {
      kind: 'due_date_change',
      cost: quote.cost,
      postings: recipes.dueDateChanged(loanId, quote.cost),
      detail: { days: quote.days, previous_pay_date: at.dueDate, next_pay_date: quote.next_pay_date },
      reason: `due date moved ${quote.days} days`,
      mustPayDate: quote.next_pay_date,
    });
    const row = await trx
      .insertInto('loan_due_date_changes')
      .values({
        loan_id: loanId,
        idempotency_key: input.idempotency_key,
        days: quote.days,
        cost: quote.cost,
        previous_must_pay_date: at.dueDate,
        must_pay_date: quote.next_pay_date,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { change: changeView(row), created: true };
  });
  if (result.created) {
    await audit(db, {
      actor: `customer:${userId}`,
      subject: userId,
      action: 'loan due date changed',
      address,
      detail: { loan: loanId, ...result.change },
    });
  }
  return result;
}

/**
 * POST /v2/loan/instalment_plan: turns what is owed today, plus the plan's price, into 2 to 4 monthly instalments.
 * The ledger records the plan (its price as commission, the schedule in the entry's detail); the loan is due on the
 * last instalment's date and accrues no late interest while the plan holds.
 */
export async function agreePlan(
  db: Kysely<Database>,
  userId: string,
  input: { instalments: number; idempotency_key: string },
  today: Date,
  address: string | null,
) {
  const loanId = await openLoanId(db, userId);
  const result = await db.transaction().execute(async (trx) => {
    const loan = await lockLoan(trx, loanId);
    const earlier = await trx
      .selectFrom('loan_plans')
      .selectAll()
      .where('idempotency_key', '=', input.idempotency_key)
      .executeTakeFirst();
    const { at, rules } = await position(trx, loan, today, await hasPendingPayment(trx, loanId));
    const replay = await replayOf(
      earlier,
      input.idempotency_key,
      loanId,
      (row) => instalmentsOf(row).length === input.instalments,
    );
    if (replay) return { plan: replay, rules, created: false };
    if (planRefusal(at, rules)) throw ApiError.request(409, messages.instalmentPlanUnavailable);
    if (!planCounts(rules).includes(input.instalments)) {
      throw ApiError.field(
        422,
        'instalments',
        t('instalmentPlanCount', { from: rules.planMinInstalments, to: rules.planMaxInstalments }),
      );
    }
    const owed = await owedOf(trx, loanId);
    const quote: PlanQuote = planQuote(at.today, input.instalments, owed, rules);
    const last = quote.instalments.at(-1)?.date ?? at.dueDate;
    const detail = { instalments: quote.instalments, pay_now: quote.pay_now, total: quote.total, tae: quote.tae };
    await applyAgreement(trx, loan, userId, {
      kind: 'instalment_plan',
      cost: quote.cost,
      postings: recipes.planAgreed(loanId, quote.cost),
      detail,
      reason: `instalment plan of ${input.instalments}`,
      mustPayDate: last,
    });
    const plan = await trx
      .insertInto('loan_plans')
      .values({
        loan_id: loanId,
        idempotency_key: input.idempotency_key,
        instalments: JSON.stringify(quote.instalments),
        cost: quote.cost,
        pay_now: quote.pay_now,
        total: quote.total,
        tae: quote.tae,
        previous_must_pay_date: at.dueDate,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { plan, rules, created: true };
  });
  const owed = await owedOf(db, loanId);
  const view = planView(result.plan, owed.total, today, result.rules);
  if (result.created) {
    await audit(db, {
      actor: `customer:${userId}`,
      subject: userId,
      action: 'loan instalment plan agreed',
      address,
      detail: { loan: loanId, instalments: view.instalments.length, total: view.total, tae: view.tae },
    });
  }
  return { plan: view, created: result.created };
}

/**
 * The day's check of a loan's plan (inside the day's servicing of the loan, under its lock): an instalment unpaid
 * past the grace days breaks the plan, and the loan falls due on that day, so the usual ageing makes it Overdue
 * and charges late interest from the next day. While an unbroken plan holds, no late interest accrues.
 */
export async function planOnDay(
  trx: Transaction<Database>,
  loan: LoanRow,
  today: Date,
): Promise<{ holds: boolean; brokenOn: string | null }> {
  const plan = await planRow(trx, String(loan.id));
  if (plan?.status !== 'active' || !plan) return { holds: false, brokenOn: null };
  const rules = await forbearanceRulesOf(trx, loan.product_id);
  const owed = await owedOf(trx, String(loan.id));
  const progress = planProgress(
    instalmentsOf(plan),
    Number(plan.total) - owed.total,
    formatWireDate(today),
    rules.planGraceDays,
  );
  if (!progress.brokenOn) return { holds: true, brokenOn: null };
  await trx
    .updateTable('loan_plans')
    .set({ status: 'broken', broken_on: progress.brokenOn })
    .where('id', '=', plan.id)
    .execute();
  await trx.updateTable('loans').set({ must_pay_date: progress.brokenOn }).where('id', '=', loan.id).execute();
  return { holds: false, brokenOn: progress.brokenOn };
}

/** The forbearance of one loan as the console shows it: the due-date change and the plan, if any. */
export async function loanForbearance(db: Kysely<Database>, loanId: string, productId: number, today: Date) {
  const [change, plan] = await Promise.all([
    db.selectFrom('loan_due_date_changes').selectAll().where('loan_id', '=', loanId).executeTakeFirst(),
    planRow(db, loanId),
  ]);
  const owed = plan ? await owedOf(db, loanId) : null;
  const rules = await forbearanceRulesOf(db, productId);
  return {
    change: change ? { ...changeView(change), at: change.at } : null,
    plan: plan && owed ? planView(plan, owed.total, today, rules) : null,
  };
}
