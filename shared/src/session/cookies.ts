import Cookies from 'js-cookie';

/** Cookie names and lifetimes in days. */
export const COOKIES = {
  accessToken: { name: 'credimo_access_token', days: 40 },
  /** The admin impersonation token is kept apart; the API ends it after 60 minutes. */
  impersonateToken: { name: 'credimo_impersonate_token', days: 1 / 24 },
  sessionId: { name: 'credimo_session_id', days: 1 },
  promoCode: { name: 'credimo_promocode', days: 7 },
  targetUrl: { name: 'credimo_target_url', days: 30 },
  /** The utm_source from the page address: kept as long as the target url. */
  utmSource: { name: 'credimo_utm_source', days: 30 },
  devApiUrl: { name: 'credimo_dev_api_url', days: 7 },
  /** The content site's override (`apiwpurl`), for as long as the API's. */
  devWpUrl: { name: 'credimo_dev_wp_url', days: 7 },
  devMenu: { name: 'credimo_dev_menu', days: 30 },
} as const;

export type CookieName = keyof typeof COOKIES;

const hasDocument = () => typeof document !== 'undefined';

export function readCookie(cookie: CookieName): string | null {
  if (!hasDocument()) return null;
  return Cookies.get(COOKIES[cookie].name) ?? null;
}

export function writeCookie(cookie: CookieName, value: string): void {
  if (!hasDocument()) return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  Cookies.set(COOKIES[cookie].name, value, { expires: COOKIES[cookie].days, sameSite: 'Lax', secure, path: '/' });
}

export function removeCookie(cookie: CookieName): void {
  if (!hasDocument()) return;
  Cookies.remove(COOKIES[cookie].name, { path: '/' });
}
