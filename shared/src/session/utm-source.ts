import { readCookie, writeCookie } from './cookies';

/** What a source may look like: campaign names, not addresses or scripts (the API caps it at 100 characters too). */
const SOURCE = /^[\p{L}\p{N}._\- ]{1,100}$/u;

/**
 * `utm_source` is read from the page address. Like the target
 * url it lives in a 30-day cookie, so a customer who arrives from a campaign and registers days later
 * is still counted for it; a newer source in the address replaces the kept one (the last campaign that brought them).
 */
export function adoptUtmSourceFromQuery(search: string): string | null {
  const source = new URLSearchParams(search).get('utm_source')?.trim();
  if (!source || !SOURCE.test(source)) return null;
  writeCookie('utmSource', source);
  return source;
}

/** The kept source, to send with the sign-in (POST /v2/user/login), where the API stores it on the new user. */
export function storedUtmSource(): { utm_source: string } | Record<string, never> {
  const source = readCookie('utmSource');
  return source ? { utm_source: source } : {};
}
