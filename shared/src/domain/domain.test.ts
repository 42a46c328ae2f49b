import { phoneProblem, samePhone } from './phone';
import { smsCodeProblem } from './sms-code';

describe('phone rules: 9 digits after +34, no 123456789, no runs of one digit', () => {
  test.each(['612345678', '+34 612 34 56 78', '0034 712 345 678', '744 12 34 56'])(
    '%s is a valid Spanish mobile',
    (phone) => {
      expect(phoneProblem(phone)).toBeNull();
    },
  );

  test('empty is required', () => {
    expect(phoneProblem('')).toBe('fieldRequired');
    expect(phoneProblem(null)).toBe('fieldRequired');
    expect(phoneProblem('   ')).toBe('fieldRequired');
  });

  test.each([
    ['too short', '61234567'],
    ['too long', '6123456789'],
    ['the forbidden 123456789', '123456789'],
    ['a descending sequence', '987654321'],
    ['a run of one digit', '666666666'],
    ['six of one digit in a row', '612222222'],
    ['a landline', '912345678'],
    ['outside 71x-74x', '751234567'],
  ])('%s is not valid', (_case, phone) => {
    expect(phoneProblem(phone)).toBe('incorrectPhone');
  });

  test('a contact person may give a landline (the rule has no prefix list); sign-in still needs a mobile', () => {
    expect(phoneProblem('912 34 56 78', 'contact')).toBeNull();
    expect(phoneProblem('+34 812 34 56 78', 'contact')).toBeNull();
    expect(phoneProblem('512345678', 'contact')).toBe('incorrectPhone');
    expect(phoneProblem('987654321', 'contact')).toBe('incorrectPhone');
    expect(phoneProblem('912345678')).toBe('incorrectPhone');
  });

  test('phones compare by their national digits', () => {
    expect(samePhone('+34 612 34 56 78', '612345678')).toBe(true);
    expect(samePhone('612345678', '612345679')).toBe(false);
  });
});

describe('SMS code rules', () => {
  test('required, digits only, 4 long', () => {
    expect(smsCodeProblem('')).toBe('fieldRequired');
    expect(smsCodeProblem('12a4')).toBe('onlyNumbers');
    expect(smsCodeProblem('123')).toBe('minLengthField');
    expect(smsCodeProblem('1234')).toBeNull();
  });
});
