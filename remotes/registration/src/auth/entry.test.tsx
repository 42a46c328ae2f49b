import {
  accessTokenAtom,
  api,
  clearSession,
  configureApi,
  impersonationAtom,
  messages,
  readCookie,
  sessionIdAtom,
  sessionStore,
} from '@credimo/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { Provider } from 'jotai';
import { redirectTarget } from './InfoScreens';
import { AccountAuthScreen, AuthHandoffScreen, AuthSessionScreen, safeAppPath } from './SessionEntryScreens';

configureApi({ apiBaseUrl: 'http://api.test', wpBaseUrl: 'https://credimo.es' });
let http: MockAdapter;
beforeEach(() => {
  http = new MockAdapter(api());
  clearSession();
});
afterEach(() => http.restore());

const user = (kind: string, actor: string | null) => ({
  id: '1',
  contacts: { mobile_phone: '612345678' },
  permissions: { is_blocked: false, authorization_status: 1 },
  loan_count: { all: 0, active: 0 },
  discounts: [],
  session: { kind, actor },
});

describe('the generic redirect', () => {
  test('carries the scopes on to an allow-listed target', () => {
    expect(redirectTarget({ target: 'https://credimo.es/pagar', token: 't1', promocode: 'VERANO', other: 'x' })).toBe(
      'https://credimo.es/pagar?token=t1&promocode=VERANO',
    );
  });

  test('refuses a target on another origin, or a javascript: address', () => {
    expect(redirectTarget({ target: 'https://evil.example/x', token: 't' })).toBeNull();
    expect(redirectTarget({ target: 'javascript:alert(1)' })).toBeNull();
    expect(redirectTarget({})).toBeNull();
  });
});

