import { randomUUID } from 'node:crypto';
import Type, { type Static } from 'typebox';
import type { ApiConfig } from '../config';

/**
 * A bank payout to a Spanish IBAN: accepted now, settled later by the bank's signed callback at
 * /v2/providers/payout/callback (`PROVIDER_SECRET_PAYOUT`): the transfer was made, or it bounced.
 */
export interface PayoutProvider {
  /** Names the callback's replay namespace and its secret (`PROVIDER_SECRET_PAYOUT`). */
  readonly name: 'payout';
  readonly sandbox: boolean;
  /** How the bank hears of the order: its API, answering by callback (the default), or the day's SEPA file. */
  readonly rail?: 'callback' | 'sepa-file';
  send(order: PayoutOrder): Promise<{ reference: string }>;
}

export interface PayoutOrder {
  amount: number;
  iban: string;
  loanPublicId: string;
}

export const PAYOUT_CALLBACK_PATH = '/v2/providers/payout/callback';

/** The bank's callback: one transfer's outcome. */
export const PayoutEvent = Type.Object({
  event_id: Type.String({ minLength: 8, maxLength: 128 }),
  reference: Type.String({ minLength: 8, maxLength: 128 }),
  status: Type.Union([Type.Literal('confirmed'), Type.Literal('failed')]),
  /** The bank's reason for a bounced transfer (e.g. the account is closed). */
  reason: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PayoutEvent = Static<typeof PayoutEvent>;

/**
 * Test IBAN of the sandbox bank: transfers to it bounce, as to a closed account (docs/providers.md, "Payouts").
 * A valid Spanish IBAN, so it passes our checks like a real closed account would.
 */
export const SANDBOX_BOUNCING_IBAN = 'ES5400491500030000000404';

/**
 * The default outside production: accepts every order and, a moment later, its "bank" posts the outcome
 * signed to the callback route (the job `payout.confirm`, see jobs/workers.ts), like the real one would.
 */
export class SandboxPayoutProvider implements PayoutProvider {
  readonly name = 'payout';
  readonly sandbox = true;
  /** @param confirmAfterSeconds seconds until the sandbox bank settles the transfer */
  constructor(readonly confirmAfterSeconds = 2) {}
  async send(): Promise<{ reference: string }> {
    return { reference: `SBX-${randomUUID()}` };
  }
  /** What the sandbox bank will answer for an order: the test IBAN bounces, every other transfer arrives. */
  outcomeFor(order: PayoutOrder): Pick<PayoutEvent, 'status' | 'reason'> {
    return order.iban === SANDBOX_BOUNCING_IBAN
      ? { status: 'failed', reason: 'account closed' }
      : { status: 'confirmed' };
  }
}

/**
 * Payouts through the lender's own bank: an order waits for the day's pain.001 credit-transfer file, which an
 * operator takes to the bank (bank-files/); the bank's pain.002 status report settles it. Nothing calls back.
 */
export class SepaFilePayoutProvider implements PayoutProvider {
  readonly name = 'payout';
  readonly sandbox = false;
  readonly rail = 'sepa-file';
  async send(): Promise<{ reference: string }> {
    return { reference: `SEPA-${randomUUID()}` };
  }
}

/** PAYOUT_PROVIDER: the sandbox bank (the default) or the day's SEPA file. */
export function payoutProviderFor(config: ApiConfig): PayoutProvider {
  return config.payoutRail.provider === 'sepa-file'
    ? new SepaFilePayoutProvider()
    : new SandboxPayoutProvider(config.payoutDelaySeconds);
}
