import type { ConsentHistory } from '@credimo/shared/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { audit } from '../identity/audit';
import { CONSENT_TEXT_VERSION } from '../registration/profile';

/** The consent kind that covers marketing. */
export const MARKETING = 'receiveInformation';

/** The customer's consents, newest first, and whether marketing is consented today. */
export async function consentHistory(db: Kysely<Database>, userId: string): Promise<ConsentHistory> {
  const [user, rows] = await Promise.all([
    db.selectFrom('users').select('agree_marketing').where('id', '=', userId).executeTakeFirstOrThrow(),
    db
      .selectFrom('consents')
      .select(['kind', 'accepted', 'text_version', 'at'])
      .where('user_id', '=', userId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  const latestMarketing = rows.find((row) => row.kind === MARKETING);
  return {
    marketing: latestMarketing ? latestMarketing.accepted : user.agree_marketing,
    history: rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() })),
  };
}

/** Withdrawal is recorded as a refusal under today's text, and marketing stops at once. */
export async function withdrawMarketing(
  db: Kysely<Database>,
  userId: string,
  address: string | null,
): Promise<ConsentHistory> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('consents')
      .values({ user_id: userId, kind: MARKETING, accepted: false, text_version: CONSENT_TEXT_VERSION, address })
      .execute();
    await trx
      .updateTable('users')
      .set({ agree_marketing: false, marketing_consent_at: null })
      .where('id', '=', userId)
      .execute();
    await audit(trx, {
      actor: `customer:${userId}`,
      subject: `user:${userId}`,
      action: 'marketing_consent_withdrawn',
      address,
    });
  });
  return consentHistory(db, userId);
}
