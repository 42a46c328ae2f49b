import {
  birthDateProblem,
  emailProblem,
  employmentDateProblem,
  filterHouse,
  idExpiryProblem,
  incomeDateProblem,
  personalIdProblem,
  postalCodeProblem,
  SELECTABLE_CONTACT_TYPES,
} from './personal';

describe('DNI and NIE (SPEC section 5)', () => {
  test.each(['12345678Z', '00000000T', '99999999R', 'X1234567L', 'Y1234567X', 'Z1234567R', 'x1234567l'])(
    '%s is valid',
    (id) => expect(personalIdProblem(id)).toBeNull(),
  );
  test.each(['12345678A', 'X1234567A', '1234567Z', 'A1234567L', '123456789', 'Z12345678'])(
    '%s is incorrect data',
    (id) => expect(personalIdProblem(id)).toBe('incorrectData'),
  );
  test('empty is required', () => expect(personalIdProblem(' ')).toBe('fieldRequired'));
});

describe('ages 21 to 80 on the birth date', () => {
  const today = new Date(2026, 10, 22);
  test('exactly 21 today is accepted; 21 tomorrow is not', () => {
    expect(birthDateProblem(new Date(2005, 10, 22), today)).toBeNull();
    expect(birthDateProblem(new Date(2005, 10, 23), today)).toBe('maxDate');
  });
  test('80 until the day before turning 81', () => {
    expect(birthDateProblem(new Date(1945, 10, 23), today)).toBeNull();
    expect(birthDateProblem(new Date(1945, 10, 22), today)).toBe('minDate');
  });
  test('born on 29 February: 21 on 28 February of a common year is not yet, on 1 March is', () => {
    const leap = new Date(2004, 1, 29);
    expect(birthDateProblem(leap, new Date(2025, 1, 28))).toBe('maxDate');
    expect(birthDateProblem(leap, new Date(2025, 2, 1))).toBeNull();
  });
  test('no date is an invalid date', () => expect(birthDateProblem(null)).toBe('incorrectDate'));
});

describe('document and job dates', () => {
  const today = new Date(2026, 10, 22);
  test('the ID may have expired up to 2 days ago', () => {
    expect(idExpiryProblem(new Date(2026, 10, 20), today)).toBeNull();
    expect(idExpiryProblem(new Date(2026, 10, 19), today)).toBe('minDate');
  });
  test('employment date not after today; income date from tomorrow', () => {
    expect(employmentDateProblem(today, today)).toBeNull();
    expect(employmentDateProblem(new Date(2026, 10, 23), today)).toBe('maxDate');
    expect(incomeDateProblem(new Date(2026, 10, 23), today)).toBeNull();
    expect(incomeDateProblem(today, today)).toBe('minDate');
  });
});

describe('other fields', () => {
  test('postal codes are 5 digits', () => {
    expect(postalCodeProblem('28014')).toBeNull();
    expect(postalCodeProblem('2801')).toBe('onlyNumbers');
    expect(postalCodeProblem('')).toBe('fieldRequired');
  });
  test('house and flat keep word characters, 7 at most', () => {
    expect(filterHouse('12-B º 3ª!!')).toBe('12Bº3ª');
    expect(filterHouse('123456789')).toBe('1234567');
  });
  test('e-mail', () => {
    expect(emailProblem('ana@credimo.es')).toBeNull();
    expect(emailProblem('ana@credimo')).toBe('incorrectEmail');
    expect(emailProblem('')).toBe('fieldRequired');
  });
  test('the selectable contact types leave out the second number', () => {
    expect(SELECTABLE_CONTACT_TYPES).not.toContain(2);
    expect(SELECTABLE_CONTACT_TYPES).toHaveLength(9);
  });
});
