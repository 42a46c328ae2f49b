import { solveApr, toAprPercent } from './apr';
import { addWireDays } from './calendar';
import { LoanStatus } from './loan-status';
import { PAYMENT_RULES } from './payment-amount';

/**
 * Forbearance before collection (CCD2 art. 35): moving the due date once, an instalment plan, and the guardrails
 * on repeated extensions. Pure rules over a product's forbearance rules (data in `forbearance_rules`): the API
 * prices and checks with these, and the account shows the figures the API computed with them.
 * Dates are Madrid wire dates (yyyy-MM-dd); money is integer cents.
 */
export interface ForbearanceRules {
  /** N: the due date moves by 1 to N days. */
  dueDateChangeMaxDays: number;
  /** M: a loan more than M days late can no longer move its due date. */
  dueDateChangeMaxLateDays: number;
  planMinInstalments: number;
  planMaxInstalments: number;
  /** The plan's price: basis points of the principal per monthly instalment. */
  planMonthlyBasisPoints: number;
  /** "About to be late": due within this many days. */
  planDaysBeforeDue: number;
  /** An instalment unpaid this many days after its date breaks the plan: everything left is due and late. */
  planGraceDays: number;
  /** After this many extensions the instalment plan is offered instead of another. */
  maxExtensions: number;
}

export const DEFAULT_FORBEARANCE_RULES: ForbearanceRules = {
  dueDateChangeMaxDays: 15,
  dueDateChangeMaxLateDays: 5,
  planMinInstalments: 2,
  planMaxInstalments: 4,
  planMonthlyBasisPoints: 300,
  planDaysBeforeDue: 5,
  planGraceDays: 5,
  maxExtensions: 3,
};

/** Statuses forbearance applies to: in service and not yet with a collector. */
export const FORBEARANCE_STATUSES: readonly number[] = [LoanStatus.Active, LoanStatus.Extended, LoanStatus.Overdue];

const roundCents = (value: number) => Math.floor(value + 0.5);

const utc = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y ?? Number.NaN, (m ?? 1) - 1, d ?? Number.NaN);
};

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export const wireDaysBetween = (from: string, to: string): number => Math.round((utc(to) - utc(from)) / 86_400_000);

/** The same day `months` months on; a day the month lacks becomes its last day (31 January + 1 = 28 or 29 February). */
export function addWireMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y ?? Number.NaN, (m ?? 1) - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d ?? 1, last));
  if (Number.isNaN(first.getTime())) throw new RangeError(`not a date: ${day}`);
  return first.toISOString().slice(0, 10);
}

export interface LoanPosition {
  status: number;
  /** The current due date. */
  dueDate: string;
  today: string;
  extensions: number;
  dueDateChanged: boolean;
  hasPlan: boolean;
  hasPendingPayment: boolean;
}

export type ForbearanceRefusal =
  | 'notInService'
  | 'alreadyChanged'
  | 'tooLate'
  | 'hasPlan'
  | 'pendingPayment'
  | 'notDueSoon'
  | 'extensionsUsedUp';

/** Days past the due date (0 when not late). */
export const lateDays = (dueDate: string, today: string) => Math.max(0, wireDaysBetween(dueDate, today));

/** Why the due date cannot be moved now, or null when it can (once per loan, at most M days late, no plan). */
export function dueDateChangeRefusal(loan: LoanPosition, rules: ForbearanceRules): ForbearanceRefusal | null {
  if (!FORBEARANCE_STATUSES.includes(loan.status)) return 'notInService';
  if (loan.hasPlan) return 'hasPlan';
  if (loan.dueDateChanged) return 'alreadyChanged';
  if (loan.hasPendingPayment) return 'pendingPayment';
  if (lateDays(loan.dueDate, loan.today) > rules.dueDateChangeMaxLateDays) return 'tooLate';
  return null;
}

/** The days the due date can move by: from the first that lands after today up to N. */
export function dueDateChangeDays(loan: Pick<LoanPosition, 'dueDate' | 'today'>, rules: ForbearanceRules): number[] {
  const first = Math.max(1, lateDays(loan.dueDate, loan.today) + 1);
  const days: number[] = [];
  for (let d = first; d <= rules.dueDateChangeMaxDays; d++) days.push(d);
  return days;
}

export interface DueDateChangeQuote {
  days: number;
  next_pay_date: string;
  /** The calculator's price of `days` days on the principal still owed (the product's fee band for that term). */
  cost: number;
}

/** The price and new date of moving the due date by `days`: the band's daily rate times the days on the principal. */
export function dueDateChangeQuote(
  dueDate: string,
  days: number,
  principal: number,
  dailyBasisPoints: number,
): DueDateChangeQuote {
  return {
    days,
    next_pay_date: addWireDays(dueDate, days),
    cost: principal > 0 ? roundCents((principal * dailyBasisPoints * days) / 10_000) : 0,
  };
}

