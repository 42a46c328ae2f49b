import { type AppConfig, readCookie } from '@credimo/shared';

const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

/**
 * The developer menu's API URL override may point only at the configured API or one listed in apiUrlAllowList
 * (API_URL_ALLOW_LIST).
 */
export function allowedApiOrigins(config: Pick<AppConfig, 'apiBaseUrl' | 'apiUrlAllowList'>): string[] {
  const base = globalThis.location?.href;
  const absolute = (url: string) => {
    try {
      return new URL(url, base).href;
    } catch {
      return url;
    }
  };
  return [config.apiBaseUrl, ...(config.apiUrlAllowList ?? [])]
    .map((url) => originOf(absolute(url)))
    .filter((origin): origin is string => origin !== null);
}

/** The override as typed, when absolute http(s) on an allowed origin and nothing else (no credentials). */
export function allowedApiUrl(input: string, allowed: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash) return null;
  if (!allowed.includes(url.origin)) return null;
  return url.href.replace(/\/$/, '');
}

/** The API to use instead of the configured one: the developer menu's cookie (7 days), when still allowed. */
export function apiUrlOverride(config: Pick<AppConfig, 'apiBaseUrl' | 'apiUrlAllowList'>): string | null {
  const stored = readCookie('devApiUrl');
  return stored ? allowedApiUrl(stored, allowedApiOrigins(config)) : null;
}
