import Type, { type Static } from 'typebox';

const strict = { additionalProperties: false } as const;

/** GET /s/{hash}: a short link's hash (random, URL-safe). */
export const ShortLinkParams = Type.Object({
  hash: Type.String({ minLength: 4, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', 'x-message': 'routeNotFound' }),
});
/** What a short link answers: a redirect (302) to its allow-listed target, documented by its Location. */
export const ShortLinkRedirect = Type.Object({ location: Type.String() });

/** POST /v2/send-log-data (type, message, context). A `funnel` log's message is a funnel step. */
export const LogDataType = Type.Union([
  Type.Literal('funnel'),
  Type.Literal('error'),
  Type.Literal('warning'),
  Type.Literal('info'),
]);
export type LogDataType = Static<typeof LogDataType>;

const ContextValue = Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean(), Type.Null()]);

export const SendLogDataRequest = Type.Object(
  {
    type: LogDataType,
    message: Type.String({ minLength: 1, maxLength: 500 }),
    context: Type.Optional(
      Type.Record(Type.String({ maxLength: 60 }), ContextValue, { maxProperties: 30, additionalProperties: false }),
    ),
  },
  strict,
);
export type SendLogDataRequest = Static<typeof SendLogDataRequest>;
export const LogDataAccepted = Type.Object({ ok: Type.Literal(true) });

/** The customer's feature flags, decided by the API per customer. */
export const CustomerFeatures = Type.Object({
  is_bizum_payment_provider_enabled: Type.Boolean(),
  is_hide_skip_auto_debit_button: Type.Boolean(),
  payment_procession_on_loan_view: Type.Boolean(),
  liveness: Type.Object({ allowed: Type.Boolean() }),
});
export type CustomerFeatures = Static<typeof CustomerFeatures>;
