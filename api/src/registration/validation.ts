import type { ErrorEntry } from '@credimo/shared/contract';
import {
  birthDateProblem,
  contactPersonProblems,
  emailProblem,
  employmentDateProblem,
  filterHouse,
  idExpiryProblem,
  incomeDateProblem,
  needsBusinessActivity,
  needsCompanyName,
  personalIdProblem,
  postalCodeProblem,
} from '@credimo/shared/domain';
import { parseWireDate } from '@credimo/shared/format';
import { type MessageKey, messages } from '@credimo/shared/i18n';
import { isBusinessActivity, isEducation, isNationality } from './reference';

/** Collects field errors so one answer names every field to fix. */
export class FieldErrors {
  readonly entries: ErrorEntry[] = [];
  add(property: string, key: MessageKey | null) {
    if (key && !this.entries.some((e) => e.property === property))
      this.entries.push({ message: messages[key], property });
  }
  required(property: string, value: unknown) {
    if (value === undefined || value === null || (typeof value === 'string' && !value.trim()))
      this.add(property, 'fieldRequired');
  }
}

export interface PersonalInput {
  first_name: string;
  first_surname: string;
  second_surname?: string;
  personal_id: string;
  expiry_date: string;
  nationality: string;
  birthday: string;
  gender: 'male' | 'female';
  email?: string;
}

export function checkPersonal(input: PersonalInput, errors: FieldErrors, today = new Date()) {
  for (const field of ['first_name', 'first_surname'] as const) errors.required(field, input[field]);
  errors.add('personal_id', personalIdProblem(input.personal_id));
  errors.add('expiry_date', idExpiryProblem(parseWireDate(input.expiry_date), today));
  // The birth date's errors are reported as birthday (the form's alias for it).
  errors.add('birthday', birthDateProblem(parseWireDate(input.birthday), today));
  if (!isNationality(input.nationality)) errors.add('nationality', 'incorrectData');
  if (input.email !== undefined && input.email !== '') errors.add('email', emailProblem(input.email));
}

export interface AddressInput {
  postal_code: string;
  region: string;
  city: string;
  street: string;
  house?: string;
  block?: string;
  apartment?: string;
}

export function checkAddress(prefix: string, address: AddressInput, errors: FieldErrors) {
  errors.add(`${prefix}.postal_code`, postalCodeProblem(address.postal_code));
  for (const field of ['region', 'city', 'street'] as const) errors.required(`${prefix}.${field}`, address[field]);
}

export const cleanAddress = (a: AddressInput) => ({
  postal_code: a.postal_code,
  region: a.region.trim(),
  city: a.city.trim(),
  street: a.street.trim(),
  house: a.house ? filterHouse(a.house) : null,
  block: a.block ? filterHouse(a.block) : null,
  apartment: a.apartment ? filterHouse(a.apartment) : null,
});

export interface EmploymentInput {
  employment_type_id: number;
  business_activity_id?: number;
  company_name?: string;
  position?: string;
  employment_date?: string;
  income_amount?: number;
  income_date?: string;
  education?: string;
  has_current_loan?: boolean;
  contact_type?: number;
  contact_name?: string;
  contact_phone_number?: string;
}

/** Conditional employment fields, dates, and a contact different from the customer. */
export function checkEmployment(
  input: EmploymentInput,
  ownPhone: string,
  errors: FieldErrors,
  today = new Date(),
  { contactRequired = false } = {},
) {
  const type = input.employment_type_id;
  if (needsBusinessActivity(type)) {
    errors.required('business_activity_id', input.business_activity_id);
    if (input.business_activity_id !== undefined && !isBusinessActivity(input.business_activity_id)) {
      errors.add('business_activity_id', 'incorrectData');
    }
    errors.required('position', input.position);
    errors.required('employment_date', input.employment_date);
    if (input.employment_date)
      errors.add('employment_date', employmentDateProblem(parseWireDate(input.employment_date), today));
  }
  if (needsCompanyName(type)) errors.required('company_name', input.company_name);
  if (input.income_date) errors.add('income_date', incomeDateProblem(parseWireDate(input.income_date), today));
  if (input.education !== undefined && !isEducation(input.education)) errors.add('education', 'incorrectData');
  // The additional information's contact person: required where the form requires it, checked whenever given.
  if (contactRequired || input.contact_type !== undefined || input.contact_phone_number !== undefined) {
    const problems = contactPersonProblems(input, ownPhone);
    for (const field of ['contact_type', 'contact_name', 'contact_phone_number'] as const)
      errors.add(field, problems[field] ?? null);
  }
}
