import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { queueToday, queueTomorrow } from '../jobs/daily';
import type { JobQueue } from '../jobs/queue';
import { clockToday } from './clock';
import { type AutoDebitCharger, runServicingDay } from './day';

/**
 * The daily servicing job chains itself through the queue (jobs/daily.ts); a second run of a day would post
 * nothing twice anyway.
 */
export async function queueServicingDay(jobs: JobQueue, now = new Date()): Promise<void> {
  await queueToday(jobs, 'servicing.day', now);
}

export async function servicingDayJob(db: Kysely<Database>, jobs: JobQueue, charger: AutoDebitCharger | null) {
  await runServicingDay(db, await clockToday(db), charger);
  await queueTomorrow(jobs, 'servicing.day');
}
