import Type, { type Static } from 'typebox';
import { REDSYS_CARD_PATH } from '../providers/redsys';

/**
 * The card acquirer: the customer's browser goes to its tokenization page with our request id; the acquirer
 * tokenizes the card and posts the request's status, signed, to /v2/providers/card/callback, then sends the
 * browser back. We keep only its token and the masked number.
 */
export interface CardAcquirer {
  /** Names the callback's replay namespace and its secret (`PROVIDER_SECRET_CARD`). */
  readonly name: 'card';
  /** The tokenization page for one card request; relative addresses are on the API's own origin. */
  tokenizationUrl(requestId: string, returnUrl: string): string;
}

export const CARD_CALLBACK_PATH = '/v2/providers/card/callback';
export const SANDBOX_CARD_PATH = '/sandbox/card';

const CardStatusSchema = Type.Enum([
  'New',
  'PendingConfirmation',
  'Completed',
  'PartiallyRefunded',
  'Refunded',
  'Error',
  'Fraud',
] as const);

/** The acquirer's callback: a card request's new status and, once tokenized, the card. */
export const CardRequestEvent = Type.Object({
  event_id: Type.String({ minLength: 8, maxLength: 128 }),
  request_id: Type.String({ minLength: 8, maxLength: 128 }),
  status: CardStatusSchema,
  card: Type.Optional(
    Type.Object({
      token: Type.String({ minLength: 8, maxLength: 128 }),
      pan: Type.String({ maxLength: 19 }),
      holder: Type.String({ maxLength: 100 }),
      expiry_month: Type.Integer({ minimum: 1, maximum: 12 }),
      expiry_year: Type.Integer({ minimum: 2000, maximum: 2100 }),
    }),
  ),
});
export type CardRequestEvent = Static<typeof CardRequestEvent>;

/** The default outside production: the tokenization page is served by this API (see sandbox/card-pages.ts). */
export class SandboxCardAcquirer implements CardAcquirer {
  readonly name = 'card';
  tokenizationUrl(requestId: string, returnUrl: string): string {
    return `${SANDBOX_CARD_PATH}?${new URLSearchParams({ request_id: requestId, return_url: returnUrl })}`;
  }
}

/** Redsys saves the card: our page posts the signed form to the gateway (see routes/redsys.ts). */
export class RedsysCardAcquirer implements CardAcquirer {
  readonly name = 'card';
  tokenizationUrl(requestId: string): string {
    return `${REDSYS_CARD_PATH}?${new URLSearchParams({ request_id: requestId })}`;
  }
}
