import {
  birthDateProblem,
  contactNeedsName,
  contactPersonProblems,
  emailProblem,
  employmentDateProblem,
  filterHouse,
  idExpiryProblem,
  incomeDateProblem,
  needsBusinessActivity,
  needsCompanyName,
  normalisePersonalId,
  personalIdProblem,
  postalCodeProblem,
  SELECTABLE_CONTACT_TYPES,
} from './personal';

describe('DNI and NIE: 9 long, the control letter is the number modulo 23', () => {
  test.each(['12345678Z', '00000000T', '99999999R', 'X1234567L', 'Y1234567X', 'Z1234567R', 'x1234567l'])(
    '%s is valid',
    (id) => expect(personalIdProblem(id)).toBeNull(),
  );
  test.each(['12345678A', 'X1234567A', '1234567Z', 'A1234567L', '123456789', 'Z12345678'])(
    '%s is incorrect data',
    (id) => expect(personalIdProblem(id)).toBe('incorrectData'),
  );
  test('empty is required', () => expect(personalIdProblem(' ')).toBe('fieldRequired'));
  test('missing is required', () => expect(personalIdProblem(null)).toBe('fieldRequired'));
  test('is stored trimmed and in capitals', () => expect(normalisePersonalId(' x1234567l ')).toBe('X1234567L'));
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
  test('a missing date is an invalid date', () => {
    expect(idExpiryProblem(null, today)).toBe('incorrectDate');
    expect(employmentDateProblem(null, today)).toBe('incorrectDate');
    expect(incomeDateProblem(null, today)).toBe('incorrectDate');
  });
});

describe('other fields', () => {
  test('postal codes are 5 digits', () => {
    expect(postalCodeProblem('28014')).toBeNull();
    expect(postalCodeProblem('2801')).toBe('onlyNumbers');
    expect(postalCodeProblem('')).toBe('fieldRequired');
    expect(postalCodeProblem('280145')).toBe('onlyNumbers');
    expect(postalCodeProblem('a28014')).toBe('onlyNumbers');
  });
  test('house and flat keep word characters, 7 at most', () => {
    expect(filterHouse('12-B º 3ª!!')).toBe('12Bº3ª');
    expect(filterHouse('123456789')).toBe('1234567');
  });
  test('e-mail', () => {
    expect(emailProblem('ana@credimo.es')).toBeNull();
    expect(emailProblem('ana@credimo')).toBe('incorrectEmail');
    expect(emailProblem('')).toBe('fieldRequired');
    expect(emailProblem('   ')).toBe('fieldRequired');
    expect(emailProblem(null)).toBe('fieldRequired');
  });
  test('e-mail: surrounding spaces are ignored, nothing else may surround the address', () => {
    expect(emailProblem(' ana@credimo.es ')).toBeNull();
    expect(emailProblem('x ana@credimo.es')).toBe('incorrectEmail');
    expect(emailProblem('ana@credimo.es x')).toBe('incorrectEmail');
  });
  test('e-mail: at most 100 characters', () => {
    const local = (length: number) => 'a'.repeat(length - '@credimo.es'.length);
    expect(emailProblem(`${local(100)}@credimo.es`)).toBeNull();
    expect(emailProblem(`${local(101)}@credimo.es`)).toBe('incorrectEmail');
  });
  test('business activity for the employed and the self-employed, a company name for the employed only', () => {
    const types = [1, 2, 3, 4, 5, 6, 7];
    expect(types.filter(needsBusinessActivity)).toEqual([1, 3]);
    expect(types.filter(needsCompanyName)).toEqual([1]);
  });
  test('the selectable contact types leave out the second number', () => {
    expect(SELECTABLE_CONTACT_TYPES).not.toContain(2);
    expect(SELECTABLE_CONTACT_TYPES).toHaveLength(9);
  });
  test('the contact name shows for certain types: friend, colleague, chief, relative, partner; not close family', () => {
    expect(SELECTABLE_CONTACT_TYPES.filter(contactNeedsName)).toEqual([7, 10, 11, 14, 15]);
    expect(contactNeedsName(2)).toBe(false);
  });
});

describe('the contact person: one rule for the form and the API', () => {
  test('required: a type and a phone; a name only for the types that ask it', () => {
    expect(contactPersonProblems({})).toEqual({ contact_type: 'fieldRequired', contact_phone_number: 'fieldRequired' });
    expect(contactPersonProblems({ contact_type: 56, contact_phone_number: '634 56 78 12' })).toEqual({});
    expect(contactPersonProblems({ contact_type: 7, contact_phone_number: '634567812' })).toEqual({
      contact_name: 'fieldRequired',
    });
    expect(contactPersonProblems({ contact_type: 7, contact_name: '  ', contact_phone_number: '634567812' })).toEqual({
      contact_name: 'fieldRequired',
    });
    expect(contactPersonProblems({ contact_type: 7, contact_name: 'Luis', contact_phone_number: '634567812' })).toEqual(
      {},
    );
  });

  test('the second number is not selectable; the phone is a valid Spanish one other than the customer’s', () => {
    expect(contactPersonProblems({ contact_type: 2, contact_phone_number: '634567812' })).toEqual({
      contact_type: 'incorrectData',
    });
    expect(contactPersonProblems({ contact_type: 56, contact_phone_number: '123456789' })).toEqual({
      contact_phone_number: 'incorrectPhone',
    });
    expect(contactPersonProblems({ contact_type: 56, contact_phone_number: '+34 634 56 78 12' }, '634567812')).toEqual({
      contact_phone_number: 'fieldPhoneNumberEqualRegistration',
    });
    expect(contactPersonProblems({ contact_type: 56, contact_phone_number: '954123456' }, '634567812')).toEqual({});
  });
});
