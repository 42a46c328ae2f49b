import type { UserResponse } from '@credimo/shared/contract';
import { isOpenLoanStatus } from '@credimo/shared/domain';
import { type Kysely, sql } from 'kysely';
import { wireDay } from '../db/dates';
import type { Database } from '../db/schema';
import { currentLoan } from '../loans/applications';
import { fullLoanView, isRepeatedCustomer } from '../loans/loan-details';
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

/** SPEC section 3's user as GET /v2/user answers it; loans fill in more later. */
export async function userView(db: Kysely<Database>, session: Session): Promise<UserResponse> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', session.userId).executeTakeFirstOrThrow();
  const [profile, addresses, employment, contacts, loan, repeated] = await Promise.all([
    db.selectFrom('user_profiles').selectAll().where('user_id', '=', user.id).executeTakeFirst(),
    db.selectFrom('user_addresses').selectAll().where('user_id', '=', user.id).execute(),
    db.selectFrom('user_employment').selectAll().where('user_id', '=', user.id).executeTakeFirst(),
    db.selectFrom('user_contacts').selectAll().where('user_id', '=', user.id).execute(),
    currentLoan(db, user.id),
    isRepeatedCustomer(db, user.id),
  ]);
  const address = (kind: 'actual' | 'registration') => {
    const a = addresses.find((row) => row.kind === kind);
    return a
      ? {
          postal_code: a.postal_code,
          region: a.region,
          city: a.city,
          street: a.street,
          house: a.house,
          block: a.block,
          apartment: a.apartment,
        }
      : null;
  };
  const personal = profile
    ? {
        first_name: profile.first_name,
        first_surname: profile.first_surname,
        second_surname: profile.second_surname,
        personal_id: profile.personal_id,
        expiration_date: wireDay(profile.expiry_date) ?? '',
        nationality: profile.nationality,
        birthday: wireDay(profile.birthday) ?? '',
        gender: profile.gender,
        email: profile.email,
      }
    : null;
  const job = employment
    ? {
        employment_type_id: employment.employment_type_id,
        education: employment.education,
        has_current_loan: employment.has_current_loan,
        business_activity_id: employment.business_activity_id,
        company_name: employment.company_name,
        position: employment.position,
        employment_date: wireDay(employment.employment_date),
        income_amount: employment.income_amount === null ? null : Number(employment.income_amount),
        income_date: wireDay(employment.income_date),
      }
    : null;
  const view = {
    id: user.id,
    is_repeated: repeated,
    is_hide_skip_auto_debit_button: user.is_hide_skip_auto_debit_button,
    is_registered_by_agent: user.registered_by_agent,
    is_blacklisted: user.is_blacklisted,
    contacts: { mobile_phone: user.mobile_phone },
    phone_confirmation: { is_phone_confirmed: user.phone_confirmed_at !== null },
    personal_data: personal,
    addresses: { actual_address: address('actual'), registration_address: address('registration') },
    employment: job,
    contact_phones: contacts.map((c) => ({ contact_type: c.contact_type, comment: c.name, number: c.number })),
    loan: loan ? await fullLoanView(db, loan) : null,
    session: { kind: session.kind, actor: session.actor },
  };
  return {
    ...view,
    permissions: {
      is_blocked: user.is_blocked,
      authorization_status: authorizationStatus(loan, registrationFinished(view)),
    },
  };
}

/**
 * SPEC section 4: 2 while an application or loan is open; 3 once the profile is complete and nothing is open
 * (registered without active loan); 1 while registration is not finished.
 */
export function authorizationStatus(loan: { status: number } | null, profileComplete: boolean): 1 | 2 | 3 {
  if (loan && isOpenLoanStatus(loan.status)) return 2;
  return profileComplete ? 3 : 1;
}

/** The profile is complete when the personal data, both addresses and the additional information are in. */
export function registrationFinished(view: {
  personal_data: { email: string | null } | null;
  addresses: { actual_address: unknown; registration_address: unknown };
  employment: { education: string | null; has_current_loan: boolean | null } | null;
}): boolean {
  return (
    view.personal_data !== null &&
    view.personal_data.email !== null &&
    view.addresses.actual_address !== null &&
    view.addresses.registration_address !== null &&
    view.employment !== null &&
    view.employment.education !== null &&
    view.employment.has_current_loan !== null
  );
}
