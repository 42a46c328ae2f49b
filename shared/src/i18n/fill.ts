/**
 * Filling a catalogue's text: `{name}` placeholders, and the Spanish plural of a count. A module of its own so a
 * remote that needs no catalogue of messages (the calculator) carries only these few lines.
 */

/** Fills the `{name}` placeholders of any catalogue's text; a placeholder without a value stays as it is. */
export function fill(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A text that depends on a count: its singular and its plural form, each with `{n}` for the count. */
export interface PluralForms {
  one: string;
  other: string;
}

const spanishPlurals = new Intl.PluralRules('es-ES');

/** The form of `forms` Spanish uses for `count`, with `{n}` (and any other placeholder) filled. */
export function plural(forms: PluralForms, count: number, params: Record<string, string | number> = {}): string {
  return fill(spanishPlurals.select(count) === 'one' ? forms.one : forms.other, { n: count, ...params });
}
