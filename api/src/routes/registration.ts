import { endpoints } from '@credimo/shared/contract';
import { emailProblem } from '@credimo/shared/domain';
import { nationalDigits } from '@credimo/shared/format';
import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AppContext } from '../context';
import { wireDay } from '../db/dates';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { requireSession } from '../identity/auth';
import {
  BUSINESS_ACTIVITY_OPTIONS,
  EDUCATION_OPTIONS,
  EMPLOYMENT_TYPE_OPTIONS,
  NATIONALITIES,
} from '../registration/reference';
import {
  type AddressInput,
  checkAddress,
  checkEmployment,
  checkPersonal,
  cleanAddress,
  type EmploymentInput,
  FieldErrors,
  type PersonalInput,
} from '../registration/validation';
import { route } from './route';

/** SPEC section 9: regions, cities and streets come 30 to a page. */
export const PLACE_PAGE_SIZE = 30;

/** The text version of the consents shown today: stored with each consent as evidence. */
export const CONSENT_TEXT_VERSION = '2026-11';

const reject = (errors: FieldErrors) => {
  if (errors.entries.length) throw new ApiError(422, errors.entries);
};

async function savePersonal(trx: Transaction<Database>, userId: string, input: PersonalInput) {
  const values = {
    first_name: input.first_name.trim(),
    first_surname: input.first_surname.trim(),
    second_surname: input.second_surname?.trim() || null,
    personal_id: input.personal_id.trim().toUpperCase(),
    expiry_date: input.expiry_date,
    nationality: input.nationality,
    birthday: input.birthday,
    gender: input.gender,
    email: input.email?.trim() || null,
  };
  const taken = await trx
    .selectFrom('user_profiles')
    .select('user_id')
    .where('personal_id', '=', values.personal_id)
    .where('user_id', '!=', userId)
    .executeTakeFirst();
  if (taken) throw ApiError.field(422, 'personal_id', messages.duplicatePersonalId);
  await trx
    .insertInto('user_profiles')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
}

async function saveAddresses(
  trx: Transaction<Database>,
  userId: string,
  input: { registration_address: AddressInput; actual_address?: AddressInput; is_actual_address: boolean },
) {
  const registration = cleanAddress(input.registration_address);
  const actual = input.is_actual_address ? registration : cleanAddress(input.actual_address as AddressInput);
  for (const [kind, address] of [
    ['registration', registration],
    ['actual', actual],
  ] as const) {
    await trx
      .insertInto('user_addresses')
      .values({ user_id: userId, kind, ...address })
      .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet(address))
      .execute();
  }
}

function checkAddresses(
  input: { registration_address: AddressInput; actual_address?: AddressInput; is_actual_address: boolean },
  errors: FieldErrors,
) {
  checkAddress('registration_address', input.registration_address, errors);
  if (!input.is_actual_address) {
    if (!input.actual_address) errors.add('actual_address', 'fieldRequired');
    else checkAddress('actual_address', input.actual_address, errors);
  }
}

async function saveEmployment(trx: Transaction<Database>, userId: string, input: EmploymentInput) {
  const values = {
    employment_type_id: input.employment_type_id,
    business_activity_id: input.business_activity_id ?? null,
    company_name: input.company_name?.trim() || null,
    position: input.position?.trim() || null,
    employment_date: input.employment_date ?? null,
    income_amount: input.income_amount ?? null,
    income_date: input.income_date ?? null,
    education: input.education ?? null,
    has_current_loan: input.has_current_loan ?? null,
  };
  await trx
    .insertInto('user_employment')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  if (input.contact_type !== undefined && input.contact_phone_number) {
    const contact = {
      contact_type: input.contact_type,
      name: input.contact_name?.trim() || null,
      number: nationalDigits(input.contact_phone_number),
    };
    await trx
      .insertInto('user_contacts')
      .values({ user_id: userId, ...contact })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(contact))
      .execute();
  }
}

async function ownPhone(db: Kysely<Database>, userId: string) {
  return (await db.selectFrom('users').select('mobile_phone').where('id', '=', userId).executeTakeFirstOrThrow())
    .mobile_phone;
}

/** A page of places whose name starts with (or contains) the search, in Spanish order. */
async function placePage(
  db: Kysely<Database>,
  table: 'regions' | 'cities' | 'streets',
  filter: { column?: 'region_id' | 'city_id'; value?: number },
  page: number,
  search?: string,
) {
  let query = db.selectFrom(table as 'regions').select(['id', 'name']);
  if (filter.column && filter.value !== undefined)
    query = query.where(filter.column as never, '=', filter.value as never);
  if (search?.trim()) query = query.where(sql<boolean>`unaccent_es(name) ilike unaccent_es(${`%${search.trim()}%`})`);
  const [{ total } = { total: 0 }] = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .execute();
  const items = await query
    .orderBy('name')
    .limit(PLACE_PAGE_SIZE)
    .offset((page - 1) * PLACE_PAGE_SIZE)
    .execute();
  return {
    items: items.map((i) => ({ id: Number(i.id), name: i.name })),
    current_page_number: page,
    pages_count: Math.max(1, Math.ceil(Number(total) / PLACE_PAGE_SIZE)),
  };
}

