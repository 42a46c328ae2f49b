/** The parts of a typed dd/mm/aaaa date and how many digits each takes. */
const PART_DIGITS = [2, 2, 4] as const;
const SEPARATOR = /[/.\-\s]/;

/**
 * A date as the customer types it, shown as dd/mm/aaaa: a phone's numeric keypad has no "/", so digits alone
 * fill the day, the month and the year and the separators appear as the next part begins ("15062030" is
 * "15/06/2030"). A separator typed by hand ends the part ("1/6/2030" is "01/06/2030"); anything else is dropped.
 * A separator is never added before its part has a digit, so deleting backwards is never undone.
 */
export function maskDisplayDate(typed: string): string {
  const parts = [''];
  for (const char of typed) {
    const index = parts.length - 1;
    const part = parts[index] ?? '';
    if (/\d/.test(char)) {
      if (part.length < (PART_DIGITS[index] ?? 0)) parts[index] = part + char;
      else if (index < PART_DIGITS.length - 1) parts.push(char);
      else break;
    } else if (SEPARATOR.test(char) && part !== '' && index < PART_DIGITS.length - 1) {
      parts[index] = part.padStart(2, '0');
      parts.push('');
    }
  }
  return parts.join('/');
}
