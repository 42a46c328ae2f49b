import { LoanStatus } from '@credimo/shared/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { commissionDiscount, type PriceContext } from '../domain/price';
import { findUsablePromo } from './repository';

/** The customer's best unused earned discount (a card added), in percent; null for a visitor or none. */
export async function earnedDiscountPercent(db: Kysely<Database>, userId: string | null): Promise<number | null> {
  if (userId === null) return null;
  const row = await db
    .selectFrom('earned_discounts')
    .innerJoin('discounts', 'discounts.target', 'earned_discounts.target')
    .select('discounts.percent')
    .where('earned_discounts.user_id', '=', userId)
    .where('earned_discounts.used_by_loan_id', 'is', null)
    .orderBy('discounts.percent', 'desc')
    .executeTakeFirst();
  return row?.percent ?? null;
}

/**
 * What prices an offer for this caller, as the application will: a first loan (free up to the product's limit),
 * the promo code they entered (refused on `property` when not usable by them) and a discount they earned.
 * The calculator's table, the SECCI and the application all price with it.
 */
export async function priceContextFor(
  db: Kysely<Database>,
  caller: { userId: string | null; promocode?: string | null },
  property = 'promocode',
): Promise<PriceContext> {
  const code = caller.promocode?.trim();
  const [firstLoan, promo, earned] = await Promise.all([
    isFirstLoan(db, caller.userId),
    code ? findUsablePromo(db, code, caller.userId, property) : null,
    earnedDiscountPercent(db, caller.userId),
  ]);
  return { firstLoan, commissionDiscountPercent: commissionDiscount(promo?.percent_commission, earned) };
}

/** A new customer, priced as a first loan: nothing borrowed yet (refused or timed-out applications do not count). */
export async function isFirstLoan(db: Kysely<Database>, userId: string | null): Promise<boolean> {
  if (userId === null) return true;
  const borrowed = await db
    .selectFrom('loans')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'not in', [LoanStatus.Denied, LoanStatus.Timeout, LoanStatus.Request, LoanStatus.New])
    .executeTakeFirst();
  return borrowed === undefined;
}
