import { isValid, lightFormat } from 'date-fns';

/**
 * Dates are shown dd/MM/yyyy and sent yyyy-MM-dd. Both are numeric, so date-fns'
 * locale-free lightFormat does it; its full parse and format would weigh more than a whole widget.
 */
export const DISPLAY_DATE = 'dd/MM/yyyy';
export const WIRE_DATE = 'yyyy-MM-dd';

export function formatDisplayDate(date: Date): string {
  return lightFormat(date, DISPLAY_DATE);
}

export function formatWireDate(date: Date): string {
  return lightFormat(date, WIRE_DATE);
}

/** A calendar date from its parts, or null when the parts name no real day (30/02, 31/04...). */
function calendarDate(year: number, month: number, day: number): Date | null {
  const date = new Date(year, month - 1, day);
  return isValid(date) && date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day
    ? date
    : null;
}

/** Parses a strict dd/MM/yyyy as typed by a person; null when it is not a real date. */
export function parseDisplayDate(text: string): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  return match ? calendarDate(Number(match[3]), Number(match[2]), Number(match[1])) : null;
}

/** Parses a strict yyyy-MM-dd from the wire; null when it is not a real date. */
export function parseWireDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match ? calendarDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** A wire date (yyyy-MM-dd) as shown (dd/MM/yyyy); empty when there is none. */
export const wireToDisplayDate = (wire: string | null | undefined): string =>
  wire ? wire.split('-').reverse().join('/') : '';

export function displayToWireDate(text: string): string | null {
  const date = parseDisplayDate(text);
  return date ? formatWireDate(date) : null;
}
