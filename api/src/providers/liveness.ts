import type { LivenessEngine, LivenessStatus } from '@credimo/shared/domain';
import { LIVENESS_ENGINES } from '@credimo/shared/domain';
import type { Kysely } from 'kysely';
import Type, { type Static, type TSchema } from 'typebox';
import type { Database } from '../db/schema';

export interface LivenessVerdict {
  transactionId: string;
  status: LivenessStatus;
}

/**
 * A face-liveness provider. The customer's browser goes to the provider's capture page, which runs the engines
 * (video_selfie_blank, photo_id_front, photo_id_back) and sends the browser back to `returnUrl`
 * with `transaction_id`; the app hands that id to PUT /v2/user/liveness. The verdict reaches us by the provider's
 * signed callback, or by `lookup` when the callback has not arrived yet.
 */
export interface LivenessProvider<Event extends TSchema = TSchema> {
  /** Names the callback's replay namespace and its secret (`PROVIDER_SECRET_LIVENESS`). */
  readonly name: 'liveness';
  /** The capture page for a customer; relative addresses are on the API's own origin. */
  captureUrl(returnUrl: string, engines?: readonly LivenessEngine[]): string;
  /** Asks the provider for a transaction's verdict; null when it does not know the transaction. */
  lookup(transactionId: string): Promise<LivenessStatus | null>;
  /** The provider's callback: its body, the event's unique id, and the verdict it carries. */
  readonly callback: {
    body: Event;
    eventId(event: Static<Event>): string;
    verdict(event: Static<Event>): LivenessVerdict;
  };
}

/** The sandbox provider's callback: what its server posts, signed, to /v2/providers/liveness/callback. */
export const SandboxLivenessEvent = Type.Object({
  event_id: Type.String({ minLength: 8, maxLength: 128 }),
  transaction_id: Type.String({ minLength: 8, maxLength: 128 }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('success'), Type.Literal('failed')]),
});
export type SandboxLivenessEvent = Static<typeof SandboxLivenessEvent>;

export const SANDBOX_LIVENESS_PATH = '/sandbox/liveness';

/** The default outside production: the capture page is served by this API (see sandbox/liveness-pages.ts). */
export class SandboxLivenessProvider implements LivenessProvider<typeof SandboxLivenessEvent> {
  readonly name = 'liveness';
  constructor(private readonly db: Kysely<Database>) {}

  captureUrl(returnUrl: string, engines: readonly LivenessEngine[] = LIVENESS_ENGINES): string {
    const query = new URLSearchParams({ return_url: returnUrl, engines: engines.join(',') });
    return `${SANDBOX_LIVENESS_PATH}?${query}`;
  }

  async lookup(transactionId: string): Promise<LivenessStatus | null> {
    const row = await this.db
      .selectFrom('sandbox_liveness_transactions')
      .select('status')
      .where('id', '=', transactionId)
      .executeTakeFirst();
    return row?.status ?? null;
  }

  readonly callback = {
    body: SandboxLivenessEvent,
    eventId: (event: SandboxLivenessEvent) => event.event_id,
    verdict: (event: SandboxLivenessEvent): LivenessVerdict => ({
      transactionId: event.transaction_id,
      status: event.status,
    }),
  };
}
