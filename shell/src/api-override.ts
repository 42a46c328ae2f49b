import { type AppConfig, readCookie, removeCookie, writeCookie } from '@credimo/shared';

export interface ApiAddresses {
  apiBaseUrl: string;
  wpBaseUrl: string;
}

const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url, globalThis.location?.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

/**
 * As with every redirect target, for the page address's `apiurl` and `apiwpurl`: a link must never send a customer's
 * phone, codes and token to an API someone else runs. Only the addresses the deployment names are taken: the
 * configured API and content site, and `apiUrlAllowList` of /config.json (the shell's `API_URL_ALLOW_LIST`).
 */
export function isAllowedApiUrl(url: string, config: Pick<AppConfig, 'apiBaseUrl' | 'wpBaseUrl' | 'apiUrlAllowList'>) {
  const origin = originOf(url);
  if (!origin || url.length > 2048) return false;
  const allowed = [config.apiBaseUrl, config.wpBaseUrl, ...(config.apiUrlAllowList ?? [])].map(originOf);
  return allowed.includes(origin);
}

/** A query parameter by any of its spellings (we name them in lower case; links vary). */
const queryValue = (search: URLSearchParams, name: string) => {
  for (const [key, value] of search) if (key.toLowerCase() === name) return value;
  return null;
};

/**
 * `apiurl` and `apiwpurl` in the page address override the API and content addresses
 * for 7 days (the dev API URL cookie); an address off the allow-list is ignored, and a kept one that has left
 * the list is dropped. Returns the addresses to configure the client with.
 */
export function resolveApiAddresses(config: AppConfig, search: string): ApiAddresses {
  const query = new URLSearchParams(search);
  const pick = (param: 'apiurl' | 'apiwpurl', cookie: 'devApiUrl' | 'devWpUrl', fallback: string) => {
    const asked = queryValue(query, param);
    if (asked !== null) {
      if (asked === '') {
        removeCookie(cookie);
        return fallback;
      }
      if (isAllowedApiUrl(asked, config)) {
        writeCookie(cookie, asked);
        return asked;
      }
      console.warn(`[credimo] ${param} is not an allowed address and is ignored: ${asked}`);
    }
    const kept = readCookie(cookie);
    if (kept && isAllowedApiUrl(kept, config)) return kept;
    if (kept) removeCookie(cookie);
    return fallback;
  };
  return {
    apiBaseUrl: pick('apiurl', 'devApiUrl', config.apiBaseUrl),
    wpBaseUrl: pick('apiwpurl', 'devWpUrl', config.wpBaseUrl),
  };
}

/** The developer menu's API URL override: one of the allowed addresses, or back to the configured one. */
export function chooseApiUrl(url: string | null, config: AppConfig): boolean {
  if (url === null || url === config.apiBaseUrl) {
    removeCookie('devApiUrl');
    return true;
  }
  if (!isAllowedApiUrl(url, config)) return false;
  writeCookie('devApiUrl', url);
  return true;
}
