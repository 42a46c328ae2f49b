/** Small pieces of the server's first paint (first-paint.ts, account-paint.ts): escaping and the renamed classes. */

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The account remote's CSS module (account.module.css) and the kit's (kit.module.css), renamed for the page. */
export const A = (name: string) => `fp-account-${name}`;
export const K = (name: string) => `fp-kit-${name}`;
/** The registration remote's screen frame (screen.module.css), renamed for the page. */
export const S = (name: string) => `fp-screen-${name}`;
/** The shell's layout (layout.module.css), renamed for the page. */
export const L = (name: string) => `fp-layout-${name}`;

/** The kit's Alert (shared/src/ui/kit.tsx) without its live role: the app's own alert is the one announced. */
export const alert = (tone: 'error' | 'info' | 'warning', text: string) =>
  `<div class="${K('alert')} ${K(`alert-${tone}`)}">${escapeHtml(text)}</div>`;

/** An account card (`styles.card`) labelled by its heading `fp-{id}-title`; `tone` adds the card's tone class. */
export const card = (id: string, body: string, tone = '') =>
  `<section class="${A('card')}${tone ? ` ${A(tone)}` : ''}" aria-labelledby="fp-${id}-title">${body}</section>`;

/** The kit's Button: primary, or secondary. */
export const button = (label: string, variant: 'primary' | 'secondary' = 'primary', type = 'button') =>
  `<button type="${type}" class="${K('button')}${variant === 'secondary' ? ` ${K('secondary')}` : ''}">${escapeHtml(label)}</button>`;
