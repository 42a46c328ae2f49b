import type { CreateLoanRequest, LoanView } from '@credimo/shared/contract';
import { CLOSED_LOAN_STATUSES, dueDateAfter, LoanStatus, loanStatusView, madridDay } from '@credimo/shared/domain';
import { formatWireDate } from '@credimo/shared/format';
import { messages } from '@credimo/shared/i18n';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { type Kysely, type Selectable, sql } from 'kysely';
import { spendEarnedDiscount, unusedEarnedDiscount } from '../cards';
import { wireDay } from '../db/dates';
import type { Database, LoansTable } from '../db/schema';
import { amountsOf, commissionDiscount, priceFor, termsOf } from '../domain/price';
import { ApiError } from '../errors';
import { isFirstLoan } from '../pricing/customer';
import { findUsablePromo, loadProduct } from '../pricing/repository';
import { checkedIban } from './disbursement';

/** The product every application is for today (product id 1). */
export const LOAN_PRODUCT_ID = 1;

export type LoanRow = Selectable<LoansTable>;

/** A loans row as a query or a JSON part of one (instants as ISO strings) brings it. */
export type LoanRowLike = {
  [K in keyof LoanRow]: LoanRow[K] extends Date
    ? Date | string
    : LoanRow[K] extends Date | null
      ? Date | string | null
      : LoanRow[K];
};

/** The loan as the API answers it; `today` is Madrid's day (madridDay, the servicing clock). */
export function loanView(row: LoanRowLike, today = madridDay()): LoanView {
  const status = loanStatusView(row.status);
  return {
    id: String(row.id),
    public_id: row.public_id,
    status: row.status,
    status_type: status.type,
    status_text: status.text,
    request_date: new Date(row.request_date).toISOString(),
    request_amount: Number(row.request_amount),
    original_request_amount: Number(row.original_request_amount),
    return_amount: Number(row.return_amount),
    commission: Number(row.commission),
    tae: row.tae_tenths / 10,
    is_free: row.is_free,
    promocode: row.promocode,
    predicted_must_pay_date: dueDateAfter(formatWireDate(today), row.term),
    days: loanDays(row, today),
    required_files: row.required_files ?? [],
    auto_debit_step_completed: row.auto_debit_step_completed,
    agreements: [],
    approve_date: row.approve_date ? new Date(row.approve_date).toISOString() : null,
    give_date: wireDay(row.give_date),
    must_pay_date: wireDay(row.must_pay_date),
    returned_date: wireDay(row.returned_date),
    withdrawal_until: wireDay(row.withdrawal_until),
    new_conditions_approved: row.new_conditions_approved,
  };
}

/**
 * The loan's days: left and late count from must_pay_date once the money is out; total is the term, and
 * once the money is out the days from the payout to the due date (an extension moves it, so the term grows).
 */
export function loanDays(row: { term: number; must_pay_date: unknown; give_date?: unknown }, today = madridDay()) {
  const due = wireDay(row.must_pay_date);
  if (!due) return { total: row.term, left: row.term, late: 0 };
  const given = wireDay(row.give_date);
  const total = given ? Math.max(differenceInCalendarDays(parseISO(due), parseISO(given)), row.term) : row.term;
  const diff = differenceInCalendarDays(parseISO(due), today);
  return { total, left: Math.max(diff, 0), late: Math.max(-diff, 0) };
}

/** Open applications and loans first, then the newest: the first row is the customer's current loan. */
export const openFirst = sql<number>`case when status in (${sql.join(CLOSED_LOAN_STATUSES)}) then 1 else 0 end`;

