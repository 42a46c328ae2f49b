import { messages } from '@credimo/shared/i18n';
import type { Selectable } from 'kysely';
import { type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Database, ProductsTable, PromoCodesTable } from '../db/schema';
import type { PricingRules } from '../domain/price';
import { ApiError } from '../errors';

/**
 * A product and its fee bands in one statement: every calculator on every WordPress page asks for the price
 * table, whose published form is kept in memory; this read of the current rules is what each request costs.
 */
export async function loadProduct(db: Kysely<Database>, id: number) {
  const found = await db
    .selectFrom('products')
    .selectAll('products')
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('product_fee_bands')
          .select(['product_fee_bands.max_term', 'product_fee_bands.daily_basis_points'])
          .whereRef('product_fee_bands.product_id', '=', 'products.id')
          .orderBy('product_fee_bands.max_term'),
      ).as('bands'),
    )
    .where('products.id', '=', id)
    .executeTakeFirst();
  if (!found) throw ApiError.request(404, messages.routeNotFound);
  const { bands, ...product } = found;
  return { product, rules: pricingRules(product, bands) };
}

/** A product row and its fee bands (ordered by max_term) as the pricing rules. */
export function pricingRules(
  product: Pick<
    Selectable<ProductsTable>,
    'min_amount' | 'max_amount' | 'amount_step' | 'min_term' | 'max_term' | 'term_step' | 'free_first_loan_max_amount'
  >,
  bands: ReadonlyArray<{ max_term: number; daily_basis_points: number }>,
): PricingRules {
  return {
    minAmount: product.min_amount,
    maxAmount: product.max_amount,
    amountStep: product.amount_step,
    minTerm: product.min_term,
    maxTerm: product.max_term,
    termStep: product.term_step,
    freeFirstLoanMaxAmount: product.free_first_loan_max_amount,
    bands: bands.map((b) => ({ maxTerm: b.max_term, dailyBasisPoints: b.daily_basis_points })),
  };
}

/** A promo code is trimmed, at most 10 uppercase alphanumerics. Typed lowercase is accepted and raised. */
export function normalisePromoCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return /^[A-Z0-9]{1,10}$/.test(code) ? code : null;
}

const notFound = (property: string) => ApiError.field(422, property, messages.promoCodeNotFound);

/**
 * A promo code usable now by this caller: within its dates and uses, and a personal code only by its owner.
 * A code past its end date is "expired" (promoCodeExpired); anything else is "not found", so
 * codes cannot be probed for whom they belong to (another customer's code is not found, expired or not).
 */
export async function findUsablePromo(
  db: Kysely<Database>,
  input: string,
  userId: string | null,
  property = 'promocode',
): Promise<Selectable<PromoCodesTable>> {
  const code = normalisePromoCode(input);
  if (!code) throw notFound(property);
  const found = await db
    .selectFrom('promo_codes')
    .selectAll()
    .select([
      sql<boolean>`valid_from <= now()`.as('started'),
      sql<boolean>`valid_to is not null and valid_to <= now()`.as('expired'),
      sql<boolean>`max_uses is not null and used_count >= max_uses`.as('used_up'),
    ])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!found || (found.user_id !== null && found.user_id !== userId)) throw notFound(property);
  const { started, expired, used_up: usedUp, ...promo } = found;
  if (expired) throw ApiError.field(422, property, messages.promoCodeExpired);
  if (!started || usedUp) throw notFound(property);
  return promo;
}

/** The products on sale, with their sliders' limits as the contract names them. */
export async function listProducts(db: Kysely<Database>) {
  const products = await db.selectFrom('products').selectAll().orderBy('id').execute();
  return products.map((p) => ({
    id: p.id,
    name: p.name,
    currency: 'EUR' as const,
    amounts: { min: p.min_amount, max: p.max_amount, step: p.amount_step },
    terms: { min: p.min_term, max: p.max_term, step: p.term_step },
    free_first_loan_max_amount: p.free_first_loan_max_amount,
  }));
}

/** The standing discounts, all or those of one target. */
export async function listDiscounts(db: Kysely<Database>, target?: string) {
  let query = db.selectFrom('discounts').selectAll();
  if (target) query = query.where('target', '=', target);
  return query.orderBy('target').execute();
}
