/** Money is integer cents everywhere; this is the only place it becomes euros. */
export type Cents = number;

/**
 * Spanish figures: a dot between thousands, a comma before the decimals. `grouping` 'always' groups every number
 * of four digits or more (money: 1.234,56 €); 'min2' only from five (es-ES's own rule for plain numbers: 2270,6
 * but 12.345,6). Written out rather than asked of Intl.NumberFormat: a page's first Intl formatter loads the
 * locale's data, measured at over 200 ms of one task on Lighthouse's mobile CPU (total blocking time),
 * for two formats that never change. The tests hold both to what Intl writes.
 */
export function formatDecimal(value: number, fractionDigits: number, grouping: 'always' | 'min2' = 'min2'): string {
  const [whole = '0', fraction] = Math.abs(value).toFixed(fractionDigits).split('.');
  return `${value < 0 ? '-' : ''}${groupThousands(whole, grouping)}${fraction === undefined ? '' : `,${fraction}`}`;
}

function groupThousands(digits: string, grouping: 'always' | 'min2'): string {
  return grouping === 'always' || digits.length >= 5 ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.') : digits;
}

/** Integer cents as euros: 1.234,56 €, with a no-break space so the sign never wraps alone. */
export function formatMoney(cents: Cents): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`money must be integer cents, got ${cents}`);
  // Whole cents, no floating point: the euros and the two digits after the comma.
  const magnitude = Math.abs(cents);
  const euros = groupThousands(String(Math.trunc(magnitude / 100)), 'always');
  return `${cents < 0 ? '-' : ''}${euros},${String(magnitude % 100).padStart(2, '0')}\u00a0€`;
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
