import type { UserResponse } from '@credimo/shared/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { Session } from './sessions';

/** Finds the customer of a confirmed phone, creating them on first sign-in. */
export async function confirmedUser(
  db: Kysely<Database>,
  phone: string,
  options: { agreeMarketing?: boolean; registeredByAgent?: boolean } = {},
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
    })
    .onConflict((oc) =>
      oc.column('mobile_phone').doUpdateSet({
        phone_confirmed_at: sql`coalesce(users.phone_confirmed_at, now())`,
        // Consent is only ever given here, never withdrawn by omission.
        agree_marketing: sql`users.agree_marketing or excluded.agree_marketing`,
        marketing_consent_at: sql`coalesce(users.marketing_consent_at, excluded.marketing_consent_at)`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findUserIdByPhone(db: Kysely<Database>, phone: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('id').where('mobile_phone', '=', phone).executeTakeFirst();
  return row?.id ?? null;
}

/** SPEC section 3's user as GET /v2/user answers it; registration and loans fill in more later. */
export async function userView(db: Kysely<Database>, session: Session): Promise<UserResponse> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', session.userId).executeTakeFirstOrThrow();
  return {
    id: user.id,
    is_repeated: false,
    is_registered_by_agent: user.registered_by_agent,
    is_blacklisted: user.is_blacklisted,
    contacts: { mobile_phone: user.mobile_phone },
    phone_confirmation: { is_phone_confirmed: user.phone_confirmed_at !== null },
    // Registration is not finished until the personal data exists (registration issue).
    permissions: { is_blocked: user.is_blocked, authorization_status: 1 },
    personal_data: null,
    loan: null,
    session: { kind: session.kind, actor: session.actor },
  };
}
