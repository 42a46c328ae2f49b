import { displayToWireDate, formatDisplayDate, formatWireDate, parseDisplayDate, parseWireDate } from './dates';
import { formatDecimal, formatMoney, parseEuros } from './money';
import { formatPhone, maskPhone, nationalDigits } from './phone';

const nbsp = '\u00a0';

describe('money is integer cents, shown as 1.234,56 €', () => {
  test('cents are shown with a comma, dot grouping and the euro sign after', () => {
    expect(formatMoney(123456)).toBe(`1.234,56${nbsp}€`);
    expect(formatMoney(30000)).toBe(`300,00${nbsp}€`);
    expect(formatMoney(5)).toBe(`0,05${nbsp}€`);
  });

  test('written as Intl writes es-ES euros (grouped from four digits) and es-ES figures (grouped from five)', () => {
    const euros = new Intl.NumberFormat('es-ES', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: 'always',
    });
    for (const cents of [0, 5, 99, 100, 12_345, 123_456, 100_000, 99_999_999, 123_456_789_012, -5, -123_456]) {
      expect(formatMoney(cents)).toBe(euros.format(cents / 100));
    }
    const oneDecimal = new Intl.NumberFormat('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    for (const value of [0, 0.05, 7.25, 99.94, 999.95, 2270.6, 2270.64, 9999.95, 12_345.6, 123_456.78, -3.5]) {
      expect(formatDecimal(value, 1)).toBe(oneDecimal.format(value));
    }
    expect(formatDecimal(1234.5, 0, 'always')).toBe('1.235');
  });

  test('a non-integer amount is refused, never rounded silently', () => {
    expect(() => formatMoney(10.5)).toThrow(RangeError);
  });

  test('euros typed by a person become cents', () => {
    expect(parseEuros('1.234,56')).toBe(123456);
    expect(parseEuros('300')).toBe(30000);
    expect(parseEuros('300,5')).toBe(30050);
    expect(parseEuros('12,345')).toBeNull();
    expect(parseEuros('abc')).toBeNull();
  });
});

describe('dates are shown dd/MM/yyyy and sent yyyy-MM-dd', () => {
  const date = new Date(2026, 1, 28);

  test('formats both ways', () => {
    expect(formatDisplayDate(date)).toBe('28/02/2026');
    expect(formatWireDate(date)).toBe('2026-02-28');
    expect(displayToWireDate('28/02/2026')).toBe('2026-02-28');
  });

  test('an impossible date is not a date', () => {
    expect(parseDisplayDate('30/02/2026')).toBeNull();
    expect(parseDisplayDate('2026-02-28')).toBeNull();
    expect(parseDisplayDate('29/02/2024')).not.toBeNull();
    expect(parseDisplayDate('29/02/2026')).toBeNull();
    expect(parseDisplayDate('31/04/2026')).toBeNull();
    expect(parseWireDate('2026-13-01')).toBeNull();
    expect(parseWireDate('2026-11-22')?.getDate()).toBe(22);
  });
});

describe('phones: +34 prefix, 3-2-2-2 groups', () => {
  test('non-digits and the +34 prefix are removed', () => {
    expect(nationalDigits('+34 612 34 56 78')).toBe('612345678');
    expect(nationalDigits('0034612345678')).toBe('612345678');
    expect(nationalDigits('612-34-56-78')).toBe('612345678');
  });

  test('displayed with the country prefix and 3-2-2-2 groups', () => {
    expect(formatPhone('612345678')).toBe('+34 612 34 56 78');
  });

  test('the input mask is 999 99 99 99 as the person types', () => {
    expect(maskPhone('6123')).toBe('612 3');
    expect(maskPhone('612345678999')).toBe('612 34 56 78');
  });
});
