import { messages } from '@credimo/shared/i18n';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SecciData } from '../documents';
import { ApiError } from '../http/errors';
import { isFirstLoan } from '../loans/applications';
import { amountsOf, priceFor, termsOf } from './price';
import { findUsablePromo, loadProduct } from './repository';

/** The figures of an offer for a term and amount of a product, priced for this caller (a first loan is free). */
export async function offerFor(
  db: Kysely<Database>,
  wanted: { productId: number; term: number; amount: number },
  userId: string | null,
): Promise<SecciData> {
  const { product, rules } = await loadProduct(db, wanted.productId);
  if (!termsOf(rules).includes(wanted.term)) throw ApiError.field(422, 'term', messages.incorrectData);
  if (!amountsOf(rules).includes(wanted.amount)) throw ApiError.field(422, 'amount', messages.incorrectData);
  return {
    productName: product.name,
    amount: wanted.amount,
    term: wanted.term,
    price: priceFor(rules, wanted.term, wanted.amount, {
      firstLoan: await isFirstLoan(db, userId),
      commissionDiscountPercent: null,
    }),
    lateDailyBasisPoints: product.late_daily_basis_points,
    today: new Date(),
  };
}

/** The offer at the product's default amount and term (the calculator's starting point), for a visitor. */
export async function defaultOffer(db: Kysely<Database>, productId: number): Promise<SecciData> {
  const { product, rules } = await loadProduct(db, productId);
  const amounts = amountsOf(rules);
  const terms = termsOf(rules);
  const amount = amounts[Math.min(product.amount_default_toggle_position, amounts.length - 1)] ?? rules.minAmount;
  const term = terms[Math.min(product.term_default_toggle_position, terms.length - 1)] ?? rules.minTerm;
  return {
    productName: product.name,
    amount,
    term,
    price: priceFor(rules, term, amount, { firstLoan: await isFirstLoan(db, null), commissionDiscountPercent: null }),
    lateDailyBasisPoints: product.late_daily_basis_points,
    today: new Date(),
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
