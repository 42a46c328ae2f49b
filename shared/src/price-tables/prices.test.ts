import MockAdapter from 'axios-mock-adapter';
import { api, configureApi } from '../api/client';
import { compactPrices } from '../contract/compact-prices';
import { readCookie, writeCookie } from '../session/cookies';
import { sessionStore } from '../session/store';
import { loadPricesWithStoredPromo, priceTablesAtom } from './prices';

configureApi({ apiBaseUrl: 'http://api.test', wpBaseUrl: 'http://wp.test' });

describe('prices are fetched, with a promo check, on entering registration', () => {
  let http: MockAdapter;
  beforeEach(() => {
    http = new MockAdapter(api());
    sessionStore.set(priceTablesAtom, {});
    http
      .onGet('/api/products/1/settings')
      .reply(200, { calculator: { amount_default_toggle_position: 0, term_default_toggle_position: 0 } });
    http.onGet('/v2/products/1/prices').reply(
      200,
      compactPrices({
        '5': { '5000': { is_free: true, commissions: { total: 0, original_total: 275 }, return_amount: 5000, tae: 0 } },
      }),
    );
  });
  afterEach(() => http.restore());

  test('a stored valid promo code is checked, then prices are fetched with it', async () => {
    writeCookie('promoCode', 'CREDIMO10');
    http.onPost('/v2/check-promocode').reply(200, { valid: true, code: 'CREDIMO10' });
    expect(await loadPricesWithStoredPromo(1)).toBe('CREDIMO10');
    expect(http.history.get.find((r) => r.url === '/v2/products/1/prices')?.params).toEqual({ discount: 'CREDIMO10' });
    expect(sessionStore.get(priceTablesAtom)['1:CREDIMO10']?.status).toBe('ready');
  });

  test('an invalid stored code is discarded and plain prices are fetched', async () => {
    writeCookie('promoCode', 'OLD');
    http.onPost('/v2/check-promocode').reply(422, { errors: [{ message: 'x', property: 'promocode' }] });
    expect(await loadPricesWithStoredPromo(1)).toBeNull();
    expect(readCookie('promoCode')).toBeNull();
    expect(sessionStore.get(priceTablesAtom)['1:']?.status).toBe('ready');
  });
});
