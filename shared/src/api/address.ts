import { accessTokenAtom, clearSession, sessionStore } from '../session/store';

/**
 * Where the API and the content site are on this page, and the few public reads a widget makes before anyone
 * needs the full client (./client.ts, axios): the calculator's first answer on a WordPress page is read from
 * the page's own preload with the browser's fetch, so the API client loads only when it is first used.
 * One per page (a federated singleton, webpack.config.ts SINGLETON_FILES).
 */
export interface ApiAddress {
  apiBaseUrl: string;
  /** Requests whose path contains wp-json go to the content site instead. */
  wpBaseUrl: string;
}

/** A public GET as the full client would make it; the client registers itself here once it exists. */
export type JsonReader = <T>(path: string, params: Record<string, string>) => Promise<T>;

let address: ApiAddress | null = null;
let configuredOrigins: string[] = [];
let registeredReader: JsonReader | null = null;
const unauthorizedListeners = new Set<() => void>();

/** Records the API's address (the shell at boot, or the first widget on a WordPress page). */
export function setApiAddress(config: ApiAddress): void {
  address = { apiBaseUrl: config.apiBaseUrl, wpBaseUrl: config.wpBaseUrl };
  configuredOrigins = [config.apiBaseUrl, config.wpBaseUrl].flatMap((url) => {
    try {
      return [new URL(url, globalThis.location?.href).origin];
    } catch {
      return [];
    }
  });
}

export const apiAddress = (): ApiAddress | null => address;
export const isApiConfigured = () => address !== null;

/** The full client, once built, answers every read: its token, 304 and 401 handling then apply to all. */
export function registerJsonReader(reader: JsonReader | null): void {
  registeredReader = reader;
}

/** Registers what to do after a 401 has cleared the session (the shell navigates to /auth). */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * Any 401 logs out; there is no refresh path to retry with. Only the session that sent the refused
 * request ends: a late answer to a request of a session already ended (an erasure, a logout, another sign-in) must
 * not clear what came after it, such as the notice the sign-in page shows.
 */
export function notifyUnauthorized(refusedToken: string | null): void {
  if (!refusedToken || refusedToken !== sessionStore.get(accessTokenAtom)) return;
  clearSession();
  for (const listener of unauthorizedListeners) listener();
}

/**
 * Redirect targets (generic redirect, target_url, short links) only to allow-listed
 * origins: this page's own, the API's and the content site's.
 */
export function isAllowedRedirect(target: string): boolean {
  try {
    const url = new URL(target, globalThis.location?.href);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    return url.origin === globalThis.location?.origin || configuredOrigins.includes(url.origin);
  } catch {
    return false;
  }
}

const base = () => address?.apiBaseUrl.replace(/\/$/, '') ?? '';

/** Path of the pre-contract information (SECCI) for a choice, priced with the promo code when one applies. */
export const offerPath = (
  productId: number,
  term: number,
  amount: number,
  format: 'html' | 'pdf' = 'html',
  discount: string | null = null,
) =>
  `/v2/products/${productId}/prices/${term}/${amount}/offer/${format}${discount ? `?${new URLSearchParams({ discount })}` : ''}`;

/** Address of a visitor's pre-contract information (SECCI) for a choice, to link to. */
export const offerUrl = (
  productId: number,
  term: number,
  amount: number,
  format: 'html' | 'pdf' = 'html',
  discount: string | null = null,
) => `${base()}${offerPath(productId, term, amount, format, discount)}`;

/** A failed read, shaped as the client's errors are (normaliseApiError reads `response` and `message`). */
class ReadError extends Error {
  constructor(
    message: string,
    readonly response?: { status: number; data: unknown },
  ) {
    super(message);
  }
}

/**
 * A public GET of the API: through the full client once it exists, else with fetch, which the browser answers
 * from the page's `<link rel="preload" as="fetch" crossorigin>` of the same address (no header of ours on the
 * anonymous request, so it matches). A signed-in reader sends the token as the client would.
 */
export async function readJson<T>(path: string, params: Record<string, string> = {}): Promise<T> {
  if (registeredReader) return registeredReader<T>(path, params);
  if (!address) throw new Error('the API address must be set before the first API call');
  const query = new URLSearchParams(params).toString();
  const token = sessionStore.get(accessTokenAtom);
  let response: Response;
  try {
    response = await fetch(`${base()}${path}${query ? `?${query}` : ''}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch (failure) {
    throw new ReadError(failure instanceof Error ? failure.message : 'Network Error');
  }
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return data as T;
  if (response.status === 401) notifyUnauthorized(token);
  throw new ReadError(`Request failed with status code ${response.status}`, { status: response.status, data });
}