/** Every application and loan row of the customer, newest first. */
export function loanRowsOf(db: Kysely<Database>, userId: string): Promise<LoanRow[]> {
  return db
    .selectFrom('loans')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('request_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A loan as staff name it: its public id (CR100001) or its number; null when there is none. */
export async function loanIdByReference(db: Kysely<Database>, reference: string): Promise<string | null> {
  const publicId = /^CR\d+$/i.test(reference);
  if (!publicId && !/^\d{1,18}$/.test(reference)) return null;
  const row = await db
    .selectFrom('loans')
    .select('id')
    .where(publicId ? 'public_id' : 'id', '=', publicId ? reference.toUpperCase() : reference)
    .executeTakeFirst();
  return row ? String(row.id) : null;
}

const alreadyHasLoan = () => ApiError.request(409, messages.loanAlreadyOpen);

/**
 * Applies for a loan: the term and amount must be among the product's price options, the price is computed
 * here (never taken from the client) and frozen on the row. Idempotent: the same attempt reference returns
 * the application it created; any other open loan refuses a second one.
 */
export async function applyForLoan(
  db: Kysely<Database>,
  userId: string,
  input: CreateLoanRequest,
  requestedIp: string | null,
): Promise<{ loan: LoanRow; created: boolean }> {
  const { rules } = await loadProduct(db, LOAN_PRODUCT_ID);
  // Method 1 with an IBAN skips the issue-method step, so the IBAN is checked here as that step checks it.
  const iban = checkedIban(input.iban, { required: false });
  return db.transaction().execute(async (trx) => {
    // Serialise this customer's applications: two tabs applying at once cannot both pass the checks below.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    const previous = await trx
      .selectFrom('loans')
      .selectAll()
      .where('user_id', '=', userId)
      .where('attempt_reference', '=', input.attempt_reference)
      .executeTakeFirst();
    if (previous) return { loan: previous, created: false };
    if (!termsOf(rules).includes(input.loan_period)) throw ApiError.field(422, 'loan_period', messages.adjustValues);
    if (!amountsOf(rules).includes(input.loan_sum)) throw ApiError.field(422, 'loan_sum', messages.adjustValues);
    const open = await trx
      .selectFrom('loans')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'not in', [...CLOSED_LOAN_STATUSES])
      .executeTakeFirst();
    if (open) throw alreadyHasLoan();

    const firstLoan = await isFirstLoan(trx, userId);
    const free = firstLoan && input.loan_sum <= rules.freeFirstLoanMaxAmount;
    // Free loans are created without a promo code.
    const promo = !free && input.promocode?.trim() ? await findUsablePromo(trx, input.promocode, userId) : null;
    // A card added earns 15 % on the next loan; with a promo code too, the larger one applies.
    const earned = free ? null : await unusedEarnedDiscount(trx, userId);
    const useEarned = earned !== null && earned.percent > (promo?.percent_commission ?? 0);
    const price = priceFor(rules, input.loan_period, input.loan_sum, {
      firstLoan,
      commissionDiscountPercent: commissionDiscount(promo?.percent_commission, earned?.percent),
    });
    if (promo) {
      const used = await trx
        .updateTable('promo_codes')
        .set({ used_count: sql`used_count + 1` })
        .where('code', '=', promo.code)
        .where((eb) => eb.or([eb('max_uses', 'is', null), eb('used_count', '<', eb.ref('max_uses'))]))
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) === 0) throw ApiError.field(422, 'promocode', messages.promoCodeNotFound);
    }
    const loan = await trx
      .insertInto('loans')
      .values({
        user_id: userId,
        product_id: LOAN_PRODUCT_ID,
        status: LoanStatus.Request,
        request_amount: input.loan_sum,
        original_request_amount: input.loan_sum,
        term: input.loan_period,
        commission: price.commissions.total,
        original_commission: price.commissions.original_total,
        return_amount: price.return_amount,
        tae_tenths: Math.round(price.tae * 10),
        is_free: price.is_free,
        promocode: promo?.code ?? null,
        attempt_reference: input.attempt_reference,
        target_url: input.target_url ?? null,
        method_of_disbursement: input.method_of_disbursement ?? null,
        iban,
        requested_ip: requestedIp,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (useEarned) await spendEarnedDiscount(trx, userId, earned.target, String(loan.id));
    return { loan, created: true };
  });
}
