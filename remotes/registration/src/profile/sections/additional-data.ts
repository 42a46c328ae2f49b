import {
  contactNeedsName,
  displayToWireDate,
  nationalDigits,
  needsBusinessActivity,
  needsCompanyName,
  parseEuros,
} from '@credimo/shared';
import type { ContactValues, EmploymentValues } from './values';

/** PUT /v2/user/additional_data's body from the form (the API's field names; cents; wire dates). */
export function additionalDataBody(v: EmploymentValues & Partial<ContactValues>): Record<string, unknown> {
  const type = Number(v.employment_type_id);
  const body: Record<string, unknown> = {
    email: v.email.trim(),
    employment_type_id: type,
    education: v.education,
    has_current_loan: v.has_current_loan === 'yes',
  };
  if (v.contact_type) {
    body.contact_type = Number(v.contact_type);
    if (contactNeedsName(Number(v.contact_type))) body.contact_name = v.contact_name;
    body.contact_phone_number = nationalDigits(v.contact_phone_number ?? '');
  }
  if (needsBusinessActivity(type)) {
    body.business_activity_id = Number(v.business_activity_id);
    body.position = v.position;
    body.employment_date = displayToWireDate(v.employment_date);
  }
  if (needsCompanyName(type)) body.company_name = v.company_name;
  if (v.income_amount) body.income_amount = parseEuros(v.income_amount);
  if (v.income_date) body.income_date = displayToWireDate(v.income_date);
  return body;
}
