import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setApiAddress } from '@credimo/shared/api/address';
import type { CompactPrices, SettingsResponse } from '@credimo/shared/contract';
import { dueDate } from '@credimo/shared/domain';
import { wireToDisplayDate } from '@credimo/shared/format';
import { priceTablesAtom } from '@credimo/shared/price-tables';
import { sessionStore } from '@credimo/shared/session';
import { Provider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { Calculator, type CalculatorProps } from '../remotes/calculator/src/Calculator';
import { CALCULATOR_PAINT_FILE } from './calculator-paint';

const API = 'https://api.credimo.example';

/**
 * A table as the API sends it, with what the paint must get right: free first amounts (the badge), a discount
 * (commission struck through), amounts from four digits of euros (1.000 €) and TAEs from five digits (1.234,5).
 */
function table(discounted: boolean): CompactPrices {
  const terms = [5, 10, 15, 20, 25, 30];
  const amounts = 96; // 50 € to 1.000 € by 10 €
  const row = (first: number, step: number) => [first, ...Array.from({ length: amounts - 1 }, () => step)];
  return {
    terms: { min: 5, max: 30, step: 5 },
    amounts: { min: 5000, max: 100000, step: 1000 },
    free_up_to: 10000,
    original_total: terms.map((term) => row(term * 30, term * 6)),
    total: terms.map((term) => row(term * (discounted ? 27 : 30), term * (discounted ? 5 : 6))),
    tae_tenths: terms.map((term) => row(120000 / term, term % 2 ? 1 : 0)),
  };
}

const SETTINGS: SettingsResponse = {
  calculator: { amount_default_toggle_position: 25, term_default_toggle_position: 5 },
};

interface Paint {
  html: string;
  props: { seed: { prices: CompactPrices; settings: SettingsResponse | null }; paint: string };
}

/** The plugin's PHP, run on the machine's PHP outside WordPress (scripts/calculator-paint-driver.php). */
function php(input: {
  kept: { prices: CompactPrices; settings: SettingsResponse | null };
  cases: Record<string, number | string>[];
  dues?: { term: number; now: number }[];
  head?: boolean;
}): { paints: (Paint | null)[]; dues: string[]; head: string } {
  const output = execFileSync('php', [path.join(__dirname, 'calculator-paint-driver.php')], {
    input: JSON.stringify({ apiBaseUrl: API, dues: [], ...input }),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(output);
}

let hasPhp = true;
try {
  execFileSync('php', ['-v']);
} catch {
  hasPhp = false;
}
const withPhp = hasPhp ? test : test.skip;

/**
 * An element as a customer meets it: tag, classes (the paint's renamed back; CSS modules are their plain names in
 * tests), what a slider, field, button or link says and does, and its children with their words.
 */
function shape(node: Node): unknown {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  const el = node as Element;
  const attributes = [
    'type',
    'min',
    'max',
    'step',
    'value',
    'aria-valuetext',
    'aria-busy',
    'href',
    'inputmode',
    'maxlength',
  ];
  return [
    el.tagName,
    [...el.classList].map((name) => name.replace(/^credimo-p[ck]-/, '')).join(' '),
    Object.fromEntries(attributes.filter((name) => el.hasAttribute(name)).map((name) => [name, el.getAttribute(name)])),
    [...el.childNodes].map(shape),
  ];
}

const parse = (html: string) => {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // React's static markup separates adjacent texts with comments: one text node, as a browser shows it.
  const comments = doc.createTreeWalker(doc.body, NodeFilter.SHOW_COMMENT);
  const found: Node[] = [];
  while (comments.nextNode()) found.push(comments.currentNode);
  for (const comment of found) comment.parentNode?.removeChild(comment);
  doc.body.normalize();
  return doc.querySelector('section') as HTMLElement;
};

/** The widget as the loader mounts it on the page: the placeholder's props, the table it carries. */
function mounted(seed: Paint['props']['seed'], props: Partial<CalculatorProps>) {
  sessionStore.set(priceTablesAtom, {});
  return parse(
    renderToStaticMarkup(
      <Provider store={sessionStore}>
        <Calculator productId={1} seed={seed} {...props} />
      </Provider>,
    ),
  );
}

/** Runs an inline script as the page would, and returns how to take back the listeners it added. */
function runInlineScript(source: string): () => void {
  const added: [string, EventListenerOrEventListenerObject][] = [];
  const add = document.addEventListener.bind(document);
  document.addEventListener = ((type: string, listener: EventListenerOrEventListenerObject) => {
    added.push([type, listener]);
    add(type, listener);
  }) as typeof document.addEventListener;
  try {
    new Function(source)();
  } finally {
    document.addEventListener = add;
  }
  return () => {
    for (const [type, listener] of added) document.removeEventListener(type, listener);
  };
}

beforeAll(() => setApiAddress({ apiBaseUrl: API, wpBaseUrl: 'https://www.credimo.example' }));

describe("the WordPress plugin's painted calculator", () => {
  test("the plugin's committed paint is what the catalogue and the CSS modules make today (npm run paint:widgets)", () => {
    // Made in a process of its own: the answer's bundler (esbuild) does not run in this browser-like one.
    const made = execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'calculator-paint.ts'), '--print'],
      {
        encoding: 'utf8',
      },
    );
    expect(readFileSync(CALCULATOR_PAINT_FILE, 'utf8')).toBe(made);
  });

  const cases: [string, Record<string, number>, boolean, SettingsResponse | null][] = [
    ["the shortcode's amount and term", { amount: 300, term: 30 }, false, SETTINGS],
    ['a free first amount (the badge, the note)', { amount: 100, term: 5 }, false, SETTINGS],
    ['a discounted table (the commission struck through)', { amount: 450, term: 15 }, true, SETTINGS],
    ['four digits of euros', { amount: 1000, term: 20 }, false, SETTINGS],
    ['an amount and term between steps, snapped as the widget snaps', { amount: 304.99, term: 12.5 }, false, SETTINGS],
    ['beyond the table, snapped to its ends', { amount: 5000, term: 90 }, false, SETTINGS],
    ["no shortcode choice: the settings' toggle positions", {}, false, SETTINGS],
    ["no shortcode choice, no settings: the first term's last amount", {}, false, null],
    ['an amount alone is no choice (the settings decide)', { amount: 200 }, false, SETTINGS],
  ];

  withPhp.each(cases)('paints what the mounted widget shows first: %s', (_name, props, discounted, settings) => {
    const kept = { prices: table(discounted), settings };
    const [paint] = php({ kept, cases: [props] }).paints;
    if (!paint) throw new Error('the plugin painted nothing');
    expect(paint.props.seed).toEqual(kept);
    const painted = parse(paint.html);
    const widget = mounted(paint.props.seed, props);
    expect(shape(painted)).toEqual(shape(widget));
    // The figures themselves, as the customer reads them.
    expect(painted.querySelector('dl')?.textContent).toBe(widget.querySelector('dl')?.textContent);
  });

  withPhp(
    "a shortcode's promo code, which only the widget checks: the figures painted dimmed, as the widget starts",
    () => {
      const kept = { prices: table(false), settings: SETTINGS };
      const props = { amount: 300, term: 30, promocode: 'CREDIMO10' };
      const [paint] = php({ kept, cases: [props] }).paints;
      if (!paint) throw new Error('the plugin painted nothing');
      const painted = parse(paint.html);
      expect(painted.querySelector('dl')?.getAttribute('aria-busy')).toBe('true');
      expect(shape(painted)).toEqual(shape(mounted(paint.props.seed, props)));
    },
  );

  withPhp('amounts and terms across a table: the same slider texts and figures as the widget', () => {
    const kept = { prices: table(true), settings: SETTINGS };
    const choices: Record<string, number>[] = [];
    for (let term = 5; term <= 30; term += 5)
      for (const amount of [50, 60, 100, 110, 120, 370, 550, 990, 1000]) choices.push({ amount, term });
    const { paints } = php({ kept, cases: choices });
    choices.forEach((choice, index) => {
      const painted = parse(paints[index]?.html ?? '');
      const widget = mounted(kept, choice);
      const read = (section: HTMLElement) => [
        ...[...section.querySelectorAll('input')].map((input) => input.getAttribute('aria-valuetext') ?? input.value),
        section.querySelector('dl')?.textContent,
      ];
      expect(read(painted)).toEqual(read(widget));
    });
  });

  withPhp('a painted slider the visitor moved before the widget arrived: the widget starts where it was left', () => {
    const kept = { prices: table(false), settings: SETTINGS };
    const [paint] = php({ kept, cases: [{ amount: 300, term: 30 }] }).paints;
    if (!paint) throw new Error('the plugin painted nothing');
    document.body.innerHTML = paint.html;
    const amount = document.getElementById(`${paint.props.paint}-amount`) as HTMLInputElement;
    amount.value = String(Number(amount.value) + 5);
    const widget = mounted(kept, { amount: 300, term: 30, paint: paint.props.paint });
    expect(widget.querySelector('input[type="range"]')?.getAttribute('aria-valuetext')).toBe('350\u00a0€');
    expect(widget.querySelectorAll('input[type="range"]')[1]?.getAttribute('aria-valuetext')).toBe('30 días');
    // Untouched, the page's own choice.
    document.body.innerHTML = paint.html;
    const untouched = mounted(kept, { amount: 300, term: 30, paint: paint.props.paint });
    expect(untouched.querySelector('input[type="range"]')?.getAttribute('aria-valuetext')).toBe('300\u00a0€');
    document.body.innerHTML = '';
  });

  withPhp("a painted slider's step answers with the figures the mounted widget shows for the same choice", () => {
    const kept = { prices: table(true), settings: SETTINGS };
    const { paints, head } = php({ kept, cases: [{ amount: 300, term: 30 }], head: true });
    const [paint] = paints;
    if (!paint) throw new Error('the plugin painted nothing');
    // The page's head answers; the painted calculator then carries no script of its own.
    const script = head.match(/^<script id="credimo-paint-answer">([\s\S]*)<\/script>\n$/)?.[1];
    if (!script) throw new Error(`the head carries no answer: ${head}`);
    expect(paint.html).not.toContain('<script');
    // The placeholder as the plugin prints it: the painted calculator inside, the widget's props on it.
    const placeholder = document.createElement('div');
    placeholder.setAttribute('data-credimo-widget', 'calculator');
    placeholder.setAttribute('data-props', JSON.stringify(paint.props));
    placeholder.innerHTML = `<div class="credimo-skeleton credimo-painted">${paint.html}</div>`;
    document.body.replaceChildren(placeholder);
    const removeListener = runInlineScript(script);
    const section = placeholder.querySelector('section') as HTMLElement;
    const [amount, term] = [...section.querySelectorAll<HTMLInputElement>('input[type="range"]')];
    const move = (slider: HTMLInputElement | undefined, index: number) => {
      if (!slider) throw new Error('no painted slider');
      slider.value = String(index);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
    };
    // What the customer reads: each slider's text, the typed amount, the figures and the free note.
    const read = (root: HTMLElement) => ({
      sliders: [...root.querySelectorAll('input[type="range"]')].map((input) => input.getAttribute('aria-valuetext')),
      outputs: [...root.querySelectorAll('output')].map((output) => output.textContent),
      typed: (root.querySelector('input[inputmode="decimal"]') as HTMLInputElement | null)?.value,
      figures: [...root.querySelectorAll('dd')].map((dd) => dd.innerHTML.replace(/ class="[^"]*"/g, '')),
      note: root.querySelector('dl + p')?.textContent ?? null,
    });
    // Amount steps by index (50 € + 10 € each), term steps (5 days each): free, discounted, four digits.
    const steps: [HTMLInputElement | undefined, number, { amount: number; term: number }][] = [
      [amount, 26, { amount: 310, term: 30 }],
      [amount, 5, { amount: 100, term: 30 }],
      [term, 0, { amount: 100, term: 5 }],
      [amount, 95, { amount: 1000, term: 5 }],
      [term, 3, { amount: 1000, term: 20 }],
      [amount, 50, { amount: 550, term: 20 }],
    ];
    try {
      for (const [slider, index, choice] of steps) {
        move(slider, index);
        expect(read(section)).toEqual(read(mounted(kept, choice)));
      }
    } finally {
      removeListener();
      document.body.innerHTML = '';
    }
  });

  withPhp(
    "the due date is Madrid's today plus the term, as the widget counts it, across midnight and summer time",
    () => {
      const instants = [
        '2026-03-28T22:59:59Z', // Madrid 23:59:59, the day before summer time
        '2026-03-28T23:00:00Z', // Madrid midnight, 29 March
        '2026-03-29T01:30:00Z', // just after the clocks went forward
        '2026-06-30T21:59:59Z', // Madrid 23:59:59 in summer
        '2026-06-30T22:00:00Z', // Madrid's 1 July, still 30 June in UTC
        '2026-10-25T00:30:00Z', // the clocks go back
        '2026-12-31T23:15:00Z', // Madrid's new year
        '2028-02-28T23:30:00Z', // a leap day
      ].map((iso) => Date.parse(iso));
      const dues = instants.flatMap((now) => [1, 5, 30, 62].map((term) => ({ term, now })));
      const { paints, dues: painted } = php({ kept: { prices: table(false), settings: null }, cases: [], dues });
      expect(paints).toEqual([]);
      expect(painted).toEqual(dues.map(({ term, now }) => wireToDisplayDate(dueDate(term, now))));
    },
  );
});
