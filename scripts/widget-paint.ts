/**
 * The WordPress placeholders' first paint. A widget whose first screen opens with static words (the
 * registration widget's sign-in: its heading and intro) has them printed by the plugin into its placeholder, drawn
 * by the registration remote's own screen rules, so the page's largest text is painted from the HTML instead of
 * after the loader, the runtime and the remote have run. The widget then mounts the same words in the same box:
 * nothing moves and nothing larger appears.
 *
 * PHP cannot read the i18n catalogue or a CSS module, so the plugin reads this module's output from
 * `wordpress-plugin/assets/widget-paint.json`, committed; `npm run paint:widgets` writes it, and a test fails when the
 * file is not what the catalogue and the CSS module make today.
 */

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { auth } from '@credimo/shared/i18n/screens/auth';
import { prefixedCss } from '../shell/server/first-paint';
import { escapeHtml } from '../shell/server/markup';

export const WIDGET_PAINT_FILE = path.join(__dirname, '../wordpress-plugin/assets/widget-paint.json');

/** The registration remote's screen frame (screen.module.css), renamed for the marketing page. */
const PREFIX = 'credimo-paint';
const P = (name: string) => `${PREFIX}-${name}`;

export interface WidgetPaint {
  /** The rules the painted screens use (the screen frame's, renamed). */
  css: string;
  /** Widget name => the markup of its first screen's static frame, as the widget's own screen draws it. */
  widgets: Record<string, string>;
}

/** The sign-in screen's frame (remotes/registration/src/auth/AuthScreen.tsx) with its heading and intro. */
const signIn = () =>
  `<section class="${P('screen')} ${P('narrow')}"><h1>${escapeHtml(auth.authTitle)}</h1><p>${escapeHtml(auth.authIntro)}</p></section>`;

export function widgetPaint(): WidgetPaint {
  const screenCss = readFileSync(path.join(__dirname, '../remotes/registration/src/screen.module.css'), 'utf8');
  return { css: prefixedCss(screenCss, PREFIX), widgets: { registration: signIn() } };
}

export const widgetPaintJson = () => `${JSON.stringify(widgetPaint(), null, 2)}\n`;

if (require.main === module) {
  writeFileSync(WIDGET_PAINT_FILE, widgetPaintJson());
  console.log(`wrote ${path.relative(process.cwd(), WIDGET_PAINT_FILE)}`);
}
