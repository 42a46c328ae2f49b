import type { Kysely } from 'kysely';
import { importBankData } from '../aggregation';
import { buildExport, dropExpiredExports, purgeRetained } from '../data-rights';
import type { Database } from '../db/schema';
import { forgetDeadSessions } from '../identity/poll-cache';
import { decide, decisionTimeout } from '../loans/decision';
import { deliverCustomerMails, type MailChannels } from '../mail';
import type { DocumentStorage } from '../providers/document-storage';
import type { PayoutEvent } from '../providers/payout';
import { queueToday, queueTomorrow } from '../queue/daily';
import type { JobQueue } from '../queue/job-queue';
import type { AutoDebitCharger } from '../servicing';
import { queueServicingDay, servicingDayJob } from '../servicing/jobs';

/** The sandbox bank: posts a transfer's outcome, signed, to the payout callback route; answers its status code. */
export type SandboxPayoutBank = (event: PayoutEvent) => Promise<number>;

/** How often the mail job looks for messages recorded since its last run. */
export const MAIL_RELAY_SECONDS = 3;

/** The mail job chains itself: one queued run at a time (its key), the next a few seconds after this one. */
const queueMailRelay = (jobs: JobQueue, afterSeconds = MAIL_RELAY_SECONDS) =>
  jobs.send('mail.send', {}, { key: 'mail.send', afterSeconds });

/** What each job does; every handler checks the loan's state first, so running a job twice is harmless. */
export async function startWorkers(
  db: Kysely<Database>,
  jobs: JobQueue,
  {
    charger = null,
    payoutBank = null,
    mail = null,
    storage = null,
  }: {
    charger?: AutoDebitCharger | null;
    payoutBank?: SandboxPayoutBank | null;
    mail?: MailChannels | null;
    storage?: DocumentStorage | null;
  } = {},
): Promise<void> {
  await jobs.work({
    'loan.decide': async (data) => void (await decide(db, jobs, String(data.loanId))),
    'loan.decision-timeout': async (data) => void (await decisionTimeout(db, String(data.loanId), Number(data.status))),
    'bank.import': async (data) => importBankData(db, String(data.importId)),
    'payout.confirm': async (data) => {
      if (!payoutBank) return;
      const reference = String(data.reference);
      const status = await payoutBank({
        event_id: `sbx-payout-${reference}`,
        reference,
        status: data.status === 'failed' ? 'failed' : 'confirmed',
        ...(typeof data.reason === 'string' ? { reason: data.reason } : {}),
      });
      // A payout whose loan no longer awaits it (settled by another callback, or refused) is not retried.
      if (status !== 200 && status !== 409) throw new Error(`sandbox payout callback answered ${status}`);
    },
    'servicing.day': async () => servicingDayJob(db, jobs, charger),
    'cache.forget-dead-sessions': async () => {
      await forgetDeadSessions(db);
      await queueTomorrow(jobs, 'cache.forget-dead-sessions');
    },
    'mail.send': async () => {
      try {
        if (mail) await deliverCustomerMails(db, mail);
      } finally {
        await queueMailRelay(jobs);
      }
    },
    'data.export': async (data) => buildExport(db, String(data.exportId), Number(data.days) || undefined),
    'data.retention': async () => {
      await dropExpiredExports(db);
      await purgeRetained(db, storage);
      await queueTomorrow(jobs, 'data.retention');
    },
  });
  await queueServicingDay(jobs);
  await queueToday(jobs, 'cache.forget-dead-sessions');
  if (mail) await queueMailRelay(jobs, 0);
  await queueToday(jobs, 'data.retention');
}
