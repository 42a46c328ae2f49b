import { formatWireDate } from '@credimo/shared/format';
import { addDays, differenceInSeconds, startOfDay } from 'date-fns';
import type { JobName, JobQueue } from './job-queue';

/**
 * A daily job chains itself through the queue, not through timers: each run queues the next one for just after
 * the next midnight, one queued job per day and name (singleton key), so two API processes starting or running
 * at once queue it once.
 */
export async function queueToday(jobs: JobQueue, name: JobName, now = new Date()): Promise<void> {
  await jobs.send(name, {}, { key: `${name}:${formatWireDate(now)}` });
}

export async function queueTomorrow(jobs: JobQueue, name: JobName, now = new Date()): Promise<void> {
  const next = addDays(startOfDay(now), 1);
  await jobs.send(
    name,
    {},
    { key: `${name}:${formatWireDate(next)}`, afterSeconds: Math.max(60, differenceInSeconds(next, now) + 60) },
  );
}
