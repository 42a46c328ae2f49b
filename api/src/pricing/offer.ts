import { CLOSED_LOAN_STATUSES, dueDateAfter } from '@credimo/shared/domain';
import { formatWireDate } from '@credimo/shared/format';
import { messages } from '@credimo/shared/i18n';
import type { Kysely } from 'kysely';
import { wireDay } from '../db/dates';
import type { Database } from '../db/schema';
import type { SecciData } from '../documents';
import { clockToday } from '../domain/clock';
import { amountsOf, priceFor, termsOf } from '../domain/price';
import { ApiError } from '../errors';
import { priceContextFor } from './customer';
import { findUsablePromo, loadProduct } from './repository';

/**
 * The figures of an offer for a term and amount of a product, priced for this caller as their application is:
 * a first loan free up to the limit, their promo code, a discount they earned. A customer whose own loan is for
 * this term and amount reads that loan's figures as frozen on it (after a counter-offer too), so the SECCI, the
 * signing page, the agreement and the account state the same commission, total and TAE.
 */
export async function offerFor(
  db: Kysely<Database>,
  wanted: { productId: number; term: number; amount: number },
  caller: { userId: string | null; promocode?: string | null },
  now: Date = new Date(),
): Promise<SecciData> {
  const { product, rules } = await loadProduct(db, wanted.productId);
  if (!termsOf(rules).includes(wanted.term)) throw ApiError.field(422, 'term', messages.incorrectData);
  if (!amountsOf(rules).includes(wanted.amount)) throw ApiError.field(422, 'amount', messages.incorrectData);
  const own = caller.userId === null ? undefined : await ownLoanFor(db, caller.userId, wanted);
  const today = formatWireDate(await clockToday(db, now));
  return {
    productName: product.name,
    amount: wanted.amount,
    term: wanted.term,
    price: own
      ? {
          is_free: own.is_free,
          commissions: { total: Number(own.commission) },
          return_amount: Number(own.return_amount),
          tae: own.tae_tenths / 10,
        }
      : priceFor(rules, wanted.term, wanted.amount, await priceContextFor(db, caller)),
    lateDailyBasisPoints: product.late_daily_basis_points,
    dueDate: wireDay(own?.must_pay_date) ?? dueDateAfter(today, wanted.term),
  };
}

/** The customer's open loan of this product, term and amount: what their SECCI must state. */
function ownLoanFor(db: Kysely<Database>, userId: string, wanted: { productId: number; term: number; amount: number }) {
  return db
    .selectFrom('loans')
    .select(['is_free', 'commission', 'return_amount', 'tae_tenths', 'must_pay_date'])
    .where('user_id', '=', userId)
    .where('product_id', '=', wanted.productId)
    .where('term', '=', wanted.term)
    .where('request_amount', '=', wanted.amount)
    .where('status', 'not in', [...CLOSED_LOAN_STATUSES])
    .executeTakeFirst();
}

/** The offer at the product's default amount and term (the calculator's starting point), for a visitor. */
export async function defaultOffer(db: Kysely<Database>, productId: number, now = new Date()): Promise<SecciData> {
  const { product, rules } = await loadProduct(db, productId);
  const amounts = amountsOf(rules);
  const terms = termsOf(rules);
  const amount = amounts[Math.min(product.amount_default_toggle_position, amounts.length - 1)] ?? rules.minAmount;
  const term = terms[Math.min(product.term_default_toggle_position, terms.length - 1)] ?? rules.minTerm;
  return {
    productName: product.name,
    amount,
    term,
    price: priceFor(rules, term, amount, await priceContextFor(db, { userId: null })),
    lateDailyBasisPoints: product.late_daily_basis_points,
    dueDate: dueDateAfter(formatWireDate(await clockToday(db, now)), term),
  };
}

/** The calculator's starting position of a product. */
export async function calculatorSettings(db: Kysely<Database>, productId: number) {
  const { product } = await loadProduct(db, productId);
  return {
    calculator: {
      amount_default_toggle_position: product.amount_default_toggle_position,
      term_default_toggle_position: product.term_default_toggle_position,
    },
  };
}

/** A promo code checked before prices: the entered code (either field) must be usable by this caller. */
export async function checkPromo(db: Kysely<Database>, input: string | undefined, userId: string | null) {
  if (input === undefined || !input.trim()) throw ApiError.field(422, 'promocode', messages.fieldRequired);
  const promo = await findUsablePromo(db, input, userId);
  return {
    valid: true as const,
    code: promo.code,
    percent_commission: promo.percent_commission,
    percent_extension: promo.percent_extension,
    percent_extension_price: promo.percent_extension_price,
  };
}
