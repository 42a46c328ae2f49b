import type { Kysely, Selectable } from 'kysely';
import { wireDay } from '../db/dates';
import type { Database, LoanCessionsTable, LoanWithdrawalsTable } from '../db/schema';
import type { PricingRules } from '../domain/price';
import { defaultExtensionTerm, extensionTerms } from '../domain/servicing-rules';
import type { LoanRowLike } from '../loans/applications';
import { loadProduct } from '../pricing/repository';
import type { CessionBuyer } from '../servicing/collection';
import { isExtendable } from '../servicing/extension';
import { hasPendingPayment } from '../servicing/payment-requests';
import { withdrawalView } from '../servicing/withdrawal';

/** What the servicing fields are made of, read together (servicingView) or in the poll's one statement. */
export interface ServicingParts {
  pending: boolean;
  withdrawal: Selectable<LoanWithdrawalsTable> | null | undefined;
  cession: Pick<Selectable<LoanCessionsTable>, 'buyer' | 'sold_date'> | null | undefined;
  rules: PricingRules;
}

/** The loan view's servicing fields: extensions, pending payment, withdrawal, cession. */
export async function servicingView(db: Kysely<Database>, row: LoanRowLike, today: Date) {
  const loanId = String(row.id);
  const [pending, withdrawal, cession, product] = await Promise.all([
    hasPendingPayment(db, loanId),
    db.selectFrom('loan_withdrawals').selectAll().where('loan_id', '=', loanId).executeTakeFirst(),
    db.selectFrom('loan_cessions').selectAll().where('loan_id', '=', loanId).executeTakeFirst(),
    loadProduct(db, row.product_id),
  ]);
  return servicingFields(row, { pending, withdrawal, cession, rules: product.rules }, today);
}

/** The servicing fields from their parts (pure). */
export function servicingFields(row: LoanRowLike, parts: ServicingParts, today: Date) {
  const { pending, withdrawal, cession, rules } = parts;
  const extendable = isExtendable(row, pending) && !withdrawal;
  const buyer = cession?.buyer as unknown as CessionBuyer | undefined;
  return {
    available_extensions: extendable ? extensionTerms(rules) : [],
    default_extension_term: defaultExtensionTerm(rules, row.term),
    extendable,
    has_pending_payment: pending,
    withdrawal: withdrawalView(row, withdrawal ?? undefined, today),
    cession_portfolio: cession && buyer ? { sold_date: wireDay(cession.sold_date), cession_buyer: buyer } : null,
  };
}
