import MockAdapter from 'axios-mock-adapter';
import { api, configureApi } from '../api/client';
import { requestPhoneChange } from './phone-change';
import { accessTokenAtom, sessionStore } from './store';

configureApi({ apiBaseUrl: 'http://api.test', wpBaseUrl: 'http://wp.test' });

describe('changing the phone: a 422 logs out to sign in with that phone, other errors stay on the field', () => {
  test('a 422 logs out and hands back the phone for the login screen', async () => {
    const http = new MockAdapter(api());
    sessionStore.set(accessTokenAtom, 'token');
    http.onPut('/v2/user/change_phone').reply(422, { errors: [{ message: 'x', property: 'mobile_phone' }] });
    expect(await requestPhoneChange('612345678')).toEqual({ kind: 'signed-out', phone: '612345678' });
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
    http.restore();
  });

  test('other errors stay on the phone field and keep the session', async () => {
    const http = new MockAdapter(api());
    sessionStore.set(accessTokenAtom, 'token');
    http.onPut('/v2/user/change_phone').reply(403, { errors: [{ message: 'No', property: 'mobile_phone' }] });
    expect(await requestPhoneChange('612345678')).toEqual({ kind: 'error', message: 'No', fieldError: 'No' });
    expect(sessionStore.get(accessTokenAtom)).toBe('token');
    http.restore();
  });
});