export async function registrationRoutes(app: FastifyInstance, { database }: AppContext) {
  const db = database.db;

  route(app, endpoints.personalData, async (request) => {
    const session = requireSession(request);
    const errors = new FieldErrors();
    checkPersonal(request.body, errors);
    reject(errors);
    await db.transaction().execute((trx) => savePersonal(trx, session.userId, request.body));
    return {};
  });

  route(app, endpoints.address, async (request) => {
    const session = requireSession(request);
    const errors = new FieldErrors();
    checkAddresses(request.body, errors);
    reject(errors);
    await db.transaction().execute((trx) => saveAddresses(trx, session.userId, request.body));
    return {};
  });

  route(app, endpoints.personalDataAndAddress, async (request) => {
    const session = requireSession(request);
    const errors = new FieldErrors();
    checkPersonal(request.body, errors);
    checkAddresses(request.body, errors);
    reject(errors);
    // One transaction: a rejected request stores nothing.
    await db.transaction().execute(async (trx) => {
      await savePersonal(trx, session.userId, request.body);
      await saveAddresses(trx, session.userId, request.body);
    });
    return {};
  });

  route(app, endpoints.employment, async (request) => {
    const session = requireSession(request);
    const errors = new FieldErrors();
    checkEmployment(request.body, await ownPhone(db, session.userId), errors);
    reject(errors);
    await db.transaction().execute((trx) => saveEmployment(trx, session.userId, request.body));
    return {};
  });

  route(app, endpoints.additionalData, async (request) => {
    const session = requireSession(request);
    const { email, ...employment } = request.body;
    const errors = new FieldErrors();
    errors.add('email', emailProblem(email));
    errors.required('education', employment.education);
    errors.required('has_current_loan', employment.has_current_loan);
    checkEmployment(employment, await ownPhone(db, session.userId), errors);
    reject(errors);
    await db.transaction().execute(async (trx) => {
      await saveEmployment(trx, session.userId, employment);
      const updated = await trx
        .updateTable('user_profiles')
        .set({ email: email.trim() })
        .where('user_id', '=', session.userId)
        .executeTakeFirst();
      // The e-mail belongs to the profile: personal data comes first in the flow.
      if (Number(updated.numUpdatedRows) === 0) throw ApiError.field(422, 'email', messages.incorrectData);
    });
    return {};
  });

  route(app, endpoints.confirmations, async (request) => {
    const session = requireSession(request);
    const consents = [
      { kind: 'privacyProtectionPolicy', accepted: true },
      { kind: 'agreementTerms', accepted: true },
      // Marketing is never assumed: recorded as given or refused.
      { kind: 'receiveInformation', accepted: request.body.receiveInformation === true },
    ];
    await db
      .insertInto('consents')
      .values(
        consents.map((c) => ({
          ...c,
          user_id: session.userId,
          text_version: CONSENT_TEXT_VERSION,
          address: request.ip,
        })),
      )
      .execute();
    return {};
  });

  route(app, endpoints.prefill, async (request) => {
    const session = requireSession(request);
    const profile = await db
      .selectFrom('user_profiles')
      .selectAll()
      .where('user_id', '=', session.userId)
      .executeTakeFirst();
    return {
      first_name: profile?.first_name ?? null,
      first_surname: profile?.first_surname ?? null,
      second_surname: profile?.second_surname ?? null,
      personal_id: profile?.personal_id ?? null,
      birthday: wireDay(profile?.birthday),
      expiry_date: wireDay(profile?.expiry_date),
    };
  });

  route(app, endpoints.nationalities, async () => NATIONALITIES);
  route(app, endpoints.employmentTypes, async () => EMPLOYMENT_TYPE_OPTIONS);
  route(app, endpoints.educations, async () => EDUCATION_OPTIONS);
  route(app, endpoints.businessActivities, async () => BUSINESS_ACTIVITY_OPTIONS);

  // Places as a table: each level is searched within the one above it, named by a required query parameter.
  const places = [
    { endpoint: endpoints.regions, table: 'regions', parent: null },
    { endpoint: endpoints.cities, table: 'cities', parent: 'region_id' },
    { endpoint: endpoints.streets, table: 'streets', parent: 'city_id' },
  ] as const;
  for (const { endpoint, table, parent } of places) {
    route(app, endpoint, async (request) => {
      const { page = 1, search } = request.query;
      if (!parent) return placePage(db, table, {}, page, search);
      const value = request.query[parent];
      if (value === undefined) throw ApiError.field(422, parent, messages.fieldRequired);
      return placePage(db, table, { column: parent, value }, page, search);
    });
  }
}
