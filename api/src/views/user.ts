/** GET /v2/user's answer: the customer and every part of them, assembled in one statement. */
import type { CustomerFeatures, DocumentEntry, LivenessView, LoanView, UserResponse } from '@credimo/shared/contract';
import { CLOSED_LOAN_STATUSES, COMPLETED_CARD_STATUSES, isOpenLoanStatus, LoanStatus } from '@credimo/shared/domain';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { CustomerFlagDefaults } from '../config';
import { ownFlagsPart, resolveCustomerFlags } from '../customer-flags';
import { wireDay } from '../db/dates';
import { compiledOnce } from '../db/prepared';
import type { Database } from '../db/schema';
import { type Session, sessionOf, type ViewVersions, versionsOf, withLiveSession } from '../identity/sessions';
import { clockOffsetColumn, currentLoanPart, type LoanWithParts, loanViewContext, loanViewOf } from './loan';

/**
 * Every part of the user, each one subquery of the same statement, so GET /v2/user costs one
 * round trip to the database however many parts it grows. To add a part (documents, payment cards,
 * liveness): add one entry here (jsonObjectFrom for one row, jsonArrayFrom for a list, correlated on
 * users.id), then read it in toUserView. Parts arrive as JSON: dates as yyyy-MM-dd strings, instants as
 * ISO strings, bigint as numbers.
 */
function userParts(eb: ExpressionBuilder<Database, 'users'>) {
  return [
    jsonObjectFrom(eb.selectFrom('user_profiles').selectAll().whereRef('user_profiles.user_id', '=', 'users.id')).as(
      'profile',
    ),
    jsonArrayFrom(eb.selectFrom('user_addresses').selectAll().whereRef('user_addresses.user_id', '=', 'users.id')).as(
      'addresses',
    ),
    jsonObjectFrom(
      eb.selectFrom('user_employment').selectAll().whereRef('user_employment.user_id', '=', 'users.id'),
    ).as('employment'),
    jsonArrayFrom(eb.selectFrom('user_contacts').selectAll().whereRef('user_contacts.user_id', '=', 'users.id')).as(
      'contacts',
    ),
    currentLoanPart(eb as unknown as ExpressionBuilder<Database, never>, 'users.id').as('loan'),
    jsonObjectFrom(
      eb
        .selectFrom('loans')
        .select((count) => [
          count.fn.countAll<number>().as('all'),
          sql<number>`count(*) filter (where status not in (${sql.join(CLOSED_LOAN_STATUSES)}))`.as('active'),
        ])
        .whereRef('loans.user_id', '=', 'users.id'),
    ).as('loan_count'),
    // The account's personal promo codes: the discounts this customer earned and has not spent on a loan yet.
    jsonArrayFrom(
      eb
        .selectFrom('earned_discounts')
        .innerJoin('discounts', 'discounts.target', 'earned_discounts.target')
        .select(['discounts.target', 'discounts.percent', 'discounts.description'])
        .whereRef('earned_discounts.user_id', '=', 'users.id')
        .where('earned_discounts.used_by_loan_id', 'is', null)
        .orderBy('discounts.target'),
    ).as('discounts'),
    // personal_data.bank_account: the IBAN the customer gave last (available_bank_accounts' first).
    eb
      .selectFrom('loans as with_iban')
      .select('with_iban.iban')
      .whereRef('with_iban.user_id', '=', 'users.id')
      .where('with_iban.iban', 'is not', null)
      .orderBy('with_iban.request_date', 'desc')
      .orderBy('with_iban.id', 'desc')
      .limit(1)
      .as('bank_account'),
    jsonArrayFrom(
      eb
        .selectFrom('payment_cards')
        .select(['payment_cards.id', 'payment_cards.pan', 'payment_cards.expiry_month', 'payment_cards.expiry_year'])
        .whereRef('payment_cards.user_id', '=', 'users.id')
        .where('payment_cards.status', 'in', COMPLETED_CARD_STATUSES)
        .where('payment_cards.token', 'is not', null)
        .orderBy('payment_cards.is_default', 'desc')
        .orderBy('payment_cards.created_at', 'desc'),
    ).as('payment_cards'),
    eb
      .selectFrom('payment_cards as latest_card')
      .select('latest_card.status')
      .whereRef('latest_card.user_id', '=', 'users.id')
      .orderBy('latest_card.created_at', 'desc')
      .orderBy('latest_card.id', 'desc')
      .limit(1)
      .as('payment_card_request_status'),
    eb
      .selectFrom('payment_cards as latest_refusal')
      .select('latest_refusal.failure')
      .whereRef('latest_refusal.user_id', '=', 'users.id')
      .orderBy('latest_refusal.created_at', 'desc')
      .orderBy('latest_refusal.id', 'desc')
      .limit(1)
      .as('payment_card_request_failure'),
    // The documents (skip_<type> for a skipped one) and liveness, from the evidence room's views.
    jsonArrayFrom(
      eb
        .selectFrom('user_documents as document')
        .select(['document.type', 'document.uploaded_at'])
        .whereRef('document.user_id', '=', 'users.id')
        .orderBy('document.type'),
    ).as('documents'),
    jsonObjectFrom(
      eb
        .selectFrom('user_liveness as liveness')
        .select(['liveness.status', 'liveness.allowed'])
        .whereRef('liveness.user_id', '=', 'users.id'),
    ).as('liveness'),
    // The customer feature flags: the customer's own (null: the configured default, applied in toUserView).
    ownFlagsPart(eb).as('own_flags'),
    ...versionsOf(eb as unknown as ExpressionBuilder<Database, never>, 'users.id'),
    clockOffsetColumn(eb as unknown as ExpressionBuilder<Database, never>),
    // is_repeated: the customer has paid back a loan before.
    eb
      .exists(
        eb
          .selectFrom('loans as returned')
          .select('returned.id')
          .whereRef('returned.user_id', '=', 'users.id')
          .where('returned.status', '=', LoanStatus.Returned),
      )
      .as('is_repeated'),
  ];
}

