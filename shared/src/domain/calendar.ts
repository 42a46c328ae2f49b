import { parseWireDate } from '../format/dates';

/** The lender's calendar: every date a customer reads, and every day a loan is due on, is a day in Madrid. */
export const LENDER_TIME_ZONE = 'Europe/Madrid';

/** Madrid's calendar as the platform's time zone data reads it (no library in every widget's bundle). */
const madridCalendar = new Intl.DateTimeFormat('en-GB', {
  timeZone: LENDER_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in Madrid at an instant, as a wire date (yyyy-MM-dd), whatever the device's time zone. */
export function madridToday(now: Date | number = Date.now()): string {
  // en-GB writes dd/mm/yyyy.
  return madridCalendar.format(now).split('/').reverse().join('-');
}

/**
 * Madrid's date at an instant as a Date at local midnight: for calendar arithmetic in local time (addDays,
 * differenceInCalendarDays) and formatWireDate, which read a Date's local fields.
 */
export function madridDay(now: Date | number = Date.now()): Date {
  return parseWireDate(madridToday(now)) as Date;
}

/**
 * A wire date moved by whole calendar days. Counted on UTC's calendar, which has no summer time, so no day is
 * ever 23 or 25 hours long; and without date-fns, which the calculator's first answer need not load.
 */
export function addWireDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const moved = new Date(Date.UTC(year ?? Number.NaN, (month ?? 1) - 1, (date ?? Number.NaN) + days));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(moved.getTime())) throw new RangeError(`not a date: ${day}`);
  return moved.toISOString().slice(0, 10);
}

/** The day a loan of `term` days taken on Madrid's `today` (yyyy-MM-dd) is due. */
export const dueDateAfter = (today: string, term: number): string => addWireDays(today, term);

/** The day a loan of `term` days taken now is due, in Madrid (yyyy-MM-dd): the calculator, SECCI and contract. */
export const dueDate = (term: number, now: Date | number = Date.now()): string => dueDateAfter(madridToday(now), term);
