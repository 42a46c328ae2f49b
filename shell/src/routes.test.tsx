import { accessTokenAtom, type ScreenProps, sessionStore, setDevFlag, userAtom } from '@credimo/shared';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { leaveTo } from './browser';
import { loadRemoteApp } from './federation';
import { buildRoutes } from './routes';

jest.mock('./federation', () => ({ loadRemoteApp: jest.fn(), registerRemoteConfig: jest.fn() }));
jest.mock('./browser', () => ({ leaveTo: jest.fn() }));
const loadRemoteAppMock = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;

/** A stand-in remote that shows which screen and state it was given. */
function fakeRemote(remote: string) {
  return ({ screen, state, params }: ScreenProps) => (
    <p>
      {remote}:{screen}
      {params.status ? `:${params.status}` : ''}
      {state ? `:${JSON.stringify(state)}` : ''}
    </p>
  );
}

async function open(path: string, state?: unknown) {
  const router = createMemoryRouter(buildRoutes('http://api.test'), { initialEntries: [{ pathname: path, state }] });
  await act(async () => {
    render(
      <Provider store={sessionStore}>
        <RouterProvider router={router} />
      </Provider>,
    );
  });
  return router;
}

beforeEach(() => {
  loadRemoteAppMock.mockImplementation(async (remote) => ({ default: fakeRemote(remote) }));
  sessionStore.set(accessTokenAtom, null);
});

describe('the shell routes every known path to its remote', () => {
  test('/auth shows the registration remote in the login layout', async () => {
    await open('/auth');
    expect(await screen.findByText('registration:auth')).toBeInTheDocument();
    expect(document.querySelector('[data-layout="login"]')).not.toBeNull();
  });

  test('/ and /login redirect to auth', async () => {
    const router = await open('/login');
    expect(router.state.location.pathname).toBe('/auth');
  });

  test('/login/confirmation goes to /auth/confirm keeping the phone in navigation state', async () => {
    const router = await open('/login/confirmation', { phone: '612345678' });
    expect(router.state.location.pathname).toBe('/auth/confirm');
    expect(await screen.findByText('registration:authConfirm:{"phone":"612345678"}')).toBeInTheDocument();
  });

  test('an unknown path falls back to login, which is auth', async () => {
    const router = await open('/no/such/page');
    expect(router.state.location.pathname).toBe('/auth');
  });

  test('legacy registration steps go to personal data', async () => {
    sessionStore.set(accessTokenAtom, 'token');
    const router = await open('/registration/step4');
    expect(router.state.location.pathname).toBe('/registration/personal-data');
  });

  test('a protected route redirects to auth when not signed in', async () => {
    const router = await open('/account/history');
    expect(router.state.location.pathname).toBe('/auth');
  });

  test('the account shows the account remote and, below it, the calculator', async () => {
    sessionStore.set(accessTokenAtom, 'token');
    await open('/account');
    expect(await screen.findByText('account:account')).toBeInTheDocument();
    expect(await screen.findByText('calculator:calculator')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Tu cuenta' })).toBeInTheDocument();
  });

  test('payment screens belong to the payments remote; aggregation return gets its status', async () => {
    sessionStore.set(accessTokenAtom, 'token');
    await open('/account/payment-methods');
    expect(await screen.findByText('payments:accountPaymentMethods')).toBeInTheDocument();
  });
});

/** GET /v2/user of a customer registered without a loan, with what a test changes. */
const user = (overrides: object) =>
  ({
    id: '1',
    is_blacklisted: false,
    is_repeated: false,
    loan: null,
    phone_confirmation: { is_phone_confirmed: true },
    personal_data: null,
    addresses: { actual_address: null, registration_address: null },
    employment: null,
    contact_phones: [],
    contacts: { mobile_phone: '612345678' },
    permissions: { is_blocked: false, authorization_status: 3 },
    loan_count: { all: 0, active: 0 },
    discounts: [],
    session: { kind: 'customer', actor: null },
    ...overrides,
  }) as never;

describe('blocked and blacklisted customers', () => {
  afterEach(() => sessionStore.set(userAtom, null));

  test('a blocked user is sent to the blocked page', async () => {
    sessionStore.set(accessTokenAtom, 'token');
    sessionStore.set(userAtom, user({ permissions: { is_blocked: true, authorization_status: 3 } }));
    const router = await open('/account');
    expect(router.state.location.pathname).toBe('/blocked');
  });

  test('a blacklisted user with no loan is sent to the forbidden page', async () => {
    sessionStore.set(accessTokenAtom, 'token');
    sessionStore.set(userAtom, user({ is_blacklisted: true }));
    const router = await open('/account/history');
    expect(router.state.location.pathname).toBe('/auth/forbidden');
  });
});

describe('the redirect rules guard protected pages', () => {
  afterEach(() => sessionStore.set(userAtom, null));

  test('a customer who has not finished registration is taken to personal data', async () => {
    sessionStore.set(accessTokenAtom, 'token');
    sessionStore.set(userAtom, user({ permissions: { is_blocked: false, authorization_status: 1 } }));
    const router = await open('/account/history');
    expect(router.state.location.pathname).toBe('/registration/personal-data');
  });

  test('the confirmation step (/registration/step2) is guarded: signed out to auth, blocked to the blocked page', async () => {
    sessionStore.set(accessTokenAtom, null);
    expect((await open('/registration/step2')).state.location.pathname).toBe('/auth');
    sessionStore.set(accessTokenAtom, 'token');
    sessionStore.set(userAtom, user({ permissions: { is_blocked: true, authorization_status: 1 } }));
    expect((await open('/registration/step2')).state.location.pathname).toBe('/blocked');
  });

  test('the developer menu’s stepper flag skips the rules: the page asked for opens', async () => {
    sessionStore.set(accessTokenAtom, 'token');
    sessionStore.set(userAtom, user({ permissions: { is_blocked: false, authorization_status: 1 } }));
    setDevFlag('stepperDisabled', true);
    try {
      const router = await open('/account/history');
      expect(router.state.location.pathname).toBe('/account/history');
    } finally {
      setDevFlag('stepperDisabled', false);
    }
  });

  test('with the stepper flag on, a blocked customer is still taken to the blocked page', async () => {
    sessionStore.set(accessTokenAtom, 'token');
    sessionStore.set(userAtom, user({ permissions: { is_blocked: true, authorization_status: 1 } }));
    setDevFlag('stepperDisabled', true);
    try {
      const router = await open('/account/history');
      expect(router.state.location.pathname).toBe('/blocked');
    } finally {
      setDevFlag('stepperDisabled', false);
    }
  });
});

describe('short links', () => {
  test('/s/{hash} sends the browser to the API base address with the same path', async () => {
    await open('/s/abc123');
    expect(leaveTo).toHaveBeenCalledWith('http://api.test/s/abc123');
  });
});
