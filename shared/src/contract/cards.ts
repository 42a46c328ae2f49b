import Type, { type Static } from 'typebox';

const strict = { additionalProperties: false } as const;

/** A saved card of the user (payment_cards): id and the masked number. */
export const PaymentCard = Type.Object({
  id: Type.String(),
  pan: Type.String({ description: 'masked: first six and last four digits' }),
  holder: Type.String(),
  expiry_month: Type.Integer(),
  expiry_year: Type.Integer(),
  is_default: Type.Boolean(),
});
export type PaymentCard = Static<typeof PaymentCard>;

export const PaymentCards = Type.Array(PaymentCard);

export const PaymentCardParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$', maxLength: 18 }) });

/** POST /v2/user/payment_card: starts a card request at the acquirer; the browser goes to `url`. */
export const AddPaymentCardRequest = Type.Object(
  { return_url: Type.Optional(Type.String({ maxLength: 2000, 'x-message': 'incorrectData' })) },
  strict,
);
export const CardRequestStarted = Type.Object({
  request_id: Type.String(),
  status: Type.String(),
  url: Type.String({ description: "the acquirer's tokenization page" }),
});

export const TokenizeQuery = Type.Object({
  /** A one-time code from POST /v2/user/link_code (never the session token: addresses end up in logs). */
  code: Type.String({ maxLength: 128 }),
  return_url: Type.Optional(Type.String({ maxLength: 2000 })),
});

export const CardValidation = Type.Object({
  valid: Type.Boolean(),
  reason: Type.Union([Type.String(), Type.Null()]),
});
