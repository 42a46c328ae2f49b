import type { Kysely } from 'kysely';
import type { CustomerMailKind, Database } from '../db/schema';
import type { AgreementDetail, ReceiptDetail, ReminderDetail, ReviewAnswerDetail, WithdrawalDetail } from './compose';

type Details = {
  receipt: ReceiptDetail;
  agreement: AgreementDetail;
  withdrawal: WithdrawalDetail;
  reminder: ReminderDetail;
  review_answer: ReviewAnswerDetail;
};

/**
 * Records a message for the customer, once per key, with the step that causes it (pass that step's transaction):
 * only a row is written here; the job queue sends it after the commit (deliver.ts), so a mail server's failure
 * can never undo a payment, a signature or a withdrawal. Answers whether the message is new.
 */
export async function recordCustomerMail<K extends CustomerMailKind>(
  db: Kysely<Database>,
  mail: { key: string; kind: K; userId: string; loanId: string; detail: Details[K] },
): Promise<boolean> {
  const inserted = await db
    .insertInto('customer_mails')
    .values({
      key: mail.key,
      kind: mail.kind,
      user_id: mail.userId,
      loan_id: mail.loanId,
      detail: JSON.stringify(mail.detail),
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The key of a loan's reminder of one kind on one day: the database keeps one. */
export const reminderKey = (loanId: string, kind: string, day: string) => `reminder:${loanId}:${kind}:${day}`;