/** Why no instalment plan can be made now, or null: late, due within the configured days, or extensions used up. */
export function planRefusal(loan: LoanPosition, rules: ForbearanceRules): ForbearanceRefusal | null {
  if (!FORBEARANCE_STATUSES.includes(loan.status)) return 'notInService';
  if (loan.hasPlan) return 'hasPlan';
  if (loan.hasPendingPayment) return 'pendingPayment';
  const dueIn = wireDaysBetween(loan.today, loan.dueDate);
  if (dueIn > rules.planDaysBeforeDue && loan.extensions < rules.maxExtensions) return 'notDueSoon';
  return null;
}

/** The instalment counts a plan can have. */
export function planCounts(rules: ForbearanceRules): number[] {
  const counts: number[] = [];
  for (let n = rules.planMinInstalments; n <= rules.planMaxInstalments; n++) counts.push(n);
  return counts;
}

export interface PlanInstalment {
  number: number;
  date: string;
  amount: number;
}

export interface PlanQuote {
  instalments: PlanInstalment[];
  /** What the plan adds to the debt (commission). */
  cost: number;
  /** Owed today, the figure the plan is compared with. */
  pay_now: number;
  /** The sum of the instalments. */
  total: number;
  /** TAE of the plan, in percent with one decimal. */
  tae: number;
}

/**
 * A plan of `count` monthly instalments from today: the price is the product's monthly rate on the principal per
 * instalment; each instalment but the last is the even share rounded down to the payment step (so each can be paid
 * as a partial repayment), the last one what is left. The TAE treats today's debt as the drawdown.
 */
export function planQuote(
  today: string,
  count: number,
  owed: { principal: number; total: number },
  rules: ForbearanceRules,
): PlanQuote {
  const cost = roundCents((owed.principal * rules.planMonthlyBasisPoints * count) / 10_000);
  const total = owed.total + cost;
  const share = Math.floor(total / count / PAYMENT_RULES.step) * PAYMENT_RULES.step;
  const instalments = Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    date: addWireMonths(today, i + 1),
    amount: i === count - 1 ? total - share * (count - 1) : share,
  }));
  const tae =
    cost > 0 && owed.total > 0
      ? toAprPercent(
          solveApr(
            [{ day: 0, amount: owed.total }],
            instalments.map((instalment) => ({
              day: wireDaysBetween(today, instalment.date),
              amount: instalment.amount,
            })),
          ),
        )
      : 0;
  return { instalments, cost, pay_now: owed.total, total, tae };
}

export type InstalmentState = 'paid' | 'due' | 'late' | 'missed';

export interface PlanProgress {
  instalments: Array<PlanInstalment & { state: InstalmentState; paid: number }>;
  /** The first instalment not yet paid in full. */
  next: (PlanInstalment & { left: number }) | null;
  /** The day the plan breaks (an instalment's date plus the grace days), when one was missed. */
  brokenOn: string | null;
}

/**
 * Where a plan stands: money paid since it began covers the instalments in order. An instalment unpaid after its
 * date is late; past the grace days it is missed, and the plan breaks on that day.
 */
export function planProgress(
  instalments: readonly PlanInstalment[],
  paid: number,
  today: string,
  graceDays: number,
): PlanProgress {
  let left = Math.max(0, paid);
  let next: PlanProgress['next'] = null;
  let brokenOn: string | null = null;
  const rows = instalments.map((instalment) => {
    const covered = Math.min(left, instalment.amount);
    left -= covered;
    let state: InstalmentState = 'paid';
    if (covered < instalment.amount) {
      const breaksOn = addWireDays(instalment.date, graceDays);
      if (next === null) next = { ...instalment, left: instalment.amount - covered };
      if (today > breaksOn) {
        state = 'missed';
        brokenOn ??= breaksOn;
      } else state = today > instalment.date ? 'late' : 'due';
    }
    return { ...instalment, state, paid: covered };
  });
  return { instalments: rows, next, brokenOn };
}

export interface ExtensionGuardrail {
  extensions: number;
  max_extensions: number;
  /** What the customer has paid for extensions so far. */
  paid_in_extensions: number;
  /** What they borrowed. */
  borrowed: number;
  /** False once the extensions are used up: the instalment plan is offered instead. */
  allowed: boolean;
}

export function extensionGuardrail(
  history: { extensions: number; paidInExtensions: number; borrowed: number },
  rules: ForbearanceRules,
): ExtensionGuardrail {
  return {
    extensions: history.extensions,
    max_extensions: rules.maxExtensions,
    paid_in_extensions: history.paidInExtensions,
    borrowed: history.borrowed,
    allowed: history.extensions < rules.maxExtensions,
  };
}

/** What the customer will have paid in all after this extension: paid so far, its cost, and what is then due. */
export const totalAfterExtension = (paidSoFar: number, cost: number, dueThen: number) => paidSoFar + cost + dueThen;
