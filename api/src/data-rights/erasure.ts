import type { ErasureDone } from '@credimo/shared/contract';
import { CLOSED_LOAN_STATUSES } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import { addYears } from 'date-fns';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { audit } from '../identity/audit';
import type { DocumentStorage } from '../providers/document-storage';
import '../db/cached-views';

/** Credit and anti-money-laundering law keep loan, payment and identification records this long after the end. */
export const RETENTION_YEARS = 10;

/** Pure: until when the legally required records of an erasure made at `at` are kept. */
export const retentionEnd = (at: Date, years = RETENTION_YEARS) => addYears(at, years);

/**
 * The customer's erasure: refused while a loan is open. Otherwise, at once and in one transaction, the personal
 * data no law requires is deleted or anonymised (phone, names, e-mail, addresses, employment, contacts, consents,
 * cards, notifications, exports, the IBAN on the loans) and the account is locked. Loans, payments, the ledger,
 * the signatures and payouts and the identity evidence (documents, liveness) stay, locked with the identification
 * the law requires, until the retention job erases them.
 */
export async function eraseCustomer(
  db: Kysely<Database>,
  userId: string,
  address: string | null,
  retentionYears = RETENTION_YEARS,
  now = new Date(),
): Promise<ErasureDone> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['mobile_phone', 'erased_at'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const done = await trx
      .selectFrom('data_erasures')
      .select(['requested_at', 'retain_until'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (user.erased_at && done) return erasureDone(done.requested_at, done.retain_until);
    const open = await trx
      .selectFrom('loans')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', 'not in', CLOSED_LOAN_STATUSES)
      .executeTakeFirst();
    if (open) throw ApiError.request(409, messages.erasureRefusedOpenLoan);

    const profile = await trx
      .selectFrom('user_profiles')
      .select(['first_name', 'first_surname', 'second_surname', 'personal_id', 'birthday', 'nationality'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const retainUntil = retentionEnd(now, retentionYears);
    await trx
      .insertInto('data_erasures')
      .values({
        user_id: userId,
        requested_at: now,
        retain_until: retainUntil,
        identity: JSON.stringify({ ...(profile ?? {}), mobile_phone: user.mobile_phone }),
      })
      .execute();

    for (const table of [
      'user_profiles',
      'user_addresses',
      'user_employment',
      'user_contacts',
      'consents',
      'payment_cards',
      'earned_discounts',
      'notifications',
      'data_exports',
      'handoff_codes',
      'sms_codes',
    ] as const) {
      await trx.deleteFrom(table).where('user_id', '=', userId).execute();
    }
    await trx.deleteFrom('sms_outbox').where('phone', '=', user.mobile_phone).execute();
    await trx.deleteFrom('code_tries').where('phone', '=', user.mobile_phone).execute();
    await trx.updateTable('loans').set({ iban: null, requested_ip: null }).where('user_id', '=', userId).execute();
    const sessions = await trx
      .updateTable('sessions')
      .set({ revoked_at: now, created_ip: null })
      .where('user_id', '=', userId)
      .returning('id')
      .execute();
    if (sessions.length > 0)
      await trx
        .deleteFrom('cached_views')
        .where(
          'session_id',
          'in',
          sessions.map((s) => s.id),
        )
        .execute();
    await trx
      .updateTable('users')
      .set({
        mobile_phone: `erased:${userId}`,
        agree_marketing: false,
        marketing_consent_at: null,
        utm_source: null,
        is_blocked: true,
        erased_at: now,
      })
      .where('id', '=', userId)
      .execute();
    await audit(trx, {
      actor: `customer:${userId}`,
      subject: `user:${userId}`,
      action: 'data_erasure',
      address,
      detail: { retained_until: retainUntil.toISOString() },
    });
    return erasureDone(now, retainUntil);
  });
}

const erasureDone = (at: Date | string, until: Date | string): ErasureDone => ({
  erased_at: new Date(at).toISOString(),
  retained_until: new Date(until).toISOString(),
});

/**
 * The retention job: erasures whose retention has ended lose what was kept: the identity evidence (files
 * included), the identification, the signed agreements, and the IBAN and address on signatures and payouts. The
 * loans, payments and ledger stay only as anonymous figures, so the books still add up. Safe to run again.
 */
export async function purgeRetained(
  db: Kysely<Database>,
  storage: DocumentStorage | null,
  now = new Date(),
): Promise<number> {
  const due = await db
    .selectFrom('data_erasures')
    .select(['id', 'user_id'])
    .where('purged_at', 'is', null)
    .where('retain_until', '<=', now)
    .orderBy('id')
    .limit(100)
    .execute();
  for (const erasure of due) {
    const files = await db
      .selectFrom('documents')
      .select('storage_key')
      .where('user_id', '=', erasure.user_id)
      .where('storage_key', 'is not', null)
      .execute();
    // Files first: a crash after this leaves rows whose files are gone, and the next run deletes the rows.
    for (const file of files) if (file.storage_key) await storage?.delete(file.storage_key);
    await db.transaction().execute(async (trx) => {
      const userId = erasure.user_id;
      const loans = trx.selectFrom('loans').select('id').where('user_id', '=', userId);
      await trx.deleteFrom('documents').where('user_id', '=', userId).execute();
      await trx.deleteFrom('liveness_checks').where('user_id', '=', userId).execute();
      await trx.deleteFrom('loan_agreements').where('loan_id', 'in', loans).execute();
      await trx.updateTable('loan_signatures').set({ iban: '', address: null }).where('loan_id', 'in', loans).execute();
      await trx.updateTable('payouts').set({ iban: '' }).where('loan_id', 'in', loans).execute();
      await trx
        .updateTable('data_erasures')
        .set({ identity: '{}', purged_at: now })
        .where('id', '=', erasure.id)
        .execute();
      await audit(trx, {
        actor: 'job:data.retention',
        subject: `user:${userId}`,
        action: 'data_retention_erased',
        address: null,
      });
    });
  }
  return due.length;
}
