import { singlePaymentApr } from '@credimo/shared/domain';

/** A product's pricing as stored: amounts in cents, commission per day in basis points by term band. */
export interface PricingRules {
  minAmount: number;
  maxAmount: number;
  amountStep: number;
  minTerm: number;
  maxTerm: number;
  termStep: number;
  freeFirstLoanMaxAmount: number;
  /** Sorted by maxTerm ascending. */
  bands: Array<{ maxTerm: number; dailyBasisPoints: number }>;
}

export interface PriceContext {
  /** New customers (and visitors) get their first loan free up to the product's limit. */
  firstLoan: boolean;
  /** percent_commission of a valid promo code, if any. */
  commissionDiscountPercent: number | null;
}

export interface PriceOption {
  is_free: boolean;
  commissions: { total: number; original_total: number };
  return_amount: number;
  tae: number;
}

export function amountsOf(rules: PricingRules): number[] {
  const amounts: number[] = [];
  for (let a = rules.minAmount; a <= rules.maxAmount; a += rules.amountStep) amounts.push(a);
  return amounts;
}

export function termsOf(rules: PricingRules): number[] {
  const terms: number[] = [];
  for (let t = rules.minTerm; t <= rules.maxTerm; t += rules.termStep) terms.push(t);
  return terms;
}

export function dailyBasisPoints(rules: PricingRules, term: number): number {
  const band = rules.bands.find((b) => term <= b.maxTerm) ?? rules.bands.at(-1);
  if (!band) throw new Error('a product needs at least one fee band');
  return band.dailyBasisPoints;
}

/**
 * A card added earns a discount on the next loan; with a promo code too, the larger one applies.
 * The one rule for the calculator's table, the SECCI and the application.
 */
export function commissionDiscount(promoPercent: number | null | undefined, earnedPercent: number | null | undefined) {
  const best = Math.max(promoPercent ?? 0, earnedPercent ?? 0);
  return best > 0 ? best : null;
}

/** Whole-cent rounding, half up, for money derived from rates. */
const roundCents = (value: number) => Math.floor(value + 0.5);

/**
 * The price of one amount for one term. The commission is the amount times the daily rate of the term's
 * band times the days. A free first loan costs nothing and takes no promo code.
 */
export function priceFor(rules: PricingRules, term: number, amount: number, context: PriceContext): PriceOption {
  const original = roundCents((amount * dailyBasisPoints(rules, term) * term) / 10_000);
  const isFree = context.firstLoan && amount <= rules.freeFirstLoanMaxAmount;
  const discount = isFree ? 0 : (context.commissionDiscountPercent ?? 0);
  const total = isFree ? 0 : roundCents((original * (100 - discount)) / 100);
  return {
    is_free: isFree,
    commissions: { total, original_total: original },
    return_amount: amount + total,
    tae: singlePaymentApr(amount, total, term),
  };
}

/** Price options keyed by term then amount. */
export function priceTable(rules: PricingRules, context: PriceContext): Record<string, Record<string, PriceOption>> {
  const table: Record<string, Record<string, PriceOption>> = {};
  for (const term of termsOf(rules)) {
    const row: Record<string, PriceOption> = {};
    for (const amount of amountsOf(rules)) row[amount] = priceFor(rules, term, amount, context);
    table[term] = row;
  }
  return table;
}
