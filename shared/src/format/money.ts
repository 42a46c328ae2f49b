/** Money is integer cents everywhere (SPEC section 9); this is the only place it becomes euros. */
const euro = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // es-ES leaves four-digit numbers ungrouped by default; customers expect 1.234,56 €.
  useGrouping: 'always',
});

export type Cents = number;

export function formatMoney(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`money must be integer cents, got ${cents}`);
  // Intl puts a non-breaking space before the euro sign; keep it so the sign never wraps alone.
  return euro.format(cents / 100);
}

/** Euros typed by a person (e.g. "1.234,56" or "300") to integer cents; null when not a number. */
export function parseEuros(text: string): Cents | null {
  const normalised = text.trim().replace(/\s|€/g, '').replace(/\./g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  const [whole = '0', fraction = ''] = normalised.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function eurosToCents(euros: number): Cents {
  return Math.round(euros * 100);
}
