import axios from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { logout } from '../session/actions';
import { writeCookie } from '../session/cookies';
import { accessTokenAtom, clearSession, notificationsAtom, sessionStore, userAtom } from '../session/store';
import {
  api,
  CLIENT_VERSION,
  configureApi,
  endSessionRequests,
  isContentPath,
  onUnauthorized,
  resumeSessionRequests,
} from './client';
import { normaliseApiError } from './errors';

/** Whether a request went out, or was cancelled before it did (a session that has ended sends nothing). */
const sentOrCancelled = (request: Promise<unknown>) =>
  request.then(
    () => 'sent',
    (error: unknown) => (axios.isCancel(error) ? 'cancelled' : 'failed'),
  );

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

  test('calls tell the API the client version 1.0.7; a public read stays a simple request without it', async () => {
    const http = new MockAdapter(api());
    http.onAny().reply(200, {});
    sessionStore.set(accessTokenAtom, null);
    await api().get('/v2/products/1/prices');
    await api().post('/v2/user/login', { mobile_phone: '612345678' });
    sessionStore.set(accessTokenAtom, 'secret-token');
    await api().get('/v2/user');
    await api().get('/wp-json/react/v2/data');
    expect(CLIENT_VERSION).toBe('1.0.7');
    expect(http.history.get.map((request) => request.headers?.['X-Client-Version'])).toEqual([
      undefined,
      '1.0.7',
      undefined,
    ]);
    expect(http.history.post[0]?.headers?.['X-Client-Version']).toBe('1.0.7');
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

  test('a late 401 for a session already ended changes nothing: the notice shown after it stays', async () => {
    const http = new MockAdapter(api());
    sessionStore.set(accessTokenAtom, 'erased');
    const heard = jest.fn();
    const stop = onUnauthorized(heard);
    let answer: (value: [number, unknown]) => void = () => {};
    http.onGet('/v2/user').reply(() => new Promise((resolve) => (answer = resolve)));
    const poll = api().get('/v2/user').catch(normaliseApiError);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The account was erased while the poll was on its way: signed out, with a notice for the sign-in page.
    clearSession();
    sessionStore.set(notificationsAtom, [
      { id: 'local-erasure', message: 'Hemos suprimido tus datos', severity: 'success' },
    ]);
    answer([401, { errors: [{ message: 'Sesión caducada', property: 'request' }] }]);
    expect((await poll)?.status).toBe(401);
    expect(sessionStore.get(notificationsAtom).map((n) => n.id)).toEqual(['local-erasure']);
    // Nor does a late 401 for an earlier sign-in end the session signed in since.
    sessionStore.set(accessTokenAtom, 'older');
    http.onGet('/v2/loan').reply(() => new Promise((resolve) => (answer = resolve)));
    const late = api()
      .get('/v2/loan')
      .catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 0));
    sessionStore.set(accessTokenAtom, 'newer');
    answer([401, {}]);
    await late;
    expect(sessionStore.get(accessTokenAtom)).toBe('newer');
    // While a 401 for the session signed in now still signs it out.
    http.onGet('/v2/user').reply(401, {});
    await api()
      .get('/v2/user')
      .catch(() => null);
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    http.restore();
  });

  test("logging out cancels the session's requests on their way, and sends nothing more for it but the logout", async () => {
    const http = new MockAdapter(api());
    sessionStore.set(accessTokenAtom, 'leaving');
    let inboxSignal: AbortSignal | undefined;
    http.onGet('/v2/notifications/inbox').reply((config) => {
      inboxSignal = config.signal as AbortSignal;
      return new Promise(() => {});
    });
    let loggedOut: (value: [number, unknown]) => void = () => {};
    http.onPost('/v2/user/logout').reply(() => new Promise((resolve) => (loggedOut = resolve)));
    http.onGet('/v2/user').reply(200, {});
    void api()
      .get('/v2/notifications/inbox')
      .catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(inboxSignal?.aborted).toBe(false);

    const leaving = logout();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The poll on its way is cancelled (the browser aborts it: no 401 comes back for it).
    expect(inboxSignal?.aborted).toBe(true);
    // A poll due while the logout is on its way is not sent.
    const due = await sentOrCancelled(api().get('/v2/user'));
    expect(due).toBe('cancelled');
    expect(http.history.get.map((request) => request.url)).toEqual(['/v2/notifications/inbox']);
    expect(http.history.post.map((request) => [request.url, request.headers?.Authorization])).toEqual([
      ['/v2/user/logout', 'Bearer leaving'],
    ]);
    loggedOut([200, {}]);
    await leaving;
    expect(sessionStore.get(accessTokenAtom)).toBeNull();

    // The next session's requests go out as usual.
    sessionStore.set(accessTokenAtom, 'next');
    await api().get('/v2/user');
    expect(http.history.get.at(-1)?.headers?.Authorization).toBe('Bearer next');
    http.restore();
  });

  test("the erasure ends the session too: sent while the session's polls are held back, which go on if it is refused", async () => {
    const http = new MockAdapter(api());
    sessionStore.set(accessTokenAtom, 'erasing');
    http
      .onPost('/v2/user/erasure')
      .reply(409, { errors: [{ message: 'Tienes un préstamo abierto', property: 'request' }] });
    http.onGet('/v2/notifications/inbox').reply(200, []);
    endSessionRequests('erasing');
    const refused = await api()
      .post('/v2/user/erasure', { confirm: true })
      .then(
        () => 200,
        (error: unknown) => normaliseApiError(error).status,
      );
    expect(refused).toBe(409);
    const held = await sentOrCancelled(api().get('/v2/notifications/inbox'));
    expect(held).toBe('cancelled');
    resumeSessionRequests('erasing');
    expect((await api().get('/v2/notifications/inbox')).status).toBe(200);
    expect(http.history.get).toHaveLength(1);
    http.restore();
  });

  test('polls send If-None-Match with the last ETag, and a 304 keeps the previous data', async () => {
    const http = new MockAdapter(api());
    sessionStore.set(accessTokenAtom, 'ana-token');
    http.onGet('/v2/user').replyOnce(200, { id: '1', name: 'Ana' }, { etag: '"v1"' });
    http.onGet('/v2/user').replyOnce(304);
    http.onGet('/v2/user').replyOnce(200, { id: '1', name: 'Ana María' }, { etag: '"v2"' });
    expect((await api().get('/v2/user')).data).toEqual({ id: '1', name: 'Ana' });
    const unchanged = await api().get('/v2/user');
    expect(unchanged.status).toBe(304);
    expect(unchanged.data).toEqual({ id: '1', name: 'Ana' });
    expect((await api().get('/v2/user')).data).toEqual({ id: '1', name: 'Ana María' });
    expect(http.history.get.map((request) => request.headers?.['If-None-Match'])).toEqual([undefined, '"v1"', '"v1"']);
    http.restore();
  });

  test("another customer's token never sends the last customer's ETag, and a 401 forgets every ETag", async () => {
    const http = new MockAdapter(api());
    sessionStore.set(accessTokenAtom, 'ana-token');
    http.onGet('/v2/loan').replyOnce(200, { id: '7' }, { etag: '"ana"' });
    await api().get('/v2/loan');
    sessionStore.set(accessTokenAtom, 'luis-token');
    http.onGet('/v2/loan').replyOnce(200, null, { etag: '"luis"' });
    expect((await api().get('/v2/loan')).data).toBeNull();
    http.onGet('/v2/loan').replyOnce(401, { errors: [{ message: 'x', property: 'request' }] });
    await expect(api().get('/v2/loan')).rejects.toBeTruthy();
    sessionStore.set(accessTokenAtom, 'luis-token');
    http.onGet('/v2/loan').replyOnce(200, null, { etag: '"luis"' });
    await api().get('/v2/loan');
    expect(http.history.get.map((request) => request.headers?.['If-None-Match'])).toEqual([
      undefined,
      undefined,
      '"luis"',
      undefined,
    ]);
    http.restore();
  });
});
