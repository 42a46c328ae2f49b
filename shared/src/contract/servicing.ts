import Type, { type Static } from 'typebox';
import { ExtensionGuardrailSchema } from './forbearance';

const strict = { additionalProperties: false } as const;
const Cents = Type.Integer({ description: 'integer cents' });

/** The payment types: extension (prolongation), partial repayment, payoff. */
export const PaymentTypeSchema = Type.Union([
  Type.Literal('prolongation'),
  Type.Literal('partial_repay'),
  Type.Literal('payoff'),
]);

/** An extension on offer. */
export const ExtensionSchema = Type.Object({
  term: Type.Integer(),
  cost: Cents,
  next_pay_date: Type.String({ description: 'yyyy-MM-dd' }),
  commission_at_the_end: Cents,
  promocode: Type.Union([Type.String(), Type.Null()]),
  total_paid: Type.Optional(
    Type.Integer({ description: 'integer cents: paid so far, this extension, and what is then due' }),
  ),
  payment_link: Type.String({
    description:
      'The card payment address for this extension (payment_type, term, promocode); the browser ' +
      'adds its access_token to open it',
  }),
});

export const ProlongResponse = Type.Object({
  available_extensions: Type.Array(Type.Integer()),
  default_extension_term: Type.Integer(),
  extensions: Type.Array(ExtensionSchema),
  guardrail: Type.Optional(ExtensionGuardrailSchema),
});
export type ProlongResponse = Static<typeof ProlongResponse>;

export const ProlongDetailsQuery = Type.Object({
  term: Type.Integer({ minimum: 1, maximum: 366, 'x-message': 'adjustValues' }),
  promocode: Type.Optional(Type.String({ maxLength: 32, 'x-message': 'promoCodeNotFound' })),
});

export const ActivateExtensionRequest = Type.Object(
  {
    term: Type.Integer({ minimum: 1, maximum: 366, 'x-message': 'adjustValues' }),
    promocode: Type.Optional(Type.String({ maxLength: 32, 'x-message': 'promoCodeNotFound' })),
  },
  strict,
);

export const ActivateExtensionResponse = Type.Object({
  term: Type.Integer(),
  cost: Cents,
  next_pay_date: Type.String(),
  commission_at_the_end: Cents,
  promocode: Type.Union([Type.String(), Type.Null()]),
  total_paid: Type.Optional(Type.Integer()),
  reference: Type.String(),
  payment_link: Type.Union([Type.String(), Type.Null()]),
});

export const PartialRepayResponse = Type.Object({
  min: Cents,
  max: Cents,
  step: Cents,
  has_pending_payment: Type.Boolean(),
  today: Type.Object({ body: Cents, annual_commission: Cents, fine: Cents, amount: Cents }),
});
export type PartialRepayResponse = Static<typeof PartialRepayResponse>;

/** POST /v2/loan/payment-request/generate and …/bizum/generate (a payload of our own). */
export const PaymentRequestBody = Type.Object(
  {
    payment_type: PaymentTypeSchema,
    // Any integer reaches the rules, so 0, negatives and off-step amounts get their own Spanish message.
    amount: Type.Optional(Type.Integer({ description: 'integer cents', 'x-message': 'paymentAmountInvalid' })),
    term: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, 'x-message': 'adjustValues' })),
    promocode: Type.Optional(Type.String({ maxLength: 32, 'x-message': 'promoCodeNotFound' })),
  },
  strict,
);

/** POST /v2/loan/payment/saved_card: a payment request paid at once with a saved card (an endpoint of our own). */
export const SavedCardPaymentBody = Type.Object(
  {
    ...PaymentRequestBody.properties,
    card_id: Type.String({ pattern: '^[0-9]{1,18}$', maxLength: 18, 'x-message': 'savedCardUnavailable' }),
    idempotency_key: Type.String({
      minLength: 8,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_-]+$',
      description: 'one per payment the customer means to make: the same key again never charges twice',
      'x-message': 'incorrectData',
    }),
  },
  strict,
);

export const PaymentRequestResponse = Type.Object({
  reference: Type.String(),
  payment_type: PaymentTypeSchema,
  channel: Type.Union([Type.Literal('card'), Type.Literal('bizum')]),
  amount: Cents,
  term: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.String(),
  payment_link: Type.Union([Type.String(), Type.Null()]),
});

export const WithdrawalRequest = Type.Object(
  { confirm: Type.Literal(true, { 'x-message': 'checkboxFieldRequired' }) },
  strict,
);

/** The 14-day withdrawal as the loan view and POST /v2/loan/withdrawal show it. */
export const WithdrawalSchema = Type.Object({
  available: Type.Boolean(),
  until: Type.Union([Type.String(), Type.Null()]),
  amount: Cents,
  principal: Cents,
  interest: Cents,
  requested_on: Type.Union([Type.String(), Type.Null()]),
  acknowledgement: Type.Union([Type.String(), Type.Null()]),
});

export const CessionPortfolioSchema = Type.Object({
  sold_date: Type.Union([Type.String(), Type.Null()]),
  cession_buyer: Type.Object({
    name: Type.String(),
    phone: Type.String(),
    email: Type.String(),
    account_holder_name: Type.String(),
    account_number: Type.String(),
    swift: Type.String(),
    bank_name: Type.String(),
  }),
});

/** The loan view's servicing fields. */
export const ServicingViewFields = {
  available_extensions: Type.Optional(Type.Array(Type.Integer())),
  default_extension_term: Type.Optional(Type.Integer()),
  extendable: Type.Optional(Type.Boolean()),
  has_pending_payment: Type.Optional(Type.Boolean()),
  withdrawal: Type.Optional(Type.Union([WithdrawalSchema, Type.Null()])),
  cession_portfolio: Type.Optional(Type.Union([CessionPortfolioSchema, Type.Null()])),
};

/**
 * The card payment URL and the Bizum query take the payment in the query, with the access
 * token, because the browser itself goes there (a redirect to the checkout; Bizum's action and fields to post).
 */
export const PaymentLinkQuery = Type.Object({
  /** A one-time code from POST /v2/user/link_code (never the session token: addresses end up in logs). */
  code: Type.String({ maxLength: 128 }),
  payment_type: PaymentTypeSchema,
  amount: Type.Optional(Type.Integer({ description: 'integer cents', 'x-message': 'paymentAmountInvalid' })),
  term: Type.Optional(Type.Integer({ minimum: 1, maximum: 366, 'x-message': 'adjustValues' })),
  promocode: Type.Optional(Type.String({ maxLength: 32, 'x-message': 'promoCodeNotFound' })),
});

/** Bizum's form: the browser posts `fields` to `actionUrl` (multipart/form-data). */
export const BizumPaymentForm = Type.Object({
  reference: Type.String(),
  actionUrl: Type.String(),
  fields: Type.Record(Type.String(), Type.String()),
});
