import { maskDisplayDate } from './date-mask';
import { parseDisplayDate } from './dates';

describe('a date typed on a phone keypad (digits only) reads dd/mm/aaaa', () => {
  test('eight digits are the day, the month and the year: 15062030 is 15/06/2030, a real date', () => {
    expect(maskDisplayDate('15062030')).toBe('15/06/2030');
    expect(parseDisplayDate(maskDisplayDate('15062030'))).toEqual(new Date(2030, 5, 15));
  });

  test('the separator appears as the next part begins, digit by digit', () => {
    const shown: string[] = [];
    let value = '';
    for (const digit of '15062030') {
      value = maskDisplayDate(value + digit);
      shown.push(value);
    }
    expect(shown).toEqual(['1', '15', '15/0', '15/06', '15/06/2', '15/06/20', '15/06/203', '15/06/2030']);
  });

  test('deleting backwards is never undone by the mask', () => {
    expect(maskDisplayDate('15/0')).toBe('15/0');
    expect(maskDisplayDate('15/')).toBe('15/');
    expect(maskDisplayDate('15')).toBe('15');
    expect(maskDisplayDate('')).toBe('');
  });

  test('a date typed with its separators stays as typed; a one-digit day or month is padded', () => {
    expect(maskDisplayDate('15/06/2030')).toBe('15/06/2030');
    expect(maskDisplayDate('1/6/2030')).toBe('01/06/2030');
    expect(maskDisplayDate('1-6-2030')).toBe('01/06/2030');
  });

  test('letters, extra separators and a ninth digit are dropped', () => {
    expect(maskDisplayDate('15a06//2030')).toBe('15/06/2030');
    expect(maskDisplayDate('150620301')).toBe('15/06/2030');
    expect(maskDisplayDate('/15')).toBe('15');
  });
});
