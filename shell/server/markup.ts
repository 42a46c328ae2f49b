/** Small pieces of the server's first paint (first-paint.ts, account-paint.ts): escaping and the renamed classes. */

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The prefixes the page gives each CSS module's classes (first-paint.ts's prefixedCss renames the rules, these
 * name the classes): the account remote's (account.module.css), the kit's (kit.module.css), the registration
 * remote's screen frame (screen.module.css) and the shell's layout (layout.module.css).
 */
export const PREFIXES = { account: 'fp-account', kit: 'fp-kit', screen: 'fp-screen', layout: 'fp-layout' } as const;
export const A = (name: string) => `${PREFIXES.account}-${name}`;
export const K = (name: string) => `${PREFIXES.kit}-${name}`;
export const S = (name: string) => `${PREFIXES.screen}-${name}`;
export const L = (name: string) => `${PREFIXES.layout}-${name}`;

/** The kit's Alert (shared/src/ui/kit.tsx) without its live role: the app's own alert is the one announced. */
export const alert = (tone: 'error' | 'info' | 'warning', text: string) =>
  `<div class="${K('alert')} ${K(`alert-${tone}`)}">${escapeHtml(text)}</div>`;

/** An account card (`styles.card`) labelled by its heading `fp-{id}-title`; `tone` adds the card's tone class. */
export const card = (id: string, body: string, tone = '') =>
  `<section class="${A('card')}${tone ? ` ${A(tone)}` : ''}" aria-labelledby="fp-${id}-title">${body}</section>`;

/** The kit's Button: primary, or secondary. */
export const button = (label: string, variant: 'primary' | 'secondary' = 'primary', type = 'button') =>
  `<button type="${type}" class="${K('button')}${variant === 'secondary' ? ` ${K('secondary')}` : ''}">${escapeHtml(label)}</button>`;
