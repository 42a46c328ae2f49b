import { type AppConfig, readCookie, removeCookie, writeCookie } from '@credimo/shared';
import { chooseApiUrl, isAllowedApiUrl, resolveApiAddresses } from './api-override';

const config: AppConfig = {
  apiBaseUrl: 'https://api.credimo.es',
  wpBaseUrl: 'https://www.credimo.es',
  remotes: { calculator: '/c', registration: '/r', account: '/a', payments: '/p' },
  apiUrlAllowList: ['https://api.staging.credimo.es', 'https://wp.staging.credimo.es/'],
};

beforeEach(() => {
  removeCookie('devApiUrl');
  removeCookie('devWpUrl');
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('apiurl and apiwpurl from the page address, allow-listed, kept 7 days', () => {
  test('without them the configured addresses are used', () => {
    expect(resolveApiAddresses(config, '')).toEqual({
      apiBaseUrl: 'https://api.credimo.es',
      wpBaseUrl: 'https://www.credimo.es',
    });
  });

  test('an allowed apiurl and apiwpurl are used and kept for 7 days (the dev API URL cookie)', () => {
    const search = '?apiurl=https%3A%2F%2Fapi.staging.credimo.es&apiWpUrl=https%3A%2F%2Fwp.staging.credimo.es';
    expect(resolveApiAddresses(config, search)).toEqual({
      apiBaseUrl: 'https://api.staging.credimo.es',
      wpBaseUrl: 'https://wp.staging.credimo.es',
    });
    expect(readCookie('devApiUrl')).toBe('https://api.staging.credimo.es');
    // The next visit, without the parameters, keeps the override.
    expect(resolveApiAddresses(config, '').apiBaseUrl).toBe('https://api.staging.credimo.es');
    // An empty apiurl ends it.
    expect(resolveApiAddresses(config, '?apiurl=').apiBaseUrl).toBe('https://api.credimo.es');
    expect(readCookie('devApiUrl')).toBeNull();
  });

  test('an address off the allow-list is ignored and never kept', () => {
    expect(resolveApiAddresses(config, '?apiurl=https%3A%2F%2Fevil.example').apiBaseUrl).toBe('https://api.credimo.es');
    expect(readCookie('devApiUrl')).toBeNull();
    expect(isAllowedApiUrl('javascript:alert(1)', config)).toBe(false);
    expect(isAllowedApiUrl('https://api.credimo.es.evil.example', config)).toBe(false);
  });

  test('a kept address that has left the allow-list is dropped', () => {
    writeCookie('devApiUrl', 'https://old.credimo.es');
    expect(resolveApiAddresses(config, '').apiBaseUrl).toBe('https://api.credimo.es');
    expect(readCookie('devApiUrl')).toBeNull();
  });

  test("the developer menu's override takes only allowed addresses", () => {
    expect(chooseApiUrl('https://evil.example', config)).toBe(false);
    expect(chooseApiUrl('https://api.staging.credimo.es', config)).toBe(true);
    expect(readCookie('devApiUrl')).toBe('https://api.staging.credimo.es');
    expect(chooseApiUrl(null, config)).toBe(true);
    expect(readCookie('devApiUrl')).toBeNull();
  });
});
