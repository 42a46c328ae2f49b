/**
 * The calculator's first state, painted by the WordPress plugin from the HTML: the same markup the mounted widget
 * renders (remotes/calculator/src/Calculator.tsx, PriceChooser), with its classes renamed and its rules (the
 * calculator's CSS module and the kit's) printed in the page head. The plugin fills the template with the figures of
 * the chosen amount and term from the price table it keeps (wordpress-plugin/includes/calculator-paint.php).
 *
 * PHP cannot read the i18n catalogue or a CSS module, so the plugin reads this module's output from
 * `wordpress-plugin/assets/calculator-paint.json`, committed; `npm run paint:widgets` writes it, and a test fails
 * when the file is not what the catalogue and the CSS modules make today.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { calculator as texts } from '@credimo/shared/i18n/screens/calculator';
import type { PaintedMarkup } from '../remotes/calculator/src/painted-answer';
import { prefixedCss } from '../shell/server/first-paint';
import { escapeHtml } from '../shell/server/markup';

export const CALCULATOR_PAINT_FILE = path.join(__dirname, '../wordpress-plugin/assets/calculator-paint.json');

/** The calculator's CSS module and the kit's, renamed for the marketing page. */
export const CALCULATOR_PREFIX = 'credimo-pc';
export const KIT_PREFIX = 'credimo-pk';
const C = (name: string) => `${CALCULATOR_PREFIX}-${name}`;
const K = (name: string) => `${KIT_PREFIX}-${name}`;

export interface CalculatorPaint {
  css: string;
  /**
   * The markup, with `{{name}}` slots the plugin fills with escaped values: `id` (unique per calculator on the
   * page), per slider (`amount`, `term`) its `_text` ("300 €"), `_max` and `_index` (the range input's), `_steps`
   * (JSON of each step's value, in the shortcode's units) and `_texts` (JSON of each step's text); `amount_input`
   * ("300,00"), `due`, `commission` (markup: one of `commissions`), `total`, `tae`, `free_note` (markup or empty)
   * `figures_busy` (` aria-busy="true"` while a promo code waits for the widget's check, else empty) and `secci`
   * (the offer's address).
   */
  template: string;
  /** The commission's cell: free (the badge and the struck price), discounted, or plain. */
  commissions: { free: string; discounted: string; plain: string };
  freeNote: string;
  /** `sprintf` formats: the term's text ("30 días"). */
  daysFormat: string;
  /**
   * The script that has a painted calculator answer its sliders before the widget arrives (its figures follow
   * them), by the widget's own functions bundled (remotes/calculator/src/painted-answer.ts). Printed once per page.
   */
  answer: string;
}

/** The painted calculator's answering script: the widget's figure rules, bundled into one small function. */
export function answerScript(markup: PaintedMarkup): string {
  // Required here, not imported: a test in a browser-like environment (jsdom) reads this module's other exports,
  // and esbuild refuses to load there.
  const { buildSync } = require('esbuild') as typeof import('esbuild');
  const { outputFiles } = buildSync({
    stdin: {
      contents: `import { answerPaintedCalculators } from './painted-answer';
        answerPaintedCalculators(document, ${JSON.stringify(markup)});`,
      resolveDir: path.join(__dirname, '../remotes/calculator/src'),
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2017',
    charset: 'utf8',
    legalComments: 'none',
    write: false,
  });
  const code = (outputFiles?.[0]?.text ?? '').trim();
  // Printed inside a script element: nothing in it may close that element.
  if (!code || /<\/script|<!--/i.test(code)) throw new Error('the painted answer cannot be printed inline');
  return code;
}

const slider = (name: 'amount' | 'term', label: string) =>
  `<div class="${C('control')}"><div class="${C('controlHead')}"><label for="{{id}}-${name}">${escapeHtml(label)}</label>` +
  `<output for="{{id}}-${name}" class="${C('value')}">{{${name}_text}}</output></div>` +
  `<input id="{{id}}-${name}" class="${C('slider')}" type="range" min="0" max="{{${name}_max}}" step="1" value="{{${name}_index}}"` +
  ` aria-valuetext="{{${name}_text}}" name="${name}" data-credimo-steps="{{${name}_steps}}" data-credimo-texts="{{${name}_texts}}"></div>`;

const field = (id: string, label: string, input: string) =>
  `<div class="${K('field')}"><label class="${K('label')}" for="${id}">${escapeHtml(label)}</label>` +
  `<input ${input} id="${id}" class="${K('input')}"><p id="${id}-error" class="${K('error')}" aria-live="polite"></p></div>`;

const figure = (label: string, value: string, className?: string) =>
  `<div><dt>${escapeHtml(label)}</dt><dd${className ? ` class="${className}"` : ''}>${value}</dd></div>`;

export function calculatorPaint(): CalculatorPaint {
  const css = (file: string, prefix: string) =>
    prefixedCss(readFileSync(path.join(__dirname, '..', file), 'utf8'), prefix);
  const template =
    `<section class="${C('calculator')}" aria-labelledby="{{id}}-title">` +
    `<h2 class="${C('title')}" id="{{id}}-title">${escapeHtml(texts.title)}</h2>` +
    slider('amount', texts.amount) +
    field('{{id}}-typed', texts.amountInput, 'inputmode="decimal" value="{{amount_input}}"') +
    slider('term', texts.term) +
    `<dl class="${C('summary')}" aria-live="polite"{{figures_busy}}>` +
    figure(texts.dueDate, '{{due}}') +
    figure(texts.commission, '{{commission}}') +
    figure(texts.total, '{{total}}', C('total')) +
    figure(texts.tae, '{{tae}}') +
    `</dl>{{free_note}}` +
    `<div class="${C('promo')}">${field('{{id}}-promo', texts.promoLabel, 'maxlength="10" autocapitalize="characters" value=""')}` +
    `<button type="button" class="${K('button')} ${K('secondary')}">${escapeHtml(texts.promoApply)}</button></div>` +
    `<button type="button" class="${K('button')} ${C('cta')}">${escapeHtml(texts.cta)}</button>` +
    `<p class="${C('warning')}">${escapeHtml(texts.warning)}</p>` +
    `<a class="${C('secci')}" href="{{secci}}" target="_blank" rel="noopener">${escapeHtml(texts.secci)}</a>` +
    `</section>`;
  const commissions = {
    free: `<span class="${C('badge')}">${escapeHtml(texts.free)}</span> <s>{{original}}</s>`,
    discounted: '{{total}} <s>{{original}}</s>',
    plain: '{{total}}',
  };
  const freeNote = `<p class="${C('freeNote')}">${escapeHtml(texts.freeNote)}</p>`;
  return {
    css: [
      css('remotes/calculator/src/calculator.module.css', CALCULATOR_PREFIX),
      css('shared/src/ui/kit.module.css', KIT_PREFIX),
    ].join(' '),
    template,
    commissions,
    freeNote,
    daysFormat: texts.days.replace('{n}', '%d'),
    answer: answerScript({ commissions, freeNote }),
  };
}

export const calculatorPaintJson = () => `${JSON.stringify(calculatorPaint(), null, 2)}\n`;

if (require.main === module && process.argv.includes('--print')) {
  process.stdout.write(calculatorPaintJson());
} else if (require.main === module) {
  writeFileSync(CALCULATOR_PAINT_FILE, calculatorPaintJson());
  console.log(`wrote ${path.relative(process.cwd(), CALCULATOR_PAINT_FILE)}`);
}
