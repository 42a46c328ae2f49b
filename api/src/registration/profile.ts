import { emailProblem } from '@credimo/shared/domain';
import { nationalDigits } from '@credimo/shared/format';
import { messages } from '@credimo/shared/i18n';
import { type Kysely, sql, type Transaction } from 'kysely';
import { wireDay } from '../db/dates';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import {
  type AddressInput,
  checkAddress,
  checkEmployment,
  checkPersonal,
  cleanAddress,
  type EmploymentInput,
  FieldErrors,
  type PersonalInput,
} from './validation';

/** The registration room's own data: a customer's personal data, addresses, employment, contact and consents. */

/** The text version of the consents shown today: stored with each consent as evidence. */
export const CONSENT_TEXT_VERSION = '2026-11';

export interface AddressesInput {
  registration_address: AddressInput;
  actual_address?: AddressInput;
  is_actual_address: boolean;
}

export type AdditionalInput = EmploymentInput & { email: string };

const reject = (errors: FieldErrors) => {
  if (errors.entries.length) throw new ApiError(422, errors.entries);
};

async function writePersonal(trx: Transaction<Database>, userId: string, input: PersonalInput) {
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

async function writeAddresses(trx: Transaction<Database>, userId: string, input: AddressesInput) {
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

function checkAddresses(input: AddressesInput, errors: FieldErrors) {
  checkAddress('registration_address', input.registration_address, errors);
  if (!input.is_actual_address) {
    if (!input.actual_address) errors.add('actual_address', 'fieldRequired');
    else checkAddress('actual_address', input.actual_address, errors);
  }
}

async function writeEmployment(trx: Transaction<Database>, userId: string, input: EmploymentInput) {
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

/** The customer's own phone: a reference contact may not be it. */
async function ownPhone(db: Kysely<Database>, userId: string) {
  return (await db.selectFrom('users').select('mobile_phone').where('id', '=', userId).executeTakeFirstOrThrow())
    .mobile_phone;
}

export async function savePersonalData(db: Kysely<Database>, userId: string, input: PersonalInput) {
  const errors = new FieldErrors();
  checkPersonal(input, errors);
  reject(errors);
  await db.transaction().execute((trx) => writePersonal(trx, userId, input));
}

export async function saveAddresses(db: Kysely<Database>, userId: string, input: AddressesInput) {
  const errors = new FieldErrors();
  checkAddresses(input, errors);
  reject(errors);
  await db.transaction().execute((trx) => writeAddresses(trx, userId, input));
}

export async function savePersonalDataAndAddress(
  db: Kysely<Database>,
  userId: string,
  input: PersonalInput & AddressesInput,
) {
  const errors = new FieldErrors();
  checkPersonal(input, errors);
  checkAddresses(input, errors);
  reject(errors);
  // One transaction: a rejected request stores nothing.
  await db.transaction().execute(async (trx) => {
    await writePersonal(trx, userId, input);
    await writeAddresses(trx, userId, input);
  });
}

export async function saveEmployment(db: Kysely<Database>, userId: string, input: EmploymentInput) {
  const errors = new FieldErrors();
  checkEmployment(input, await ownPhone(db, userId), errors);
  reject(errors);
  await db.transaction().execute((trx) => writeEmployment(trx, userId, input));
}

export async function saveAdditionalData(db: Kysely<Database>, userId: string, input: AdditionalInput) {
  const { email, ...employment } = input;
  const errors = new FieldErrors();
  errors.add('email', emailProblem(email));
  errors.required('education', employment.education);
  errors.required('has_current_loan', employment.has_current_loan);
  // The form asks for a contact person until the customer has one (the dynamic step asks only what is missing).
  const known = await db.selectFrom('user_contacts').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  checkEmployment(employment, await ownPhone(db, userId), errors, new Date(), { contactRequired: !known });
  reject(errors);
  await db.transaction().execute(async (trx) => {
    await writeEmployment(trx, userId, employment);
    const updated = await trx
      .updateTable('user_profiles')
      .set({ email: email.trim() })
      .where('user_id', '=', userId)
      .executeTakeFirst();
    // The e-mail belongs to the profile: personal data comes first in the flow.
    if (Number(updated.numUpdatedRows) === 0) throw ApiError.field(422, 'email', messages.incorrectData);
  });
}

/** The consents of PUT /v2/user/confirmations, with the address they were given from as evidence. */
export async function recordConsents(
  db: Kysely<Database>,
  userId: string,
  input: { receiveInformation?: boolean },
  address: string,
) {
  const consents = [
    { kind: 'privacyProtectionPolicy', accepted: true },
    { kind: 'agreementTerms', accepted: true },
    // Marketing is never assumed: recorded as given or refused.
    { kind: 'receiveInformation', accepted: input.receiveInformation === true },
  ];
  await db
    .insertInto('consents')
    .values(consents.map((c) => ({ ...c, user_id: userId, text_version: CONSENT_TEXT_VERSION, address })))
    .execute();
}

/** What the application form starts from: the identity data already given, or nulls. */
export async function prefillOf(db: Kysely<Database>, userId: string) {
  const profile = await db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return {
    first_name: profile?.first_name ?? null,
    first_surname: profile?.first_surname ?? null,
    second_surname: profile?.second_surname ?? null,
    personal_id: profile?.personal_id ?? null,
    birthday: wireDay(profile?.birthday),
    expiry_date: wireDay(profile?.expiry_date),
  };
}
