import type { LayoutName } from '@credimo/shared';

/** The header variants (account, login, verification, register) and the burger menus. */
export type HeaderVariant = 'account' | 'login' | 'verification' | 'register';
/** The burger menus: account, main and register. */
export type BurgerMenu = 'account' | 'main' | 'register';

export interface HeaderParts {
  /** Links shown in the header itself on wide screens (the same links live in the burger on narrow ones). */
  links: 'account' | 'main' | null;
  /** The support phone and schedule. */
  contacts: boolean;
  /** The user's first-name button and the logout (with its confirmation). */
  user: boolean;
  burger: BurgerMenu | null;
}

/**
 * What each variant shows. The account header has a logo, menu links, the phone, the user's first name button and
 * logout; the others: sign-in pages carry the site's main menu; the code-verification pages keep
 * the customer on the code (logo and phone only); registration shows the user and logout but no site menu, so a
 * customer filling in their data is not led away.
 */
export const HEADER_PARTS: Record<HeaderVariant, HeaderParts> = {
  account: { links: 'account', contacts: true, user: true, burger: 'account' },
  login: { links: 'main', contacts: true, user: false, burger: 'main' },
  verification: { links: null, contacts: true, user: false, burger: null },
  register: { links: null, contacts: true, user: true, burger: 'register' },
};

/** Routes whose page is a code verification (SMS code for sign-in, or for a new phone). */
const VERIFICATION_ROUTES = ['authConfirm', 'registrationConfirmation'];

export function headerVariantFor(layout: LayoutName, route: string): HeaderVariant | null {
  if (layout === 'centred') return null;
  if (VERIFICATION_ROUTES.includes(route)) return 'verification';
  if (layout === 'account') return 'account';
  if (layout === 'registration') return 'register';
  return 'login';
}
