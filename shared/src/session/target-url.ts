import { isAllowedRedirect } from '../api/address';
import { readCookie, writeCookie } from './cookies';

/**
 * The target url is kept in a cookie for 30 days and sent with the sign-in (POST /v2/user/login)
 * and the application (POST /v2/loan). Only allow-listed origins are kept.
 */
export function adoptTargetUrlFromQuery(search: string): string | null {
  const target = new URLSearchParams(search).get('target_url');
  if (!target || target.length > 2048 || !isAllowedRedirect(target)) return null;
  writeCookie('targetUrl', target);
  return target;
}

/** The kept target url, to send; nothing when none was given in the last 30 days. */
export function storedTargetUrl(): { target_url: string } | Record<string, never> {
  const target = readCookie('targetUrl');
  return target ? { target_url: target } : {};
}
