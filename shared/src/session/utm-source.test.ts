import { COOKIES, readCookie, removeCookie } from './cookies';
import { adoptUtmSourceFromQuery, storedUtmSource } from './utm-source';

beforeEach(() => removeCookie('utmSource'));

describe('utm_source is read from the page address and kept for the sign-in', () => {
  test('?utm_source=google is kept in a 30-day cookie and sent afterwards', () => {
    expect(COOKIES.utmSource.days).toBe(30);
    expect(adoptUtmSourceFromQuery('?utm_source=google&utm_medium=cpc')).toBe('google');
    expect(readCookie('utmSource')).toBe('google');
    expect(storedUtmSource()).toEqual({ utm_source: 'google' });
  });

  test('a page address without utm_source keeps the source from an earlier visit', () => {
    adoptUtmSourceFromQuery('?utm_source=facebook');
    adoptUtmSourceFromQuery('?amount=300');
    expect(storedUtmSource()).toEqual({ utm_source: 'facebook' });
  });

  test('a newer source replaces the kept one', () => {
    adoptUtmSourceFromQuery('?utm_source=facebook');
    adoptUtmSourceFromQuery('?utm_source=newsletter');
    expect(storedUtmSource()).toEqual({ utm_source: 'newsletter' });
  });

  test('no source, nothing sent; a source that is not a campaign name is not kept', () => {
    expect(storedUtmSource()).toEqual({});
    expect(adoptUtmSourceFromQuery('?utm_source=%3Cscript%3E')).toBeNull();
    expect(adoptUtmSourceFromQuery(`?utm_source=${'a'.repeat(101)}`)).toBeNull();
    expect(storedUtmSource()).toEqual({});
  });
});
