import { randomUUID } from 'node:crypto';

/** A bank payout to a Spanish IBAN: accepted now, confirmed later (by a signed callback or a statement). */
export interface PayoutProvider {
  readonly sandbox: boolean;
  send(order: { amount: number; iban: string; loanPublicId: string }): Promise<{ reference: string }>;
}

/** The default outside production: accepts every order; a job confirms it a moment later, as the bank would. */
export class SandboxPayoutProvider implements PayoutProvider {
  readonly sandbox = true;
  /** Seconds until the sandbox bank confirms the transfer. */
  readonly confirmAfterSeconds = 2;
  async send(): Promise<{ reference: string }> {
    return { reference: `SBX-${randomUUID()}` };
  }
}
