import { configureApi } from '../api/client';
import { COOKIES, readCookie, removeCookie } from './cookies';
import { adoptTargetUrlFromQuery, storedTargetUrl } from './target-url';

configureApi({ apiBaseUrl: 'https://api.credimo.test', wpBaseUrl: 'https://www.credimo.test' });
beforeEach(() => removeCookie('targetUrl'));

describe('the target url is kept 30 days', () => {
  test('a target_url on an allowed origin is written to its cookie and sent afterwards', () => {
    expect(COOKIES.targetUrl.days).toBe(30);
    adoptTargetUrlFromQuery('?target_url=https%3A%2F%2Fwww.credimo.test%2Fprestamos');
    expect(readCookie('targetUrl')).toBe('https://www.credimo.test/prestamos');
    expect(storedTargetUrl()).toEqual({ target_url: 'https://www.credimo.test/prestamos' });
  });

  test('a target on an origin not allow-listed is not kept', () => {
    adoptTargetUrlFromQuery('?target_url=https%3A%2F%2Fevil.example%2F');
    expect(readCookie('targetUrl')).toBeNull();
    expect(storedTargetUrl()).toEqual({});
  });
});
