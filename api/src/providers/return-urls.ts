import type { ApiConfig } from '../config';

/**
 * A provider page sends the browser back only to our own apps (DESIGN.md section 7: redirect targets only to
 * allow-listed origins): the customer app and the origins allowed to call the API.
 */
export function isAllowedReturnUrl(config: ApiConfig, candidate: string): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const allowed = new Set([...config.corsOrigins, config.appUrl].map((origin) => safeOrigin(origin)));
  return allowed.has(url.origin);
}

function safeOrigin(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}
