import { addDays, differenceInYears, startOfDay } from 'date-fns';
import type { MessageKey } from '../i18n/messages';
import { phoneProblem, samePhone } from './phone';

/** The control letter is the number modulo 23 in this table. */
const CONTROL_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const NIE_PREFIX: Record<string, string> = { X: '0', Y: '1', Z: '2' };

/**
 * Personal id (DNI or NIE): 9 long; a DNI is 8 digits and its control letter; a NIE is X, Y or Z, 7 digits
 * and a letter, the prefix counting as 0, 1 or 2.
 */
export function personalIdProblem(input: string | null | undefined): MessageKey | null {
  const id = (input ?? '').trim().toUpperCase();
  if (!id) return 'fieldRequired';
  if (id.length !== 9) return 'incorrectData';
  const match = /^([XYZ]\d{7}|\d{8})([A-Z])$/.exec(id);
  if (!match) return 'incorrectData';
  const body = match[1] as string;
  const digits = body.replace(/^[XYZ]/, (prefix) => NIE_PREFIX[prefix] ?? '');
  return CONTROL_LETTERS[Number(digits) % 23] === match[2] ? null : 'incorrectData';
}

/** The control letter of a DNI's 8 digits (or a NIE's, its prefix as 0, 1 or 2). */
export const personalIdLetter = (digits: string): string => CONTROL_LETTERS[Number(digits) % 23] ?? '';

export const normalisePersonalId = (input: string) => input.trim().toUpperCase();

/** Applicants are 21 to 80 years old. */
export const MIN_AGE = 21;
export const MAX_AGE = 80;

/** Birth date: age from 21 to 80 on the given day (leap-day births count on 28 February or 1 March as date-fns does). */
export function birthDateProblem(birthday: Date | null, today: Date = new Date()): MessageKey | null {
  if (!birthday) return 'incorrectDate';
  const age = differenceInYears(startOfDay(today), startOfDay(birthday));
  if (age < MIN_AGE) return 'maxDate';
  if (age > MAX_AGE) return 'minDate';
  return null;
}

/** An ID document may have expired up to 2 days ago. */
export function idExpiryProblem(expiry: Date | null, today: Date = new Date()): MessageKey | null {
  if (!expiry) return 'incorrectDate';
  return startOfDay(expiry) < addDays(startOfDay(today), -2) ? 'minDate' : null;
}

/** The employment date is not after today. */
export function employmentDateProblem(date: Date | null, today: Date = new Date()): MessageKey | null {
  if (!date) return 'incorrectDate';
  return startOfDay(date) > startOfDay(today) ? 'maxDate' : null;
}

/** The next income date is from tomorrow on. */
export function incomeDateProblem(date: Date | null, today: Date = new Date()): MessageKey | null {
  if (!date) return 'incorrectDate';
  return startOfDay(date) < addDays(startOfDay(today), 1) ? 'minDate' : null;
}

/** Postal codes are 5 digits. */
export const postalCodeProblem = (code: string | null | undefined): MessageKey | null =>
  !code ? 'fieldRequired' : /^\d{5}$/.test(code) ? null : 'onlyNumbers';

/** House and flat keep word characters only, 7 at most. */
export const filterHouse = (value: string) => value.replace(/[^\p{L}\p{N}_]/gu, '').slice(0, 7);

/** A simple, strict e-mail shape (incorrectEmail), at most 100 characters. */
export function emailProblem(email: string | null | undefined): MessageKey | null {
  if (!email?.trim()) return 'fieldRequired';
  if (email.length > 100) return 'incorrectEmail';
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email.trim()) ? null : 'incorrectEmail';
}

/** Employment types; business activity for employed and self-employed. */
export const EMPLOYMENT_TYPES = {
  1: 'Empleado',
  2: 'Desempleado',
  3: 'Autónomo',
  4: 'Jubilado',
  5: 'Estudiante',
  6: 'Pensionista',
  7: 'Militar',
} as const;
export const needsBusinessActivity = (employmentTypeId: number) => employmentTypeId === 1 || employmentTypeId === 3;
export const needsCompanyName = (employmentTypeId: number) => employmentTypeId === 1;

/** Contact person types; the selectable list leaves out "second number" (2). */
export const CONTACT_TYPES = {
  2: 'Segundo número',
  34: 'Hermano/hermana',
  56: 'Madre/padre',
  7: 'Amigo/amiga',
  89: 'Esposa/esposo',
  10: 'Compañero/a de trabajo',
  11: 'Jefe/a',
  1213: 'Hijo/hija',
  14: 'Familiar',
  15: 'Novio/novia',
} as const;
export const SELECTABLE_CONTACT_TYPES = Object.keys(CONTACT_TYPES)
  .map(Number)
  .filter((type) => type !== 2);

/**
 * The contact types whose name is asked, as a Spanish customer would expect: close family (brother/sister,
 * mother/father, wife/husband, son/daughter) is named by the relation itself ("tu madre"), so no name is asked; a
 * friend, colleague, chief, relative or partner is not, so their name is asked (and required). The second number
 * is the customer's own phone: no name.
 */
export const CONTACT_TYPES_WITH_NAME: readonly number[] = [7, 10, 11, 14, 15];
export const contactNeedsName = (contactType: number) => CONTACT_TYPES_WITH_NAME.includes(contactType);

export type ContactField = 'contact_type' | 'contact_name' | 'contact_phone_number';

/**
 * The additional information names a contact person: a selectable type, a name for the
 * types that ask for one, and a Spanish phone that is not the customer's own (when it is known). The form and the
 * API apply this one rule, field by field.
 */
export function contactPersonProblems(
  contact: { contact_type?: number | null; contact_name?: string | null; contact_phone_number?: string | null },
  ownPhone?: string | null,
): Partial<Record<ContactField, MessageKey>> {
  const problems: Partial<Record<ContactField, MessageKey>> = {};
  const type = contact.contact_type;
  if (type === undefined || type === null) problems.contact_type = 'fieldRequired';
  else if (!SELECTABLE_CONTACT_TYPES.includes(type)) problems.contact_type = 'incorrectData';
  if (type !== undefined && type !== null && contactNeedsName(type) && !contact.contact_name?.trim())
    problems.contact_name = 'fieldRequired';
  const phone = contact.contact_phone_number;
  const phoneKey =
    phoneProblem(phone, 'contact') ??
    (ownPhone && phone && samePhone(phone, ownPhone) ? 'fieldPhoneNumberEqualRegistration' : null);
  if (phoneKey) problems.contact_phone_number = phoneKey;
  return problems;
}
