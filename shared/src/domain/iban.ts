import { isValidIBAN } from 'ibantools';

/** Whitespace is removed before sending; letters are compared upper-case. */
export const normaliseIban = (input: string): string => input.replace(/\s/g, '').toUpperCase();

/** An IBAN as people read it: groups of four. */
export const groupedIban = (iban: string) => normaliseIban(iban).replace(/(.{4})(?=.)/g, '$1 ');

/**
 * A Spanish IBAN is ES plus 22 digits, with valid check digits. ibantools holds each country's
 * form (Spain: 24 characters, the 20 after the check digits all digits), so the rule here is that it is Spain's.
 */
export function ibanProblem(input: string): 'incorrectNumberIban' | null {
  const iban = normaliseIban(input);
  return iban.startsWith('ES') && isValidIBAN(iban) ? null : 'incorrectNumberIban';
}
