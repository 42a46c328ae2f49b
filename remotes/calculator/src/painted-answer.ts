import type { PricesResponse } from '@credimo/shared/contract';
import { expandPrices } from '@credimo/shared/contract';
import { amountFieldText, figuresOf } from './figures';

/** The painted calculator's markup the figures need (scripts/calculator-paint.ts). */
export interface PaintedMarkup {
  /** The commission's cell: `{{total}}` and `{{original}}` are its figures. */
  commissions: { free: string; discounted: string; plain: string };
  freeNote: string;
}

/**
 * The painted calculator (the plugin's HTML) answers before the widget arrives: a slider moved there shows its
 * text, and the figures of the new choice from the table its placeholder carries (the widget's `seed`), by the
 * widget's own rules (figures.ts). The widget then starts where the sliders were left (Calculator.tsx,
 * movedOnPage) and shows the same figures. `npm run paint:widgets` bundles this; the plugin prints it once per page.
 */
export function answerPaintedCalculators(doc: Document, markup: PaintedMarkup, now: () => number = Date.now): void {
  const tables = new WeakMap<Element, PricesResponse | null>();
  const tableOf = (placeholder: Element) => {
    if (!tables.has(placeholder)) {
      const seed = JSON.parse(placeholder.getAttribute('data-props') ?? '{}').seed;
      tables.set(placeholder, seed?.prices ? expandPrices(seed.prices) : null);
    }
    return tables.get(placeholder) ?? null;
  };
  doc.addEventListener('input', (event) => {
    const slider = event.target as HTMLInputElement;
    const texts = slider.dataset?.credimoTexts;
    const section = slider.closest('section');
    if (!texts || !section) return;
    const text = (JSON.parse(texts) as string[])[Number(slider.value)] ?? '';
    slider.setAttribute('aria-valuetext', text);
    const output = section.querySelector(`output[for="${slider.id}"]`);
    if (output) output.textContent = text;
    // Each slider's step, in the shortcode's units (euros, days).
    const step = (name: string) => {
      const input = section.querySelector<HTMLInputElement>(`input[type="range"][name="${name}"]`);
      return input ? (JSON.parse(input.dataset.credimoSteps ?? '[]') as number[])[Number(input.value)] : undefined;
    };
    const term = step('term');
    const euros = step('amount');
    const placeholder = section.closest('[data-credimo-widget]');
    const table = placeholder && tableOf(placeholder);
    const amount = Math.round((euros ?? Number.NaN) * 100);
    const option = term === undefined ? undefined : table?.[term]?.[amount];
    const dl = section.querySelector('dl');
    const cells = section.querySelectorAll('dl dd');
    if (!option || term === undefined || !dl || cells.length !== 4) return;
    const figures = figuresOf(option, term, now());
    const [due, commission, total, tae] = cells as unknown as HTMLElement[];
    (due as HTMLElement).textContent = figures.due;
    (commission as HTMLElement).innerHTML = markup.commissions[figures.commission]
      .replace('{{total}}', figures.commissionTotal)
      .replace('{{original}}', figures.commissionOriginal);
    (total as HTMLElement).textContent = figures.total;
    (tae as HTMLElement).textContent = figures.tae;
    const note = dl.nextElementSibling?.tagName === 'P' ? dl.nextElementSibling : null;
    if (figures.free && !note) dl.insertAdjacentHTML('afterend', markup.freeNote);
    if (!figures.free) note?.remove();
    const field = section.querySelector<HTMLInputElement>('input[inputmode="decimal"]');
    if (field) field.value = amountFieldText(amount);
    // The offer's document (SECCI) of the choice shown.
    const secci = section.querySelector('a[href*="/offer/"]');
    secci?.setAttribute(
      'href',
      (secci.getAttribute('href') ?? '').replace(/\/prices\/\d+\/\d+\/offer\//, `/prices/${term}/${amount}/offer/`),
    );
  });
}
