import type { CollectionContact } from '@credimo/shared/contract';
import { addWireDays, type ContactRefusal, contactRefusal, madridToday } from '@credimo/shared/domain';
import type { Kysely } from 'kysely';
import type { LenderIdentity } from '../config';
import { rightsSettings } from '../customer-rights';
import type { Database } from '../db/schema';

/**
 * Collection's contacts with a customer: the payment reminders sent (by email or SMS) and the calls staff log.
 * The customer reads them all in the account; staff log a call only inside the configured hours and limits.
 */

/** Every contact, newest first: the reminders the mail queue sent and the calls logged. */
export async function collectionContacts(db: Kysely<Database>, userId: string): Promise<CollectionContact[]> {
  const [mails, calls] = await Promise.all([
    db
      .selectFrom('customer_mails')
      .select(['sent_at', 'channel'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'reminder')
      .where('status', '=', 'sent')
      .execute(),
    db.selectFrom('collection_calls').select('called_at').where('user_id', '=', userId).execute(),
  ]);
  const contacts: CollectionContact[] = [
    ...mails.flatMap((m) =>
      m.sent_at && m.channel ? [{ at: new Date(m.sent_at).toISOString(), channel: m.channel }] : [],
    ),
    ...calls.map((c) => ({ at: new Date(c.called_at).toISOString(), channel: 'call' as const })),
  ];
  return contacts.sort((a, b) => b.at.localeCompare(a.at));
}

/** The contacts in the seven Madrid days up to `now`, the ones the limits count. */
async function recentContacts(db: Kysely<Database>, userId: string, now: Date): Promise<Date[]> {
  const since = addWireDays(madridToday(now), -8);
  return (await collectionContacts(db, userId))
    .map((c) => new Date(c.at))
    .filter((at) => madridToday(at) >= since && +at <= +now);
}

/** What staff read before they log a call: the rules and the customer's contacts in the last seven days. */
export async function contactStanding(db: Kysely<Database>, lender: LenderIdentity, userId: string, now = new Date()) {
  const { contact_rules: rules } = await rightsSettings(db, lender);
  const recent = await recentContacts(db, userId, now);
  const weekStart = addWireDays(madridToday(now), -6);
  return {
    rules,
    lastSevenDays: recent.filter((at) => madridToday(at) >= weekStart).length,
    refusal: contactRefusal(rules, now, recent),
  };
}

export class ContactRefused extends Error {
  constructor(readonly reason: ContactRefusal) {
    super(reason);
  }
}

/** Logs a call a staff member made, refused outside the contact hours or beyond the limits. */
export async function logCollectionCall(
  db: Kysely<Database>,
  lender: LenderIdentity,
  call: { userId: string; staff: string; note: string; now?: Date },
) {
  const now = call.now ?? new Date();
  // One call at a time per customer: two staff members logging at once cannot both pass the limits.
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', call.userId).forUpdate().executeTakeFirstOrThrow();
    const { refusal } = await contactStanding(trx, lender, call.userId, now);
    if (refusal) throw new ContactRefused(refusal);
    const loan = await trx
      .selectFrom('loans')
      .select('id')
      .where('user_id', '=', call.userId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const row = await trx
      .insertInto('collection_calls')
      .values({ user_id: call.userId, loan_id: loan?.id ?? null, staff: call.staff, note: call.note, called_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}
