import { nationalDigits } from '../format/phone';
import type { MessageKey } from '../i18n/messages';

/** Spanish mobile ranges: 6xx and 71x to 74x. */
const SPANISH_MOBILE = /^(6\d{8}|7[1-4]\d{7})$/;
/** Any Spanish subscriber number: mobiles, and landlines (8xx, 9xx). */
const SPANISH_NUMBER = /^[6-9]\d{8}$/;
/** A repeated-digit sequence: six or more of one digit in a row. */
const REPEATED_RUN = /(\d)\1{5,}/;
const SEQUENCES = ['123456789', '987654321'];

/**
 * Phone: required; 9 digits after removing non-digits and the +34 prefix; not 123456789;
 * no repeated-digit runs; and a Spanish mobile number. Returns the message key of the first rule broken.
 */
export function phoneProblem(
  input: string | null | undefined,
  kind: 'mobile' | 'contact' = 'mobile',
): MessageKey | null {
  if (!input?.trim()) return 'fieldRequired';
  const digits = nationalDigits(input);
  if (digits.length !== 9) return 'incorrectPhone';
  if (SEQUENCES.includes(digits) || REPEATED_RUN.test(digits)) return 'incorrectPhone';
  // Sign-in needs a mobile (the SMS code goes there); the rule names no prefixes, so a contact person may
  // give a landline, as a Spanish customer often would for a parent or an employer.
  if (!(kind === 'contact' ? SPANISH_NUMBER : SPANISH_MOBILE).test(digits)) return 'incorrectPhone';
  return null;
}

/** A contact or new phone must differ from the registered one (fieldPhoneNumberEqualRegistration). */
export function samePhone(a: string, b: string): boolean {
  return nationalDigits(a) === nationalDigits(b);
}
