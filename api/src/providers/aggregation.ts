import Type, { type Static } from 'typebox';

/**
 * Bank-data aggregation providers (unnax, kontomatik): the customer connects their online banking inside the app's
 * page (unnax's embedded widget, kontomatik's page in an iframe; sandbox/aggregation-pages.ts), whose ending takes
 * the app to /unnax-aggregation/{status} with the bank session, which the app posts to POST /v2/loan/bank_token. What the provider read of that session (the accounts, or that it could not)
 * reaches us by its signed callback here, once per event id (`PROVIDER_SECRET_AGGREGATION`).
 */
export const AGGREGATION_PROVIDER_NAME = 'aggregation';
export const AGGREGATION_CALLBACK_PATH = '/v2/providers/aggregation/callback';

export const AggregationEvent = Type.Object({
  event_id: Type.String({ minLength: 8, maxLength: 128 }),
  provider: Type.Union([Type.Literal('unnax'), Type.Literal('kontomatik')]),
  /** The bank session as bank_token names it: unnax's `token1:token2`, kontomatik's `sessionId:sessionIdSignature`. */
  session: Type.String({ minLength: 1, maxLength: 1100 }),
  status: Type.Union([Type.Literal('imported'), Type.Literal('failed')]),
  bank_name: Type.Optional(Type.String({ maxLength: 200 })),
  accounts: Type.Array(
    Type.Object({ iban: Type.String({ maxLength: 42 }), holder: Type.Optional(Type.String({ maxLength: 200 })) }),
    { maxItems: 20 },
  ),
});
export type AggregationEvent = Static<typeof AggregationEvent>;
