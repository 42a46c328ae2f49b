import { format, isValid, parse } from 'date-fns';
import { es } from 'date-fns/locale';

/** SPEC section 5: dates are shown dd/MM/yyyy and sent yyyy-MM-dd. */
export const DISPLAY_DATE = 'dd/MM/yyyy';
export const WIRE_DATE = 'yyyy-MM-dd';

export function formatDisplayDate(date: Date): string {
  return format(date, DISPLAY_DATE, { locale: es });
}

export function formatWireDate(date: Date): string {
  return format(date, WIRE_DATE);
}

/** Parses a strict dd/MM/yyyy as typed by a person; null when it is not a real date. */
export function parseDisplayDate(text: string): Date | null {
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(text)) return null;
  const date = parse(text, DISPLAY_DATE, new Date(0));
  return isValid(date) ? date : null;
}

/** Parses a strict yyyy-MM-dd from the wire; null when it is not a real date. */
export function parseWireDate(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = parse(text, WIRE_DATE, new Date(0));
  return isValid(date) ? date : null;
}

export function displayToWireDate(text: string): string | null {
  const date = parseDisplayDate(text);
  return date ? formatWireDate(date) : null;
}
