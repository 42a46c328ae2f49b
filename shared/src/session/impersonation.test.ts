import { readCookie, writeCookie } from './cookies';
import {
  accessTokenAtom,
  clearSession,
  IMPERSONATION_MINUTES,
  impersonationAtom,
  resumeImpersonation,
  sessionStore,
  setImpersonationToken,
} from './store';

beforeEach(() => clearSession());
afterEach(() => jest.useRealTimers());

describe('the admin impersonation token is kept separately', () => {
  test("it never goes into the customer's 40-day cookie", () => {
    setImpersonationToken('admin-token', 'marta');
    expect(readCookie('accessToken')).toBeNull();
    expect(readCookie('impersonateToken')).toBe('admin-token');
    expect(sessionStore.get(accessTokenAtom)).toBe('admin-token');
    expect(sessionStore.get(impersonationAtom)).toEqual({ adminUsername: 'marta' });
  });

  test('it ends in the browser when the API ends it, after 60 minutes', () => {
    jest.useFakeTimers();
    setImpersonationToken('admin-token', 'marta');
    jest.advanceTimersByTime(IMPERSONATION_MINUTES * 60_000 - 1000);
    expect(sessionStore.get(accessTokenAtom)).toBe('admin-token');
    jest.advanceTimersByTime(1000);
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
    expect(sessionStore.get(impersonationAtom)).toBeNull();
    expect(readCookie('impersonateToken')).toBeNull();
  });

  test('after a reload past its end it is over', () => {
    setImpersonationToken('admin-token', 'marta', Date.now() - IMPERSONATION_MINUTES * 60_000 - 1);
    writeCookie('impersonateToken', 'admin-token');
    resumeImpersonation();
    expect(readCookie('impersonateToken')).toBeNull();
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
  });
});
