import { personalIdLetter, phoneProblem } from '@credimo/shared/domain';
import { addYears, format, subYears } from 'date-fns';

/** Real provinces with a real municipality, postal code and street of each (real provinces). */
export const TEST_PLACES = [
  { region: 'Madrid', city: 'Madrid', postal_code: '28014', street: 'Calle de Alcalá' },
  { region: 'Barcelona', city: 'Barcelona', postal_code: '08008', street: 'Carrer de Balmes' },
  { region: 'Sevilla', city: 'Sevilla', postal_code: '41004', street: 'Calle Sierpes' },
  { region: 'Zaragoza', city: 'Zaragoza', postal_code: '50001', street: 'Paseo de la Independencia' },
  { region: 'Málaga', city: 'Málaga', postal_code: '29005', street: 'Calle Marqués de Larios' },
  { region: 'Bizkaia', city: 'Bilbao', postal_code: '48001', street: 'Gran Vía de Don Diego López de Haro' },
] as const;

const FIRST_NAMES = ['Ana', 'Lucía', 'Carmen', 'Javier', 'Pablo', 'Marta'];
const SURNAMES = ['García', 'Martínez', 'López', 'Sánchez', 'Romero', 'Navarro'];

export type TestValues = Record<string, string | boolean>;

/** Spanish IBAN with its check digits (ISO 13616: the number with "ES00" moved to the end, mod 97). */
function spanishIban(bankDigits: string): string {
  const numeric = `${bankDigits}142800`; // E=14, S=28, check digits 00
  let remainder = 0;
  for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  return `ES${String(98 - remainder).padStart(2, '0')}${bankDigits}`;
}

/** A Spanish account number (CCC): bank, branch, its two control digits, account (weights of the Spanish banks). */
function spanishAccount(bank: string, branch: string, account: string): string {
  const weights = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  const control = (digits: string) => {
    const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
    const value = 11 - (sum % 11);
    return String(value === 11 ? 0 : value === 10 ? 1 : value);
  };
  return `${bank}${branch}${control(`00${bank}${branch}`)}${control(account)}${account}`;
}

const validOr = (candidate: string, fallback: string, problem: (value: string) => unknown) =>
  problem(candidate) === null ? candidate : fallback;

const digitsFrom = (random: () => number, count: number) =>
  Array.from({ length: count }, () => Math.floor(random() * 10)).join('');

/**
 * Valid data for every registration form (the developer menu's autofill), keyed by the forms' field names: a DNI with
 * its letter, dates within the forms' rules (age 21 to 80, an ID valid for years), a real province, a valid IBAN.
 */
export function testRegistrationValues(random: () => number = Math.random, today: Date = new Date()): TestValues {
  function pick<T>(list: readonly T[]): T {
    return list[Math.floor(random() * list.length)] as T;
  }
  const dniDigits = String(10_000_000 + Math.floor(random() * 89_999_999));
  // A random number that breaks the phone rules (a run of one digit) gives way to a known good one.
  const phone = validOr(`6${digitsFrom(random, 8)}`, '612345678', (p) => phoneProblem(p));
  const contact = validOr(`6${digitsFrom(random, 8)}`, '698765432', (p) => phoneProblem(p, 'contact'));
  const iban = spanishIban(spanishAccount('2100', digitsFrom(random, 4), digitsFrom(random, 10)));
  const place = pick(TEST_PLACES);
  const name = pick(FIRST_NAMES);
  const surname = pick(SURNAMES);
  const display = (date: Date) => format(date, 'dd/MM/yyyy');
  const address = (prefix: string): TestValues => ({
    [`${prefix}.postal_code`]: place.postal_code,
    [`${prefix}.region`]: place.region,
    [`${prefix}.city`]: place.city,
    [`${prefix}.street`]: place.street,
    [`${prefix}.house`]: String(1 + Math.floor(random() * 120)),
  });
  return {
    phone,
    mobile_phone: phone,
    privacyProtectionPolicy: true,
    agreementTerms: true,
    first_name: name,
    first_surname: surname,
    second_surname: pick(SURNAMES),
    personal_id: `${dniDigits}${personalIdLetter(dniDigits)}`,
    expiry_date: display(addYears(today, 5)),
    birthday: display(subYears(today, 25 + Math.floor(random() * 40))),
    nationality: 'ES',
    gender: pick(['male', 'female']),
    ...address('registration_address'),
    ...address('actual_address'),
    is_actual_address: true,
    email: `${name}.${surname}.${dniDigits.slice(-4)}@example.com`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, ''),
    employment_type_id: '1',
    // Any activity the API lists: employed customers need one (rule 6).
    business_activity_id: '1',
    company_name: 'Transportes Ibéricos S.L.',
    position: 'Administrativa',
    employment_date: display(subYears(today, 3)),
    income_amount: '1800',
    education: 'university',
    has_current_loan: 'no',
    contact_type: '7',
    contact_name: `${pick(FIRST_NAMES)} ${pick(SURNAMES)}`,
    contact_phone_number: contact,
    iban,
  };
}
