import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import { formatWireDate, parseWireDate } from '../format/dates';

/** The lender's calendar: every date a customer reads, and every day a loan is due on, is a day in Madrid. */
export const LENDER_TIME_ZONE = 'Europe/Madrid';

/** The calendar date in Madrid at an instant, as a wire date (yyyy-MM-dd), whatever the device's time zone. */
export function madridToday(now: Date | number = Date.now()): string {
  return formatWireDate(new TZDate(typeof now === 'number' ? now : now.getTime(), LENDER_TIME_ZONE));
}

/**
 * Madrid's date at an instant as a Date at local midnight: for calendar arithmetic in local time (addDays,
 * differenceInCalendarDays) and formatWireDate, which read a Date's local fields.
 */
export function madridDay(now: Date | number = Date.now()): Date {
  return parseWireDate(madridToday(now)) as Date;
}

/** A wire date moved by whole calendar days. */
export function addWireDays(day: string, days: number): string {
  const date = parseWireDate(day);
  if (!date) throw new RangeError(`not a date: ${day}`);
  return formatWireDate(addDays(date, days));
}

/** The day a loan of `term` days taken on Madrid's `today` (yyyy-MM-dd) is due. */
export const dueDateAfter = (today: string, term: number): string => addWireDays(today, term);

/** The day a loan of `term` days taken now is due, in Madrid (yyyy-MM-dd): the calculator, SECCI and contract. */
export const dueDate = (term: number, now: Date | number = Date.now()): string => dueDateAfter(madridToday(now), term);

/** The instant (ms) Madrid's day at `now` ends: when "today" moves on for every customer. */
export function madridDayEndsAt(now: Date | number = Date.now()): number {
  const madrid = new TZDate(typeof now === 'number' ? now : now.getTime(), LENDER_TIME_ZONE);
  return startOfDay(addDays(madrid, 1)).getTime();
}
