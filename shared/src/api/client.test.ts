import MockAdapter from 'axios-mock-adapter';
import { writeCookie } from '../session/cookies';
import { accessTokenAtom, sessionStore, userAtom } from '../session/store';
import { api, configureApi, isContentPath, onUnauthorized } from './client';
import { normaliseApiError } from './errors';

describe('the one API client', () => {
  configureApi({ apiBaseUrl: 'http://api.test', wpBaseUrl: 'http://wp.test' });

  test('sends the bearer token, and content paths go to the content site without it', async () => {
    const http = new MockAdapter(api());
    sessionStore.set(accessTokenAtom, 'secret-token');
    http.onAny().reply(200, {});
    await api().get('/v2/user');
    await api().get('/wp-json/react/v2/data');
    expect(http.history.get[0]?.headers?.Authorization).toBe('Bearer secret-token');
    expect(http.history.get[1]?.baseURL).toBe('http://wp.test');
    expect(http.history.get[1]?.headers?.Authorization).toBeUndefined();
    expect(isContentPath('/wp-json/x')).toBe(true);
    http.restore();
  });

  test('any 401 logs out: the token and user are cleared and listeners hear it', async () => {
    const http = new MockAdapter(api());
    sessionStore.set(accessTokenAtom, 'old');
    sessionStore.set(userAtom, { id: '1' } as never);
    writeCookie('accessToken', 'old');
    localStorage.setItem('es-timer:612345678', '1');
    const heard = jest.fn();
    const stop = onUnauthorized(heard);
    const body = { errors: [{ message: 'Sesión caducada', property: 'request' }] };
    http.onGet('/v2/user').reply(401, body);
    const failure = await api()
      .get('/v2/user')
      .then(() => null, normaliseApiError);
    expect(failure).toEqual({
      status: 401,
      message: 'Sesión caducada',
      fieldErrors: {},
      requestErrors: ['Sesión caducada'],
      data: body,
    });
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
    expect(sessionStore.get(userAtom)).toBeNull();
    expect(document.cookie).not.toContain('credimo_access_token');
    expect(localStorage.getItem('es-timer:612345678')).toBeNull();
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    http.restore();
  });
});
