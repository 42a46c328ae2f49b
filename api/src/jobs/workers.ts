import type { Kysely } from 'kysely';
import { importBankData } from '../aggregation';
import type { Database } from '../db/schema';
import { decide, decisionTimeout } from '../loans/decision';
import { confirmPayout } from '../loans/payout';
import { type AutoDebitCharger, clockToday } from '../servicing';
import { queueServicingDay, servicingDayJob } from '../servicing/jobs';
import type { JobQueue } from './queue';

/** What each job does; every handler checks the loan's state first, so running a job twice is harmless. */
export async function startWorkers(
  db: Kysely<Database>,
  jobs: JobQueue,
  charger: AutoDebitCharger | null = null,
): Promise<void> {
  await jobs.work({
    'loan.decide': async (data) => void (await decide(db, jobs, String(data.loanId))),
    'loan.decision-timeout': async (data) => void (await decisionTimeout(db, String(data.loanId), Number(data.status))),
    'bank.import': async (data) => importBankData(db, String(data.importId)),
    'payout.confirm': async (data) => {
      try {
        // The sandbox bank pays on the servicing clock's day, so an aged sandbox gives new loans today's dates.
        await confirmPayout(db, String(data.reference), 'sandbox-bank', await clockToday(db));
      } catch (error) {
        // A payout whose loan no longer awaits it (already confirmed by a callback, or refused) is not retried.
        if ((error as { statusCode?: number }).statusCode !== 409) throw error;
      }
    },
    'servicing.day': async () => servicingDayJob(db, jobs, charger),
  });
  await queueServicingDay(jobs);
}
