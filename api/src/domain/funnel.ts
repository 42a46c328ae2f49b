import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type FunnelEvent =
  | 'decision'
  | 'issue_method'
  | 'sign_code_sent'
  | 'signing'
  | 'autodebit'
  | 'card_added'
  | 'bank_widget'
  | 'payout_started'
  | 'payout'
  | 'payout_failed'
  | 'decision_review_requested';

/** The one place funnel events are written (an event at each step); analytics read the table. */
export async function emitFunnelEvent(
  db: Kysely<Database>,
  event: { userId: string | null; loanId: string | null; name: FunnelEvent; detail?: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('funnel_events')
    .values({
      user_id: event.userId,
      loan_id: event.loanId,
      event: event.name,
      detail: JSON.stringify(event.detail ?? {}),
    })
    .execute();
}
