import { accessTokenAtom, api, configureApi, type ScreenProps, sessionStore, userAtom } from '@credimo/shared';
import { act, render } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { loadRemoteApp } from '../federation';
import { buildRoutes } from '../routes';

jest.mock('../federation', () => ({ loadRemoteApp: jest.fn(), registerRemoteConfig: jest.fn() }));
jest.mock('../browser', () => ({ leaveTo: jest.fn() }));
const loadRemoteAppMock = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;

configureApi({ apiBaseUrl: 'http://api.test', wpBaseUrl: 'http://wp.test' });
const place = { region: 'Madrid', city: 'Madrid', street: 'Calle de Alcalá' };
/** A registered customer without a loan (authorization status 3). */
const registered = {
  id: '1',
  is_blacklisted: false,
  is_repeated: false,
  loan: null,
  phone_confirmation: { is_phone_confirmed: true },
  personal_data: {
    first_name: 'Ana',
    first_surname: 'García',
    personal_id: '12345678Z',
    expiration_date: '2031-01-01',
    nationality: 'ES',
    birthday: '1990-05-05',
    email: 'ana@credimo.es',
  },
  addresses: { actual_address: place, registration_address: place },
  employment: null,
  contact_phones: [],
  contacts: { mobile_phone: '612345678' },
  permissions: { is_blocked: false, authorization_status: 3 },
  session: { kind: 'customer', actor: null },
};

let http: MockAdapter;
beforeEach(() => {
  jest.useFakeTimers({ advanceTimers: true });
  http = new MockAdapter(api());
  http.onGet('/v2/user').reply(200, registered);
  http.onAny().reply(200, {});
  loadRemoteAppMock.mockImplementation(async (remote) => ({
    default: ({ screen: name }: ScreenProps) => <p>{`${remote}:${name}`}</p>,
  }));
  sessionStore.set(accessTokenAtom, 'token');
  sessionStore.set(userAtom, registered as never);
});
afterEach(() => {
  http.restore();
  jest.useRealTimers();
  sessionStore.set(userAtom, null);
  sessionStore.set(accessTokenAtom, null);
});

async function open(path: string) {
  const router = createMemoryRouter(buildRoutes('http://api.test'), { initialEntries: [path] });
  await act(async () => {
    render(
      <Provider store={sessionStore}>
        <RouterProvider router={router} />
      </Provider>,
    );
  });
  return router;
}

const userPolls = () => http.history.get.filter((request) => request.url === '/v2/user').length;

describe('the user is polled every 30 s on the account and default pages', () => {
  test('on the account: one refresh per 30 s, none before', async () => {
    await open('/account');
    await act(async () => jest.advanceTimersByTime(29_000));
    expect(userPolls()).toBe(0);
    await act(async () => jest.advanceTimersByTime(1_000));
    expect(userPolls()).toBe(1);
    await act(async () => jest.advanceTimersByTime(60_000));
    expect(userPolls()).toBe(3);
  });

  test('a refresh that finds the customer blocked moves them to the blocked page', async () => {
    const router = await open('/account');
    http.onGet('/v2/user').reply(200, { ...registered, permissions: { is_blocked: true, authorization_status: 3 } });
    await act(async () => jest.advanceTimersByTime(30_000));
    expect(router.state.location.pathname).toBe('/blocked');
  });

  test('the sign-in pages, with no customer yet, poll nothing', async () => {
    sessionStore.set(accessTokenAtom, null);
    sessionStore.set(userAtom, null);
    await open('/auth');
    await act(async () => jest.advanceTimersByTime(90_000));
    expect(userPolls()).toBe(0);
  });
});
