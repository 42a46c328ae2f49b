import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { Mailer, MailMessage } from '../providers/mail';
import type { SmsProvider } from '../providers/sms';
import { composeMail } from './compose';

/** After this many failed tries a message is given up on (status failed, its last error kept). */
export const MAIL_ATTEMPTS = 5;
/** A failed try waits this long before the next; a claim older than the stale limit was lost with its process. */
const RETRY_AFTER = sql<Date>`now() - interval '1 minute'`;
const STALE_CLAIM = sql<Date>`now() - interval '10 minutes'`;

export interface MailChannels {
  mailer: Mailer;
  sms: SmsProvider;
}

/** Takes the next message due for sending, so two workers never send the same one. */
async function claimNext(db: Kysely<Database>) {
  return db
    .updateTable('customer_mails')
    .set((eb) => ({ status: 'sending', claimed_at: sql`now()`, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('customer_mails')
        .select('id')
        .where((w) =>
          w.or([
            w.and([
              w('status', '=', 'pending'),
              w.or([w('claimed_at', 'is', null), w('claimed_at', '<', RETRY_AFTER)]),
            ]),
            w.and([w('status', '=', 'sending'), w('claimed_at', '<', STALE_CLAIM)]),
          ]),
        )
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .executeTakeFirst();
}

type Claimed = NonNullable<Awaited<ReturnType<typeof claimNext>>>;

async function agreementPdf(db: Kysely<Database>, loanId: string) {
  return db
    .selectFrom('loan_agreements')
    .select(['name', 'pdf'])
    .where('loan_id', '=', loanId)
    .where('type', '=', 'agreement')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Sends one claimed message by email, or by SMS for a reminder to a customer without an email. */
async function sendOne(db: Kysely<Database>, channels: MailChannels, row: Claimed): Promise<'email' | 'sms' | null> {
  const customer = await db
    .selectFrom('users')
    .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
    .select(['users.mobile_phone', 'user_profiles.email', 'user_profiles.first_name'])
    .where('users.id', '=', row.user_id)
    .executeTakeFirstOrThrow();
  const composed = composeMail(row.kind, row.detail, customer.first_name ?? '');
  const email = customer.email?.trim();
  if (!email) {
    if (!composed.sms) return null;
    await channels.sms.send({ phone: customer.mobile_phone, channel: 'sms', body: composed.sms });
    return 'sms';
  }
  const message: MailMessage = { to: email, subject: composed.subject, text: composed.text };
  if (row.kind === 'agreement') {
    const agreement = await agreementPdf(db, String(row.loan_id));
    if (!agreement) throw new Error(`loan ${row.loan_id} has no signed agreement to attach`);
    message.attachments = [{ filename: agreement.name, contentType: 'application/pdf', content: agreement.pdf }];
  }
  await channels.mailer.send(message);
  return 'email';
}

/**
 * Sends every message waiting (the `mail.send` job): each is claimed, sent, and marked sent, skipped (no email
 * and no SMS for its kind) or, after MAIL_ATTEMPTS failures, failed. One message's failure never stops the others.
 */
export async function deliverCustomerMails(db: Kysely<Database>, channels: MailChannels) {
  const done = { sent: 0, skipped: 0, failed: 0 };
  for (let row = await claimNext(db); row; row = await claimNext(db)) {
    try {
      const channel = await sendOne(db, channels, row);
      await db
        .updateTable('customer_mails')
        .set({ status: channel ? 'sent' : 'skipped', channel, sent_at: sql`now()`, last_error: null })
        .where('id', '=', row.id)
        .execute();
      done[channel ? 'sent' : 'skipped'] += 1;
    } catch (error) {
      const givenUp = row.attempts >= MAIL_ATTEMPTS;
      await db
        .updateTable('customer_mails')
        .set({ status: givenUp ? 'failed' : 'pending', last_error: String((error as Error).message ?? error) })
        .where('id', '=', row.id)
        .execute();
      done.failed += 1;
    }
  }
  return done;
}
