import type { Kysely } from 'kysely';
import { wireDay } from '../db/dates';
import type { Database } from '../db/schema';
import { defaultExtensionTerm, extensionTerms } from '../domain/servicing-rules';
import type { LoanRowLike } from '../loans/applications';
import { loadProduct } from '../pricing/repository';
import type { CessionBuyer } from './collection';
import { isExtendable } from './extension';
import { hasPendingPayment } from './payments';
import { withdrawalView } from './withdrawal';

/** The loan view's servicing fields (SPEC section 3): extensions, pending payment, withdrawal, cession. */
export async function servicingView(db: Kysely<Database>, row: LoanRowLike, today: Date) {
  const loanId = String(row.id);
  const [pending, withdrawal, cession, product] = await Promise.all([
    hasPendingPayment(db, loanId),
    db.selectFrom('loan_withdrawals').selectAll().where('loan_id', '=', loanId).executeTakeFirst(),
    db.selectFrom('loan_cessions').selectAll().where('loan_id', '=', loanId).executeTakeFirst(),
    loadProduct(db, row.product_id),
  ]);
  const extendable = isExtendable(row, pending) && !withdrawal;
  const buyer = cession?.buyer as unknown as CessionBuyer | undefined;
  return {
    available_extensions: extendable ? extensionTerms(product.rules) : [],
    default_extension_term: defaultExtensionTerm(product.rules, row.term),
    extendable,
    has_pending_payment: pending,
    withdrawal: withdrawalView(row, withdrawal, today),
    cession_portfolio: cession && buyer ? { sold_date: wireDay(cession.sold_date), cession_buyer: buyer } : null,
  };
}
