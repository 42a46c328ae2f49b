import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** Finds the customer of a confirmed phone, creating them on first sign-in. */
export async function confirmedUser(
  db: Kysely<Database>,
  phone: string,
  options: { agreeMarketing?: boolean; registeredByAgent?: boolean; utmSource?: string | null } = {},
): Promise<string> {
  const marketing = options.agreeMarketing === true;
  const row = await db
    .insertInto('users')
    .values({
      mobile_phone: phone,
      phone_confirmed_at: sql`now()`,
      agree_marketing: marketing,
      marketing_consent_at: marketing ? sql`now()` : null,
      registered_by_agent: options.registeredByAgent === true,
      utm_source: options.utmSource ?? null,
    })
    .onConflict((oc) =>
      oc.column('mobile_phone').doUpdateSet({
        phone_confirmed_at: sql`coalesce(users.phone_confirmed_at, now())`,
        // Consent is only ever given here, never withdrawn by omission.
        agree_marketing: sql`users.agree_marketing or excluded.agree_marketing`,
        marketing_consent_at: sql`coalesce(users.marketing_consent_at, excluded.marketing_consent_at)`,
        // The source that first brought the customer is kept; a later campaign does not rewrite it.
        utm_source: sql`coalesce(users.utm_source, excluded.utm_source)`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A customer staff have blocked: cannot sign in or apply. */
export async function isBlocked(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('is_blocked').where('id', '=', userId).executeTakeFirst();
  return row?.is_blocked === true;
}

export async function findUserIdByPhone(db: Kysely<Database>, phone: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('id').where('mobile_phone', '=', phone).executeTakeFirst();
  return row?.id ?? null;
}
