import { isValidIBAN } from 'ibantools';

/** SPEC section 3: whitespace is removed before sending; letters are compared upper-case. */
export const normaliseIban = (input: string): string => input.replace(/\s+/g, '').toUpperCase();

/** SPEC section 5: a Spanish IBAN is ES plus 22 digits, with valid check digits (ibantools). */
export function ibanProblem(input: string): 'incorrectNumberIban' | null {
  const iban = normaliseIban(input);
  return /^ES\d{22}$/.test(iban) && isValidIBAN(iban) ? null : 'incorrectNumberIban';
}
