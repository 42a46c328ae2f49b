import { groupedIban, ibanProblem, normaliseIban } from './iban';

/** A Spanish IBAN with valid check digits (ISO 13616). */
const SPANISH = 'ES9121000418450200051332';

describe('IBAN: ES and 22 digits, whitespace removed before sending', () => {
  test('whitespace of any kind and length is removed before sending, and letters are upper-case', () => {
    expect(normaliseIban(' es91 2100\t0418  4502\n0005 1332 ')).toBe(SPANISH);
    expect(normaliseIban(SPANISH)).toBe(SPANISH);
    expect(normaliseIban('')).toBe('');
  });

  test('shown in groups of four, with no space at the end', () => {
    expect(groupedIban(SPANISH)).toBe('ES91 2100 0418 4502 0005 1332');
    expect(groupedIban('es9121000418450200051332')).toBe('ES91 2100 0418 4502 0005 1332');
    expect(groupedIban('ES91 21')).toBe('ES91 21');
    expect(groupedIban('ES91')).toBe('ES91');
  });

  test('a Spanish IBAN with valid check digits is correct, typed with spaces and in lower case too', () => {
    expect(ibanProblem(SPANISH)).toBeNull();
    expect(ibanProblem('es91 2100 0418 4502 0005 1332')).toBeNull();
  });

  test('wrong check digits, a short number or letters among the digits are "Número de IBAN incorrecto"', () => {
    expect(ibanProblem('ES9121000418450200051333')).toBe('incorrectNumberIban');
    expect(ibanProblem('ES00 1234')).toBe('incorrectNumberIban');
    expect(ibanProblem('ES91210004184502000513321')).toBe('incorrectNumberIban');
    expect(ibanProblem('ES91210004184502000513A2')).toBe('incorrectNumberIban');
    expect(ibanProblem('')).toBe('incorrectNumberIban');
  });

  test('a valid IBAN of another country is refused: only ES and 22 digits', () => {
    expect(ibanProblem('DE89370400440532013000')).toBe('incorrectNumberIban');
    // Valid for Guatemala and ending in "ES" and 22 digits: the Spanish form must start the number.
    expect(ibanProblem('GT75ES1111111111111111111111')).toBe('incorrectNumberIban');
  });
});
