import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clockToday } from '../domain/clock';
import { queueToday, queueTomorrow } from '../queue/daily';
import type { JobQueue } from '../queue/job-queue';
import { type AutoDebitCharger, runServicingDay } from './day';

/**
 * The daily servicing job chains itself through the queue (queue/daily.ts); a second run of a day would post
 * nothing twice anyway.
 */
export async function queueServicingDay(jobs: JobQueue, now = new Date()): Promise<void> {
  await queueToday(jobs, 'servicing.day', now);
}

export async function servicingDayJob(db: Kysely<Database>, jobs: JobQueue, charger: AutoDebitCharger | null) {
  await runServicingDay(db, await clockToday(db), charger);
  await queueTomorrow(jobs, 'servicing.day');
}
