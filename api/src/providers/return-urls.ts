import type { ApiConfig } from '../config';

/**
 * A provider page sends the browser back only to our own apps (redirect targets only to
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
  return allowedReturnOrigins(config).includes(url.origin);
}

export function allowedReturnOrigins(config: ApiConfig): string[] {
  const origins = [...config.corsOrigins, config.appUrl].map(safeOrigin);
  return [...new Set(origins.filter((origin): origin is string => origin !== null))];
}

function safeOrigin(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}
