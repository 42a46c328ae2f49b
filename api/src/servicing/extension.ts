import { totalAfterExtension } from '@credimo/shared/domain';
import { formatWireDate, parseWireDate } from '@credimo/shared/format';
import { messages, t } from '@credimo/shared/i18n';
import type { Kysely, Selectable } from 'kysely';
import { wireDay } from '../db/dates';
import type { Database, LoansTable } from '../db/schema';
import {
  defaultExtensionTerm,
  EXTENDABLE_STATUSES,
  extendedDueDate,
  extensionCost,
  extensionPromoPercent,
  extensionTerms,
} from '../domain/servicing-rules';
import { ApiError } from '../errors';
import type { LoanRowLike } from '../loans/applications';
import { findUsablePromo, loadProduct } from '../pricing/repository';
import { guardrailOf } from './forbearance-rules';
import type { Owed } from './owed';

type LoanRow = Selectable<LoansTable>;

/** An extension: term, cost, next_pay_date, commission_at_the_end (payment_link is added when one is requested). */
export interface ExtensionQuote {
  term: number;
  cost: number;
  next_pay_date: string;
  commission_at_the_end: number;
  promocode: string | null;
  /** What the customer will have paid in all: paid so far, this extension, and what is then due. */
  total_paid: number;
}

/** A loan can be extended when it is active, extended or overdue, its money is out and no payment is pending. */
export function isExtendable(loan: Pick<LoanRowLike, 'status' | 'must_pay_date'>, hasPendingPayment: boolean): boolean {
  return EXTENDABLE_STATUSES.includes(loan.status) && loan.must_pay_date !== null && !hasPendingPayment;
}

/** The promo percent off an extension; refuses a code that cannot be used for one. */
async function promoPercent(db: Kysely<Database>, loan: LoanRow, promocode: string | null | undefined) {
  if (!promocode?.trim()) return { percent: null, code: null };
  const promo = await findUsablePromo(db, promocode, loan.user_id);
  if (loan.is_free) throw ApiError.field(422, 'promocode', messages.promoUnusableFreeLoan);
  const percent = extensionPromoPercent(promo, loan.is_free);
  if (percent === null) throw ApiError.field(422, 'promocode', messages.promoUnusableForExtension);
  return { percent, code: promo.code };
}

/** The price of extending this loan by `term` days today, from what it owes now. */
export async function quoteExtension(
  db: Kysely<Database>,
  loan: LoanRow,
  owed: Owed,
  term: number,
  promocode: string | null | undefined,
  today: Date,
): Promise<ExtensionQuote> {
  const [{ rules }, guardrail] = await Promise.all([loadProduct(db, loan.product_id), guardrailOf(db, loan)]);
  // Past the configured number of extensions (or with an instalment plan) the plan is offered instead.
  if (!guardrail.allowed) throw ApiError.request(409, t('extensionsUsedUp', { max: guardrail.max_extensions }));
  if (!extensionTerms(rules).includes(term)) throw ApiError.field(422, 'term', messages.adjustValues);
  const promo = await promoPercent(db, loan, promocode);
  // must_pay_date comes back as a Date or as text depending on the driver: wireDay reads both.
  const due = parseWireDate(wireDay(loan.must_pay_date) ?? '') ?? today;
  const cost = extensionCost(rules, owed.principal, term, promo.percent);
  return {
    term,
    cost,
    next_pay_date: formatWireDate(extendedDueDate(due, today, term)),
    // Paying the extension buys time; the principal, commission and fines still owed are due at the new date.
    commission_at_the_end: owed.commission + owed.fine,
    promocode: promo.code,
    total_paid: totalAfterExtension(guardrail.paid_so_far, cost, owed.total),
  };
}

/**
 * Every term on offer with its price (GET /v2/loan/prolong), and the guardrail shown before each extension: none
 * on offer once the configured number is reached (the instalment plan is offered instead).
 */
export async function extensionOffer(db: Kysely<Database>, loan: LoanRow, owed: Owed, today: Date) {
  const [{ rules }, guardrail] = await Promise.all([loadProduct(db, loan.product_id), guardrailOf(db, loan)]);
  const terms = guardrail.allowed ? extensionTerms(rules) : [];
  return {
    available_extensions: terms,
    default_extension_term: defaultExtensionTerm(rules, loan.term),
    extensions: await Promise.all(terms.map((term) => quoteExtension(db, loan, owed, term, null, today))),
    guardrail,
  };
}
