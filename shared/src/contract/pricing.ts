import Type, { type Static } from 'typebox';
import { PathCents, RowId, TermDays } from './params';

const Cents = Type.Integer({ minimum: 0, description: 'integer cents' });

export const ProductParams = Type.Object({ id: RowId });

export const Product = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  currency: Type.Literal('EUR'),
  amounts: Type.Object({ min: Cents, max: Cents, step: Cents }),
  terms: Type.Object({ min: Type.Integer(), max: Type.Integer(), step: Type.Integer() }),
  free_first_loan_max_amount: Cents,
});
export type Product = Static<typeof Product>;
export const ProductsResponse = Type.Array(Product);

/** Each price option; money in integer cents, `tae` in percent with one decimal. */
export const PriceOption = Type.Object({
  is_free: Type.Boolean(),
  commissions: Type.Object({ total: Cents, original_total: Cents }),
  return_amount: Cents,
  tae: Type.Number(),
});
export type PriceOption = Static<typeof PriceOption>;

/** Keyed by term (days) then amount (cents). */
export const PricesResponse = Type.Record(Type.String(), Type.Record(Type.String(), PriceOption));
export type PricesResponse = Static<typeof PricesResponse>;

const Range = Type.Object({ min: Type.Integer(), max: Type.Integer(), step: Type.Integer({ minimum: 1 }) });
const DeltaRows = Type.Array(Type.Array(Type.Integer()), {
  description:
    'one row per term; the first value of a row whole, each next one the difference from the previous amount',
});

/**
 * The price table as sent (expand with `expandPrices` into price options keyed by term then amount): the terms
 * (days) and amounts (cents) as ranges, the amounts that are free, and per term the commission before and after
 * discounts (cents) and the TAE (tenths of a percent). The return amount is the amount plus the commission.
 */
export const CompactPrices = Type.Object({
  terms: Range,
  amounts: Range,
  free_up_to: Type.Union([Cents, Type.Null()], { description: 'amounts up to this one are free (first loan)' }),
  original_total: DeltaRows,
  total: DeltaRows,
  tae_tenths: DeltaRows,
});
export type CompactPrices = Static<typeof CompactPrices>;

export const PromoCode = Type.String({ maxLength: 32, 'x-message': 'promoCodeNotFound' });
export const PricesQuery = Type.Object({ discount: Type.Optional(PromoCode) }, { additionalProperties: false });

export const SettingsResponse = Type.Object({
  calculator: Type.Object({
    amount_default_toggle_position: Type.Integer(),
    term_default_toggle_position: Type.Integer(),
  }),
});
export type SettingsResponse = Static<typeof SettingsResponse>;

export const CheckPromocodeRequest = Type.Object(
  { promocode: Type.Optional(PromoCode), discount: Type.Optional(PromoCode) },
  { additionalProperties: false },
);
export const CheckPromocodeResponse = Type.Object({
  valid: Type.Literal(true),
  code: Type.String(),
  percent_commission: Type.Union([Type.Integer(), Type.Null()]),
  percent_extension: Type.Union([Type.Integer(), Type.Null()]),
  percent_extension_price: Type.Union([Type.Integer(), Type.Null()]),
});
export type CheckPromocodeResponse = Static<typeof CheckPromocodeResponse>;

export const OfferParams = Type.Object({
  id: RowId,
  term: TermDays,
  amount: PathCents,
  format: Type.Union([Type.Literal('html'), Type.Literal('pdf')]),
});
export const AgreementParams = Type.Object({ id: RowId, type: Type.String({ maxLength: 40 }) });

export const DiscountsQuery = Type.Object(
  { target: Type.Optional(Type.String({ maxLength: 40 })) },
  { additionalProperties: false },
);
export const DiscountsResponse = Type.Array(
  Type.Object({ target: Type.String(), percent: Type.Integer(), description: Type.String() }),
);
export type DiscountsResponse = Static<typeof DiscountsResponse>;

export const Html = Type.String();
