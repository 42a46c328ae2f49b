import { LoanStatus } from '@credimo/shared/domain';
import { formatWireDate, parseWireDate } from '@credimo/shared/format';
import { addDays } from 'date-fns';
import { type Kysely, sql } from 'kysely';
import { wireDay } from '../db/dates';
import type { Database } from '../db/schema';
import { post, recipes } from '../domain/ledger';
import { BECOMES_OVERDUE, cappedLateInterest, lateInterestOfDay, REPAYABLE_STATUSES } from '../domain/servicing-rules';
import { lockLoan, transition } from '../domain/transitions';
import { recordCustomerMail, reminderKey, reminderOn } from '../mail';
import type { AutoDebitCharger } from '../providers/card-charger';
import { applyPayment } from './apply-payment';
import { planOnDay } from './forbearance';
import { owedOf } from './owed';

export type { AutoDebitCharger };

const JOB_ACTOR = { kind: 'job', id: 'servicing' } as const;

/**
 * One loan's servicing for a day: past its due date it becomes Overdue 21 (Active and Extended only; collection
 * statuses stay) and owes the product's late interest for every late day up to today, one ledger transaction
 * per loan and day (key late:<loan>:<day>), so running a day twice, or in two processes, posts nothing twice.
 * An instalment plan that holds keeps the loan out of ageing; a broken one makes it due on the day it broke.
 */
export async function serviceLoan(db: Kysely<Database>, loanId: string, today: Date) {
  return db.transaction().execute(async (trx) => {
    const loan = await lockLoan(trx, loanId);
    const plan = REPAYABLE_STATUSES.includes(loan.status) ? await planOnDay(trx, loan, today) : null;
    if (plan?.holds) return { overdue: false, posted: 0 };
    // A plan broken today makes the loan due on the day it broke.
    const due = plan?.brokenOn ?? wireDay(loan.must_pay_date);
    const day = formatWireDate(today);
    if (!REPAYABLE_STATUSES.includes(loan.status) || !due || day <= due) return { overdue: false, posted: 0 };
    if (BECOMES_OVERDUE.includes(loan.status)) {
      await transition(trx, loanId, LoanStatus.Overdue, { actor: JOB_ACTOR, reason: `not paid by ${due}` });
    }
    const product = await trx
      .selectFrom('products')
      .select('late_daily_basis_points')
      .where('id', '=', loan.product_id)
      .executeTakeFirstOrThrow();
    const owed = await owedOf(trx, loanId);
    let charged = owed.finesCharged;
    let posted = 0;
    // The late days are charged in order from the day after the due date, so the days up to the last one charged
    // are settled: a loan a year late asks for one day's charge, not for 365 (each key still guards a replay).
    const lastCharged = await lastLateInterestDay(trx, loanId);
    const dueDate = parseWireDate(due) as Date;
    const first = addDays(lastCharged && lastCharged > due ? (parseWireDate(lastCharged) as Date) : dueDate, 1);
    for (let d = first; formatWireDate(d) <= day; d = addDays(d, 1)) {
      const amount = cappedLateInterest(
        lateInterestOfDay(owed.principal, product.late_daily_basis_points),
        charged,
        Number(loan.request_amount),
      );
      if (amount <= 0) break;
      const { created } = await post(trx, {
        key: `late:${loanId}:${formatWireDate(d)}`,
        kind: 'late_interest',
        loanId,
        postings: recipes.lateInterest(loanId, amount),
        detail: { day: formatWireDate(d) },
      });
      if (created) {
        charged += amount;
        posted += amount;
      }
    }
    return { overdue: true, posted };
  });
}

/** The last day a loan was charged late interest for, as YYYY-MM-DD; null before the first. */
async function lastLateInterestDay(trx: Kysely<Database>, loanId: string): Promise<string | null> {
  const row = await trx
    .selectFrom('ledger_transactions')
    .select(sql<string | null>`max(detail->>'day')`.as('day'))
    .where('loan_id', '=', loanId)
    .where('kind', '=', 'late_interest')
    .executeTakeFirst();
  return row?.day ?? null;
}

/**
 * The day's servicing over every loan that can still owe: accrual and overdue, then the auto-debit attempt
 * for loans due today (when a card acquirer is installed). Idempotent per loan and day.
 */
export async function runServicingDay(db: Kysely<Database>, today: Date, charger: AutoDebitCharger | null = null) {
  const loans = await db
    .selectFrom('loans')
    .select(['id', 'public_id', 'user_id', 'must_pay_date'])
    .where('status', 'in', [...REPAYABLE_STATUSES])
    .orderBy('id')
    .execute();
  const day = formatWireDate(today);
  let overdue = 0;
  let debited = 0;
  let reminded = 0;
  for (const loan of loans) {
    const result = await serviceLoan(db, String(loan.id), today);
    if (result.overdue) overdue += 1;
    if (charger && wireDay(loan.must_pay_date) === day && (await autoDebit(db, loan, today, charger))) debited += 1;
    if (await remind(db, loan, day)) reminded += 1;
  }
  return { day, loans: loans.length, overdue, debited, reminded };
}

/**
 * The due-date reminder of the day, if it is one (three days before, on the day, the day after) and the loan still
 * owes: recorded once per loan, kind and day, and sent by the job queue.
 */
async function remind(
  db: Kysely<Database>,
  loan: { id: string | number; public_id: string; user_id: string | number; must_pay_date: unknown },
  day: string,
): Promise<boolean> {
  const due = wireDay(loan.must_pay_date);
  const kind = due ? reminderOn(due, day) : null;
  if (!due || !kind) return false;
  const loanId = String(loan.id);
  const owed = await owedOf(db, loanId);
  if (owed.total <= 0) return false;
  return recordCustomerMail(db, {
    key: reminderKey(loanId, kind, day),
    kind: 'reminder',
    userId: String(loan.user_id),
    loanId,
    detail: { loan: loan.public_id, reminder: kind, dueDate: due, owed: owed.total },
  });
}

async function autoDebit(
  db: Kysely<Database>,
  loan: { id: string | number; user_id: string | number },
  today: Date,
  charger: AutoDebitCharger,
): Promise<boolean> {
  const loanId = String(loan.id);
  const owed = await owedOf(db, loanId);
  if (owed.total <= 0) return false;
  const key = `autodebit:${loanId}:${formatWireDate(today)}`;
  const charge = await charger.charge({ loanId, userId: String(loan.user_id), amount: owed.total, key });
  if (!charge?.paid) return false;
  await applyPayment(
    db,
    { loanId, externalId: key, channel: 'card', amount: owed.total, paymentType: 'payoff', actor: JOB_ACTOR },
    today,
  );
  return true;
}
