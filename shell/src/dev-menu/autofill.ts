import type { TestValues } from './test-data';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Sets a value the way typing does, so React's controlled inputs (and formik) see the change. */
function typeInto(field: Field, value: string): void {
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** A select takes the value when it offers it, else its first real option (reference lists differ by API). */
function choose(select: HTMLSelectElement, value: string): boolean {
  const options = Array.from(select.options).map((option) => option.value);
  const chosen = options.includes(value) ? value : options.find((option) => option !== '');
  if (chosen === undefined || select.value === chosen) return false;
  typeInto(select, chosen);
  return true;
}

/**
 * Fills every named field of the page's forms that has a test value (the developer menu's in-page autofill): text by
 * typing, selects by choosing, checkboxes and radios by clicking. Answers how many fields changed.
 */
export function fillForms(root: ParentNode, values: TestValues): number {
  let filled = 0;
  for (const field of Array.from(root.querySelectorAll<Field>('input[name], select[name], textarea[name]'))) {
    const value = values[field.name];
    if (value === undefined || field.disabled) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      const wanted = field.type === 'radio' ? field.value === value : value === true;
      if (wanted && !field.checked) {
        field.click();
        filled += 1;
      }
      continue;
    }
    if (typeof value !== 'string') continue;
    if (field instanceof HTMLSelectElement) {
      if (value !== '' && choose(field, value)) filled += 1;
      continue;
    }
    if (field.value !== value) {
      typeInto(field, value);
      filled += 1;
    }
  }
  return filled;
}
