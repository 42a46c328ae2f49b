import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

export interface EventOutcome<R> {
  result: R;
  /** True when this event id was seen before: nothing was done, the first result is returned. */
  replayed: boolean;
}

/**
 * Runs a provider event's effect once per (provider, event id). The claim and the effect commit together, so a
 * crash leaves neither; a concurrent duplicate waits on the unique key, then finds the claim and returns the
 * first result without doing anything.
 */
export async function onceForEvent<R>(
  db: Kysely<Database>,
  provider: string,
  eventId: string,
  effect: (trx: Transaction<Database>) => Promise<R>,
): Promise<EventOutcome<R>> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('provider_events')
      .values({ provider, event_id: eventId })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!claimed) {
      const first = await trx
        .selectFrom('provider_events')
        .select('result')
        .where('provider', '=', provider)
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow();
      return { result: first.result as R, replayed: true };
    }
    const result = await effect(trx);
    await trx
      .updateTable('provider_events')
      .set({ result: JSON.stringify(result ?? null) })
      .where('provider', '=', provider)
      .where('event_id', '=', eventId)
      .execute();
    return { result, replayed: false };
  });
}
