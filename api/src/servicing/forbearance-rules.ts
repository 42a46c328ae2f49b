import { DEFAULT_FORBEARANCE_RULES, extensionGuardrail, type ForbearanceRules } from '@credimo/shared/domain';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database, LoansTable } from '../db/schema';

type LoanRow = Selectable<LoansTable>;
type Db = Kysely<Database> | Transaction<Database>;

// The forbearance rules of a product and the loan's history they apply to, read without the payments room, so the
// extension's quote can ask for the guardrail too.

/** A product's forbearance rules as an operator set them (forbearance_rules), the defaults when it has no row. */
export async function forbearanceRulesOf(db: Db, productId: number): Promise<ForbearanceRules> {
  const row = await db
    .selectFrom('forbearance_rules')
    .selectAll()
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!row) return DEFAULT_FORBEARANCE_RULES;
  return {
    dueDateChangeMaxDays: row.due_date_change_max_days,
    dueDateChangeMaxLateDays: row.due_date_change_max_late_days,
    planMinInstalments: row.plan_min_instalments,
    planMaxInstalments: row.plan_max_instalments,
    planMonthlyBasisPoints: row.plan_monthly_basis_points,
    planDaysBeforeDue: row.plan_days_before_due,
    planGraceDays: row.plan_grace_days,
    maxExtensions: row.max_extensions,
  };
}

/**
 * The rules an operator may change (`npm run ops -- forbearance-rule`), by their column, each with the range the
 * table's own checks allow, so a value out of range is refused in words before the database would.
 */
export const FORBEARANCE_RULE_RANGES = {
  due_date_change_max_days: { min: 1, max: 60 },
  due_date_change_max_late_days: { min: 0, max: 60 },
  plan_min_instalments: { min: 2, max: 12 },
  plan_max_instalments: { min: 2, max: 12 },
  plan_monthly_basis_points: { min: 0, max: 2000 },
  plan_days_before_due: { min: 0, max: 60 },
  plan_grace_days: { min: 0, max: 60 },
  max_extensions: { min: 0, max: 20 },
} as const;
export type ForbearanceRuleName = keyof typeof FORBEARANCE_RULE_RANGES;

/** Why a rule's new value is refused, or null: unknown rule, not a whole number in its range, or min above max. */
export function forbearanceRuleProblem(rules: ForbearanceRules, rule: string, value: number): string | null {
  const range = FORBEARANCE_RULE_RANGES[rule as ForbearanceRuleName];
  if (!range) return `unknown rule ${rule}: one of ${Object.keys(FORBEARANCE_RULE_RANGES).join(', ')}`;
  if (!Number.isInteger(value) || value < range.min || value > range.max)
    return `${rule}: a whole number from ${range.min} to ${range.max}`;
  if (rule === 'plan_min_instalments' && value > rules.planMaxInstalments)
    return `plan_min_instalments: at most plan_max_instalments (${rules.planMaxInstalments})`;
  if (rule === 'plan_max_instalments' && value < rules.planMinInstalments)
    return `plan_max_instalments: at least plan_min_instalments (${rules.planMinInstalments})`;
  return null;
}

/** Sets one rule of a product (its row made from the defaults first if it has none); returns the product's rules. */
export async function setForbearanceRule(
  db: Kysely<Database>,
  productId: number,
  rule: ForbearanceRuleName,
  value: number,
): Promise<ForbearanceRules> {
  // A product added after the rules' table takes the table's defaults.
  await sql`insert into forbearance_rules (product_id) values (${productId}) on conflict do nothing`.execute(db);
  await db
    .updateTable('forbearance_rules')
    .set({ [rule]: value })
    .where('product_id', '=', productId)
    .execute();
  return forbearanceRulesOf(db, productId);
}

/** What the customer has paid for extensions of this loan, and how many they bought. */
export async function extensionHistory(db: Db, loan: Pick<LoanRow, 'id' | 'request_amount'>) {
  const row = await db
    .selectFrom('loan_extensions')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.sum<string>('cost').as('paid')])
    .where('loan_id', '=', String(loan.id))
    .executeTakeFirstOrThrow();
  return {
    extensions: Number(row.count),
    paidInExtensions: Number(row.paid ?? 0),
    borrowed: Number(loan.request_amount),
  };
}

/** Every euro received for this loan so far (repayments and extensions). */
export async function paidSoFar(db: Db, loanId: string): Promise<number> {
  const row = await db
    .selectFrom('loan_payments')
    .select((eb) => eb.fn.sum<string>('amount').as('paid'))
    .where('loan_id', '=', loanId)
    .executeTakeFirstOrThrow();
  return Number(row.paid ?? 0);
}

/** The extensions' guardrail of a loan: what was paid and borrowed, and whether another extension is allowed. */
export async function guardrailOf(db: Db, loan: LoanRow) {
  const [rules, history, plan] = await Promise.all([
    forbearanceRulesOf(db, loan.product_id),
    extensionHistory(db, loan),
    planRow(db, String(loan.id)),
  ]);
  const guardrail = extensionGuardrail(history, rules);
  return { ...guardrail, allowed: guardrail.allowed && !plan, paid_so_far: await paidSoFar(db, String(loan.id)) };
}

export const planRow = (db: Db, loanId: string) =>
  db.selectFrom('loan_plans').selectAll().where('loan_id', '=', loanId).executeTakeFirst();
