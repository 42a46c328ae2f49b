import { formatWireDate } from '@credimo/shared/format';
import { addDays, differenceInSeconds, startOfDay } from 'date-fns';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import { clockToday } from './clock';
import { type AutoDebitCharger, runServicingDay } from './day';

/**
 * The daily servicing job chains itself through the queue, not through timers: each run queues the next one
 * for just after the next midnight, one queued job per day (singleton key), so two API processes starting or
 * running at once queue it once; a second run of a day would post nothing twice anyway.
 */
export async function queueServicingDay(jobs: JobQueue, now = new Date()): Promise<void> {
  await jobs.send('servicing.day', {}, { key: `servicing-day:${formatWireDate(now)}` });
}

export async function servicingDayJob(db: Kysely<Database>, jobs: JobQueue, charger: AutoDebitCharger | null) {
  await runServicingDay(db, await clockToday(db), charger);
  const now = new Date();
  const next = addDays(startOfDay(now), 1);
  await jobs.send(
    'servicing.day',
    {},
    { key: `servicing-day:${formatWireDate(next)}`, afterSeconds: Math.max(60, differenceInSeconds(next, now) + 60) },
  );
}
