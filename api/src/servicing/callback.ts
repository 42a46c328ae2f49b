import { messages } from '@credimo/shared/i18n';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { hmac, safeEqual, secret } from '../identity/crypto';
import { settlePaymentRequest } from './payments';

/** The card acquirer's or Bizum's answer to a payment request, signed with HMAC-SHA256 in x-signature. */
export interface PaymentCallback {
  reference: string;
  status: 'paid' | 'failed';
  nonce: string;
  timestamp: number;
}

/** Older callbacks are refused, so a captured one cannot be replayed much later. */
const CALLBACK_MAX_AGE_SECONDS = 300;

const callbackText = (c: PaymentCallback) => `${c.reference}.${c.status}.${c.nonce}.${c.timestamp}`;

/** What the (sandbox) card acquirer and Bizum sign their callbacks with; the key is shared with them. */
export async function signPaymentCallback(db: Kysely<Database>, callback: PaymentCallback): Promise<string> {
  return hmac(await secret(db, 'payment_callback_key'), callbackText(callback));
}

/**
 * POST /v2/providers/payments/callback: signature and age checked, each nonce once; the payment itself is
 * applied once per request however often the provider repeats it (even with fresh nonces).
 */
export async function paymentCallback(
  db: Kysely<Database>,
  callback: PaymentCallback,
  signature: string | undefined,
  today: Date,
): Promise<{ applied: boolean }> {
  const expected = await signPaymentCallback(db, callback);
  const age = Math.abs(Date.now() / 1000 - callback.timestamp);
  if (!signature || !safeEqual(expected, signature) || age > CALLBACK_MAX_AGE_SECONDS) {
    throw ApiError.request(401, messages.callbackRejected);
  }
  const fresh = await db
    .insertInto('provider_callback_nonces')
    .values({ provider: 'payment', nonce: callback.nonce })
    .onConflict((oc) => oc.columns(['provider', 'nonce']).doNothing())
    .returning('nonce')
    .executeTakeFirst();
  if (!fresh) return { applied: false };
  try {
    const { applied } = await settlePaymentRequest(db, callback.reference, callback.status, 'payment-callback', today);
    return { applied };
  } catch (error) {
    // A refused callback must not burn its nonce: the provider may retry it.
    await db
      .deleteFrom('provider_callback_nonces')
      .where('provider', '=', 'payment')
      .where('nonce', '=', callback.nonce)
      .execute();
    throw error;
  }
}