describe('agent and admin links', () => {
  test('an agent link is exchanged once for a session, the session id kept, then the account', async () => {
    http.onGet('/api/agent/customer/abc').reply(200, { token: 'agent-token', agent: { name: 'laura' } });
    http.onGet('/v2/user').reply(200, user('agent', 'laura'));
    const navigate = jest.fn();
    render(
      <Provider store={sessionStore}>
        <AuthSessionScreen screen="authSession" params={{}} query={{ session_id: 'abc' }} navigate={navigate} />
      </Provider>,
    );
    await screen.findByRole('heading');
    await new Promise((r) => setTimeout(r, 0));
    expect(navigate).toHaveBeenCalledWith('/account', { replace: true });
    expect(sessionStore.get(accessTokenAtom)).toBe('agent-token');
    expect(sessionStore.get(sessionIdAtom)).toBe('abc');
    expect(http.history.get.filter((r) => r.url?.startsWith('/api/agent'))).toHaveLength(1);
  });

  test('a used or expired link says so in Spanish', async () => {
    http
      .onGet('/api/agent/customer/used')
      .reply(410, { errors: [{ message: messages.linkInvalid, property: 'request' }] });
    render(
      <Provider store={sessionStore}>
        <AuthSessionScreen screen="authSession" params={{}} query={{ sessionid: 'used' }} navigate={jest.fn()} />
      </Provider>,
    );
    expect(await screen.findByText(messages.linkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al acceso' })).toHaveAttribute('href', '/auth');
  });

  test('an admin link without its parameters is an invalid link, not a network error', async () => {
    render(
      <Provider store={sessionStore}>
        <AccountAuthScreen screen="accountAuth" params={{}} query={{ apikey: 'x' }} navigate={jest.fn()} />
      </Provider>,
    );
    expect(await screen.findByText(messages.linkInvalid)).toBeInTheDocument();
  });

  test('an admin link opens a marked impersonation session', async () => {
    http.onPost('/v2/admin/login_as').reply(200, { token: 'admin-token' });
    http.onGet('/v2/user').reply(200, user('admin', 'marta'));
    const navigate = jest.fn();
    render(
      <Provider store={sessionStore}>
        <AccountAuthScreen
          screen="accountAuth"
          params={{}}
          query={{ apiKey: 'signed', adminusername: 'marta' }}
          navigate={navigate}
        />
      </Provider>,
    );
    await screen.findByRole('heading');
    await new Promise((r) => setTimeout(r, 0));
    expect(JSON.parse(http.history.post[0]?.data)).toEqual({ api_key: 'signed', admin_username: 'marta' });
    expect(sessionStore.get(impersonationAtom)).toEqual({ adminUsername: 'marta' });
    // The impersonation token is kept apart from the customer's 40-day cookie.
    expect(readCookie('accessToken')).toBeNull();
    expect(readCookie('impersonateToken')).toBe('admin-token');
    expect(navigate).toHaveBeenCalledWith('/account', { replace: true });
  });
});

/** The hand-off screen as the app shows it for this address's query; answers the navigate it was given. */
function showHandoff(query: Record<string, string>) {
  const navigate = jest.fn();
  render(
    <Provider store={sessionStore}>
      <AuthHandoffScreen screen="authHandoff" params={{}} query={query} navigate={navigate} />
    </Provider>,
  );
  return navigate;
}

describe('a WordPress widget hands its customer to the app', () => {
  test("the one-time code becomes the app's own session, and the customer goes on to the widget's next step", async () => {
    http.onPost('/v2/user/handoff/exchange').reply(200, { token: 'app-token' });
    http.onGet('/v2/user').reply(200, user('customer', null));
    const navigate = showHandoff({ code: 'one-time', to: '/registration/application-change' });
    await screen.findByRole('heading');
    await new Promise((r) => setTimeout(r, 0));
    expect(JSON.parse(http.history.post[0]?.data)).toEqual({ code: 'one-time' });
    expect(sessionStore.get(accessTokenAtom)).toBe('app-token');
    expect(readCookie('accessToken')).toBe('app-token');
    expect(navigate).toHaveBeenCalledWith('/registration/application-change', { replace: true });
  });

  test('a used or expired code says so in Spanish, with the way back to sign-in', async () => {
    http
      .onPost('/v2/user/handoff/exchange')
      .reply(410, { errors: [{ message: messages.linkInvalid, property: 'request' }] });
    showHandoff({ code: 'used' });
    expect(await screen.findByText(messages.linkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al acceso' })).toHaveAttribute('href', '/auth');
  });

  test('a code asked for in another browser is refused there: the session of this browser stays', async () => {
    sessionStore.set(accessTokenAtom, 'b-token');
    http
      .onPost('/v2/user/handoff/exchange')
      .reply(403, { errors: [{ message: messages.handoffOtherBrowser, property: 'request' }] });
    const navigate = showHandoff({ code: 'from-a', to: '/account' });
    expect(await screen.findByText(messages.handoffOtherBrowser)).toBeInTheDocument();
    expect(http.history.post[0]?.withCredentials).toBe(true);
    expect(sessionStore.get(accessTokenAtom)).toBe('b-token');
    expect(navigate).not.toHaveBeenCalled();
  });

  test("over another customer's session the person is asked: keeping it goes on with it, nothing exchanged", async () => {
    sessionStore.set(accessTokenAtom, 'other-token');
    http
      .onPost('/v2/user/handoff/exchange')
      .reply(409, { errors: [{ message: messages.handoffOtherSession, property: 'request' }] });
    const navigate = showHandoff({ code: 'mine', to: '/account' });
    fireEvent.click(await screen.findByRole('button', { name: 'Mantener mi sesión' }));
    expect(navigate).toHaveBeenCalledWith('/account', { replace: true });
    expect(sessionStore.get(accessTokenAtom)).toBe('other-token');
    expect(http.history.post).toHaveLength(1);
  });

  test("choosing the web's account replaces the session of the other customer", async () => {
    sessionStore.set(accessTokenAtom, 'other-token');
    http
      .onPost('/v2/user/handoff/exchange', { code: 'mine' })
      .reply(409, { errors: [{ message: messages.handoffOtherSession, property: 'request' }] });
    http.onPost('/v2/user/handoff/exchange', { code: 'mine', replace: true }).reply(200, { token: 'app-token' });
    http.onGet('/v2/user').reply(200, user('customer', null));
    const navigate = showHandoff({ code: 'mine', to: '/account' });
    fireEvent.click(await screen.findByRole('button', { name: 'Seguir con la cuenta de la web' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/account', { replace: true }));
    expect(sessionStore.get(accessTokenAtom)).toBe('app-token');
  });

  test('only a path inside the app is followed: another site, or none, means the account', () => {
    expect(safeAppPath('/registration/personal-data')).toBe('/registration/personal-data');
    expect(safeAppPath('//evil.example/x')).toBe('/account');
    expect(safeAppPath('/\\evil.example')).toBe('/account');
    expect(safeAppPath('https://evil.example')).toBe('/account');
    expect(safeAppPath(undefined)).toBe('/account');
  });
});
