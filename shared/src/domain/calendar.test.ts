import { formatWireDate } from '../format/dates';
import { addWireDays, dueDate, dueDateAfter, madridDay, madridToday } from './calendar';

describe('dates are Madrid dates, whatever the clock of the device or server', () => {
  test('at 23:30 UTC in winter it is already the next day in Madrid (00:30)', () => {
    const now = new Date('2026-11-27T23:30:00Z');
    expect(madridToday(now)).toBe('2026-11-28');
    expect(formatWireDate(madridDay(now))).toBe('2026-11-28');
  });

  test('at 21:59 UTC in summer it is still the same day in Madrid (23:59), at 22:00 UTC the next', () => {
    expect(madridToday(new Date('2026-07-14T21:59:00Z'))).toBe('2026-07-14');
    expect(madridToday(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });

  test('a loan of 20 days asked for at 00:30 in Madrid is due 20 Madrid days later (18/12, not 17/12)', () => {
    expect(dueDate(20, new Date('2026-11-27T23:30:00Z'))).toBe('2026-12-18');
    expect(dueDate(20, new Date('2026-11-27T22:30:00Z'))).toBe('2026-12-17');
  });

  test('the due date is today plus the term in calendar days, across months, years and clock changes', () => {
    expect(dueDateAfter('2026-11-22', 30)).toBe('2026-12-22');
    expect(dueDateAfter('2026-12-20', 15)).toBe('2027-01-04');
    expect(dueDateAfter('2027-03-20', 10)).toBe('2027-03-30');
    expect(addWireDays('2027-03-01', -1)).toBe('2027-02-28');
  });

  test('a wire date that is no date is a programming error', () => {
    expect(() => addWireDays('28/11/2026', 1)).toThrow('not a date');
  });

  test('a wire date is exactly yyyy-MM-dd: no short fields, nothing before or after', () => {
    expect(() => addWireDays('2026-1-5', 1)).toThrow('not a date');
    expect(() => addWireDays('12026-11-28', 1)).toThrow('not a date');
    expect(() => addWireDays('2026-11-280', 1)).toThrow('not a date');
    expect(() => addWireDays(' 2026-11-28', 1)).toThrow('not a date');
    expect(() => addWireDays('2026-11-28 ', 1)).toThrow('not a date');
  });
});
