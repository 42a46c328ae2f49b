/** Country code 34. */
export const COUNTRY_CODE = '34';

/** Strip non-digits and the +34 prefix, leaving the national digits. */
export function nationalDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits.length > 9 && digits.startsWith(COUNTRY_CODE)) return digits.slice(COUNTRY_CODE.length);
  if (digits.length > 9 && digits.startsWith(`00${COUNTRY_CODE}`)) return digits.slice(4);
  return digits;
}

/** Country prefix then 3-2-2-2 digit groups, e.g. "+34 612 34 56 78". */
export function formatPhone(input: string): string {
  const digits = nationalDigits(input);
  if (digits.length !== 9) return input;
  return `+${COUNTRY_CODE} ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5, 7)} ${digits.slice(7, 9)}`;
}

/** The phone's input mask, `999 99 99 99`, applied to what the person has typed so far. */
export function maskPhone(input: string): string {
  const digits = nationalDigits(input).slice(0, 9);
  const groups = [digits.slice(0, 3), digits.slice(3, 5), digits.slice(5, 7), digits.slice(7, 9)];
  return groups.filter(Boolean).join(' ');
}
