import { atom } from 'jotai';
import { readJson } from '../api/address';
import { expandPrices } from '../contract/compact-prices';
import type { CompactPrices, PricesResponse, SettingsResponse } from '../contract/pricing';
import { readCookie, removeCookie } from '../session/cookies';
import { sessionStore } from '../session/store';

export type PricesState =
  | { status: 'loading' }
  | { status: 'ready'; prices: PricesResponse; settings: SettingsResponse | null }
  | { status: 'error'; message: string };

/** Price tables by product and discount, in the shared store: every widget on a page reuses one fetch. */
/** Product id 1. */
export const DEFAULT_PRODUCT_ID = 1;

export const priceTablesAtom = atom<Record<string, PricesState>>({});

const inFlight = new Map<string, Promise<void>>();
export const pricesKey = (productId: number, discount: string | null) => `${productId}:${discount ?? ''}`;

/** Fetches a product's price table once per product and discount; moving a slider never waits on this. */
export function loadPrices(
  productId: number,
  discount: string | null,
  options: { retry?: boolean } = {},
): Promise<void> {
  const key = pricesKey(productId, discount);
  const current = sessionStore.get(priceTablesAtom)[key];
  if (current && (current.status === 'ready' || (current.status === 'error' && !options.retry)))
    return Promise.resolve();
  const pending = inFlight.get(key);
  if (pending) return pending;
  const set = (state: PricesState) => sessionStore.set(priceTablesAtom, (all) => ({ ...all, [key]: state }));
  set({ status: 'loading' });
  // Public reads: on a WordPress page the browser answers them from the page's preload, without the API client.
  const prices = readJson<CompactPrices>(`/v2/products/${productId}/prices`, discount ? { discount } : {});
  const settings = readJson<SettingsResponse>(`/api/products/${productId}/settings`).catch(() => null);
  const request = Promise.all([prices.then(expandPrices), settings])
    .then(([prices, settings]) => set({ status: 'ready', prices, settings }))
    // The error's wording (the message catalogue) loads only when a table could not be read.
    .catch(async (error: unknown) => {
      const { normaliseApiError } = await import('../api/errors');
      set({ status: 'error', message: normaliseApiError(error).message });
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, request);
  return request;
}

/**
 * A table the page already holds (a WordPress page's painted calculator carries the one its figures came from):
 * the widget's first render uses it, with no request, unless the table was read already.
 */
export function seedPrices(productId: number, prices: CompactPrices, settings: SettingsResponse | null): void {
  const key = pricesKey(productId, null);
  if (sessionStore.get(priceTablesAtom)[key]?.status === 'ready') return;
  const expanded = expandPrices(prices);
  sessionStore.set(priceTablesAtom, (all) => ({ ...all, [key]: { status: 'ready', prices: expanded, settings } }));
}

/**
 * The registration layout fetches the price with a promo check on entry. A stored promo code
 * (the calculator's cookie) is checked first; an invalid one is discarded and the plain prices are loaded.
 */
export async function loadPricesWithStoredPromo(productId: number): Promise<string | null> {
  const stored = readCookie('promoCode');
  if (stored) {
    try {
      const { calls } = await import('../api/client');
      const { code } = await calls.checkPromocode(stored);
      await loadPrices(productId, code);
      return code;
    } catch {
      removeCookie('promoCode');
    }
  }
  await loadPrices(productId, null);
  return null;
}
