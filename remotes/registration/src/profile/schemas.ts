import {
  birthDateProblem,
  type ContactField,
  contactPersonProblems,
  emailProblem,
  employmentDateProblem,
  idExpiryProblem,
  incomeDateProblem,
  type MessageKey,
  messages,
  needsBusinessActivity,
  needsCompanyName,
  parseDisplayDate,
  parseEuros,
  personalIdProblem,
  postalCodeProblem,
} from '@credimo/shared';
import * as yup from 'yup';
import type { AddressesValues, ContactValues, EmploymentValues, IdentityValues } from './sections/values';

/** A yup test from one of the shared domain rules: the forms and the API apply the very same function. */
const rule = (check: (value: string) => MessageKey | null) =>
  yup
    .string()
    .default('')
    .test('rule', (value, context) => {
      const key = check(value ?? '');
      return key ? context.createError({ message: messages[key] }) : true;
    });

/**
 * A contact person's field, by the one rule the API applies too (contactPersonProblems); the customer's own phone
 * is the API's to compare, which answers on the field.
 */
const contactRule = (field: ContactField) =>
  yup
    .string()
    .default('')
    .test('contact', (_value, context) => {
      const values = context.parent as Partial<Record<ContactField, string>>;
      const key = contactPersonProblems({
        contact_type: values.contact_type ? Number(values.contact_type) : null,
        contact_name: values.contact_name,
        contact_phone_number: values.contact_phone_number,
      })[field];
      return key ? context.createError({ message: messages[key] }) : true;
    });

const required = (max = 50) =>
  yup.string().default('').trim().required(messages.fieldRequired).max(max, messages.incorrectData);
const optional = (max = 50) => yup.string().default('').trim().max(max, messages.incorrectData);
const date = (check: (date: Date | null) => MessageKey | null) =>
  rule((value) => (value ? check(parseDisplayDate(value)) : 'fieldRequired'));

const address = yup.object({
  postal_code: rule(postalCodeProblem),
  region: required(),
  city: required(),
  street: required(),
  house: optional(7),
  block: optional(7),
  apartment: optional(7),
});

/** The validation rules of the personal data screen (dates typed dd/MM/yyyy). */
export const personalSchema = yup.object({
  first_name: required(),
  first_surname: required(),
  second_surname: optional(),
  personal_id: rule(personalIdProblem),
  expiry_date: date((d) => idExpiryProblem(d)),
  nationality: yup.string().default('ES').required(messages.fieldRequired),
  birthday: date((d) => birthDateProblem(d)),
  gender: yup.string().default('').oneOf(['male', 'female'], messages.fieldRequired),
  registration_address: address,
  is_actual_address: yup.boolean().default(true),
  actual_address: yup.object().when('is_actual_address', ([same], schema) => (same ? schema.strip() : address)),
});
/** The personal data screen's values: identity and addresses, typed from the contract (sections/values.ts). */
export type PersonalValues = IdentityValues & AddressesValues;

/** The validation rules of additional information; conditional fields follow the employment type. */
export const additionalSchema = yup.object({
  email: rule(emailProblem),
  employment_type_id: yup.string().default('').required(messages.fieldRequired),
  business_activity_id: yup
    .string()
    .default('')
    .when('employment_type_id', ([t], s) =>
      needsBusinessActivity(Number(t)) ? s.required(messages.fieldRequired) : s,
    ),
  company_name: optional().when('employment_type_id', ([t], s) =>
    needsCompanyName(Number(t)) ? s.required(messages.fieldRequired) : s,
  ),
  position: optional().when('employment_type_id', ([t], s) =>
    needsBusinessActivity(Number(t)) ? s.required(messages.fieldRequired) : s,
  ),
  employment_date: yup
    .string()
    .default('')
    .when('employment_type_id', ([t], s) =>
      needsBusinessActivity(Number(t)) ? date((d) => employmentDateProblem(d)) : s,
    ),
  income_amount: rule((v) => (v === '' || parseEuros(v) !== null ? null : 'onlyNumbers')),
  income_date: rule((v) => (v === '' ? null : incomeDateProblem(parseDisplayDate(v)))),
  education: yup.string().default('').required(messages.fieldRequired),
  has_current_loan: yup.string().default('').oneOf(['yes', 'no'], messages.fieldRequired),
  contact_type: contactRule('contact_type'),
  contact_name: contactRule('contact_name').trim().max(50, messages.incorrectData),
  contact_phone_number: contactRule('contact_phone_number'),
});
/** The additional information screen's values: employment and the contact person. */
export type AdditionalValues = EmploymentValues & ContactValues;