/** The users row with its parts, for one user id. */
const userWithParts = (db: Kysely<Database>) => db.selectFrom('users').selectAll('users').select(userParts);

type UserRow = Awaited<ReturnType<ReturnType<typeof userWithParts>['executeTakeFirstOrThrow']>>;

/** What GET /v2/user answers, with what its ETag is made of (db/view-versions.ts, identity/poll.ts). */
export interface UserAnswer {
  session: Session;
  versions: ViewVersions;
  view: UserResponse;
  /** The instant (ms) the view changes without any write (see loanViewOf); 0 for never. */
  changesAt: number;
}

/** The user as GET /v2/user answers it, for a session already found: one statement. */
export async function userView(
  db: Kysely<Database>,
  session: Session,
  flagDefaults: CustomerFlagDefaults,
): Promise<UserResponse> {
  const row = await userWithParts(db).where('users.id', '=', session.userId).executeTakeFirstOrThrow();
  return (await answerOf(db, row, session, flagDefaults)).view;
}

/** GET /v2/user's one statement: the session check, the user and every part. */
const userByTokenHash = compiledOnce((db: Kysely<Database>, tokenHash: string) =>
  withLiveSession(db, tokenHash)
    .selectFrom('live')
    .innerJoin('users', 'users.id', 'live.user_id')
    .select(['live.id as session_id', 'live.user_id', 'live.kind as session_kind', 'live.actor as session_actor'])
    .selectAll('users')
    .select((eb) => userParts(eb as unknown as ExpressionBuilder<Database, 'users'>)),
);

