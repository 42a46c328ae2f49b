import Type, { type Static } from 'typebox';
import { type ApiConfig, ConfigError } from '../config';
import type { PaymentChannel, PaymentType } from '../db/schema';
import { RedsysCheckout } from './redsys';

/**
 * Payment checkouts: the card acquirer's checkout and Bizum. The customer's browser goes to the
 * provider's page for one payment request (our reference); the provider posts the outcome, signed, to its
 * callback route, then sends the browser back to the app. The money is applied by the callback, never by the
 * browser's return.
 */
/** A provider's checkout for one payment request: where the browser goes to pay it. */
export interface PaymentCheckout {
  linkFor(request: { reference: string; channel: PaymentChannel; amount: number; payment_type: PaymentType }): string;
  /** A checkout the browser reaches by a form post (Bizum): the form's action and fields. */
  formFor?(request: { reference: string; amount: number }): { actionUrl: string; fields: Record<string, string> };
}

export const PAYMENT_PROVIDERS: Record<PaymentChannel, { name: string; callbackPath: string; checkoutPath: string }> = {
  // The card acquirer of card tokenization: the same provider, so the same secret (PROVIDER_SECRET_CARD).
  card: { name: 'card', callbackPath: '/v2/providers/card/payment/callback', checkoutPath: '/sandbox/card/checkout' },
  bizum: { name: 'bizum', callbackPath: '/v2/providers/bizum/callback', checkoutPath: '/sandbox/bizum' },
};

/** The provider's callback for a payment request: paid (with the amount it took) or failed. */
export const PaymentEvent = Type.Object({
  event_id: Type.String({ minLength: 8, maxLength: 128 }),
  reference: Type.String({ minLength: 8, maxLength: 128 }),
  status: Type.Union([Type.Literal('paid'), Type.Literal('failed')]),
  amount: Type.Integer({ minimum: 0, description: 'integer cents' }),
});
export type PaymentEvent = Static<typeof PaymentEvent>;

/** Where the provider sends the browser back: the account when paid (or still waiting), the retry screen when not. */
export function paymentReturnUrl(config: ApiConfig, outcome: 'paid' | 'failed' | 'pending'): string {
  return new URL(outcome === 'failed' ? '/account/payment/failed' : '/account', config.appUrl).toString();
}

/** The sandbox checkouts, served by this API (see sandbox/payment-pages.ts); links are absolute for the browser. */
export class SandboxCheckout implements PaymentCheckout {
  constructor(
    private readonly config: ApiConfig,
    private readonly channel: PaymentChannel,
  ) {}

  linkFor(request: { reference: string }): string {
    const url = new URL(PAYMENT_PROVIDERS[this.channel].checkoutPath, this.config.publicUrl);
    url.searchParams.set('reference', request.reference);
    return url.toString();
  }

  formFor(request: { reference: string; amount: number }) {
    return {
      actionUrl: new URL(PAYMENT_PROVIDERS[this.channel].checkoutPath, this.config.publicUrl).toString(),
      fields: { reference: request.reference, amount: String(request.amount), merchant: 'credimo' },
    };
  }
}

/**
 * The checkouts of payment requests by configuration (PAYMENTS_PROVIDER): Redsys, or the sandbox outside
 * production (production refuses to start with it, see requireRealPayments).
 */
export function paymentCheckoutsFor(config: ApiConfig): { card?: PaymentCheckout; bizum?: PaymentCheckout } {
  if (config.payments.provider === 'redsys') {
    const redsys = new RedsysCheckout(config);
    return { card: redsys, bizum: redsys };
  }
  if (config.providerMode === 'production') return {};
  return { card: new SandboxCheckout(config, 'card'), bizum: new SandboxCheckout(config, 'bizum') };
}

/** Production takes real money: never through the sandbox's pages, which pay whatever is typed. */
export function requireRealPayments(config: ApiConfig): void {
  if (config.providerMode === 'production' && config.payments.provider === 'sandbox') {
    throw new ConfigError(
      'PROVIDER_MODE=production needs a payment provider: set PAYMENTS_PROVIDER=redsys and REDSYS_MERCHANT_CODE, ' +
        'REDSYS_TERMINAL, REDSYS_SECRET_KEY',
    );
  }
}