/** GET /v2/user in one round trip to the database; null when the token's hash has no live session. */
export async function userViewByToken(
  db: Kysely<Database>,
  tokenHash: string,
  flagDefaults: CustomerFlagDefaults,
): Promise<UserAnswer | null> {
  const [row] = await userByTokenHash(db, tokenHash);
  if (!row) return null;
  return answerOf(db, row, sessionOf(row), flagDefaults);
}

async function answerOf(
  db: Kysely<Database>,
  row: UserRow,
  session: Session,
  flagDefaults: CustomerFlagDefaults,
): Promise<UserAnswer> {
  const loan = row.loan
    ? loanViewOf(row.loan as unknown as LoanWithParts, await loanViewContext(db, Number(row.clock_offset ?? 0)))
    : null;
  return {
    session,
    versions: { user: row.user_version, shared: row.shared_version },
    view: toUserView(
      row,
      session,
      loan?.view ?? null,
      resolveCustomerFlags(row.own_flags, row.is_hide_skip_auto_debit_button, flagDefaults),
      flagDefaults.bankVerificationAdapter,
    ),
    changesAt: loan?.changesAt ?? 0,
  };
}

type Address = UserRow['addresses'][number];

function addressView(addresses: Address[], kind: Address['kind']) {
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
}

function toUserView(
  row: UserRow,
  session: Session,
  loan: LoanView | null,
  flags: CustomerFeatures,
  bankVerificationAdapter: CustomerFlagDefaults['bankVerificationAdapter'],
): UserResponse {
  const { profile, employment } = row;
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
        bank_account: row.bank_account ?? null,
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
    id: String(row.id),
    is_repeated: Boolean(row.is_repeated),
    is_hide_skip_auto_debit_button: flags.is_hide_skip_auto_debit_button,
    is_bizum_payment_provider_enabled: flags.is_bizum_payment_provider_enabled,
    payment_procession_on_loan_view: flags.payment_procession_on_loan_view,
    // The configured aggregation provider: the shell's CSP allows that one only, so it is not a per-customer choice.
    bank_verification_adapter: bankVerificationAdapter,
    is_registered_by_agent: row.registered_by_agent,
    is_blacklisted: row.is_blacklisted,
    contacts: { mobile_phone: row.mobile_phone },
    phone_confirmation: { is_phone_confirmed: row.phone_confirmed_at !== null },
    personal_data: personal,
    addresses: {
      actual_address: addressView(row.addresses, 'actual'),
      registration_address: addressView(row.addresses, 'registration'),
    },
    employment: job,
    contact_phones: row.contacts.map((c) => ({ contact_type: c.contact_type, comment: c.name, number: c.number })),
    loan,
    loan_count: { all: Number(row.loan_count?.all ?? 0), active: Number(row.loan_count?.active ?? 0) },
    discounts: row.discounts.map((d) => ({ target: d.target, percent: d.percent, description: d.description })),
    payment_cards: row.payment_cards.map((c) => ({
      id: String(c.id),
      pan: c.pan ?? '',
      expiry_month: c.expiry_month ?? 0,
      expiry_year: c.expiry_year ?? 0,
    })),
    payment_card_request_status: row.payment_card_request_status ?? null,
    payment_card_request_failure: row.payment_card_request_failure ?? null,
    documents: row.documents.map(
      (d): DocumentEntry => ({ type: d.type, uploaded_at: new Date(d.uploaded_at).toISOString() }),
    ),
    liveness: {
      status: row.liveness?.status ?? null,
      // Another try is allowed (fewer than 3 failures) and liveness is on for this customer.
      allowed: (row.liveness?.allowed ?? true) && flags.liveness.allowed,
    } satisfies LivenessView,
    session: { kind: session.kind, actor: session.actor },
  };
  return {
    ...view,
    permissions: {
      is_blocked: row.is_blocked,
      authorization_status: authorizationStatus(loan, registrationFinished(view)),
    },
  };
}

/**
 * 2 while an application or loan is open; 3 once the profile is complete and nothing is open
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
