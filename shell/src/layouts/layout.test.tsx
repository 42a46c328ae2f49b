import {
  accessTokenAtom,
  messages,
  notificationsAtom,
  notify,
  type ScreenProps,
  sessionStore,
  userAtom,
} from '@credimo/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { loadRemoteApp } from '../federation';
import { buildRoutes } from '../routes';

jest.mock('../federation', () => ({ loadRemoteApp: jest.fn(), registerRemoteConfig: jest.fn() }));
jest.mock('../browser', () => ({ leaveTo: jest.fn() }));
const loadRemoteAppMock = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;

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

const place = { region: 'Madrid', city: 'Madrid', street: 'Calle de Alcalá' };
/** A customer with an active loan (status 2: Active), first name Ana. */
const withLoan = {
  id: '1',
  is_blacklisted: false,
  is_repeated: false,
  loan: {
    status: 2,
    required_files: [],
    auto_debit_step_completed: true,
    request_amount: 30000,
    original_request_amount: 30000,
  },
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
  employment: { employment_type_id: 4, education: 'university', has_current_loan: false, business_activity_id: null },
  contact_phones: [],
  contacts: { mobile_phone: '612345678' },
  permissions: { is_blocked: false, authorization_status: 2 },
  session: { kind: 'customer', actor: null },
} as never;

beforeEach(() => {
  // A stand-in remote: the calculator, like the real one, shows nothing while a loan is open.
  loadRemoteAppMock.mockImplementation(async (remote) => ({
    default: ({ screen: name }: ScreenProps) => (remote === 'calculator' ? null : <p>{`${remote}:${name}`}</p>),
  }));
  sessionStore.set(accessTokenAtom, 'token');
  sessionStore.set(userAtom, withLoan);
});
afterEach(() => {
  sessionStore.set(userAtom, null);
  sessionStore.set(accessTokenAtom, null);
});

describe('the account layout', () => {
  test('target_by=calculator shows a notice that a new loan cannot be taken, to a customer with an open loan', async () => {
    await open('/account?target_by=calculator');
    expect(await screen.findByText('account:account')).toBeInTheDocument();
    expect(screen.getByText(messages.cannotTakeNewLoan)).toBeInTheDocument();
  });

  test('without the query there is no such notice', async () => {
    await open('/account');
    await screen.findByText('account:account');
    expect(screen.queryByText(messages.cannotTakeNewLoan)).not.toBeInTheDocument();
  });

  test("the header's user button shows the first name", async () => {
    await open('/account');
    expect(await screen.findByRole('button', { name: 'Ana' })).toBeInTheDocument();
  });

  test('the footer carries the contacts with the schedule', async () => {
    await open('/account');
    const footer = (await screen.findByRole('contentinfo')).textContent ?? '';
    expect(footer).toContain('Lunes a viernes de 9:00 a 20:00');
    expect(footer).toContain('ayuda@credimo.es');
  });
});

describe('/auth/forbidden: a blacklisted customer without a loan stays, others go to the account', () => {
  test('a signed-in customer who is not a blacklisted one without a loan is sent from it to the account', async () => {
    const router = await open('/auth/forbidden');
    expect(router.state.location.pathname).toBe('/account');
  });

  test('a blacklisted customer without a loan stays on it', async () => {
    sessionStore.set(userAtom, { ...(withLoan as object), is_blacklisted: true, loan: null } as never);
    const router = await open('/auth/forbidden');
    expect(router.state.location.pathname).toBe('/auth/forbidden');
  });
});

describe('alerts in the login layout: 90 s, or 60 s after a route change', () => {
  beforeEach(() => {
    sessionStore.set(accessTokenAtom, null);
    sessionStore.set(userAtom, null);
    sessionStore.set(notificationsAtom, []);
  });
  afterEach(() => jest.useRealTimers());

  test('an alert shows on /auth, can be dismissed, and expires after 90 s', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    await open('/auth');
    act(() => {
      notify('Hemos actualizado las condiciones.', 'info');
      notify('Otra cosa', 'warning');
    });
    expect(screen.getByText('Hemos actualizado las condiciones.')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Cerrar' })[1] as HTMLElement);
    expect(screen.queryByText('Otra cosa')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(89_000));
    expect(screen.getByText('Hemos actualizado las condiciones.')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2_000));
    expect(screen.queryByText('Hemos actualizado las condiciones.')).not.toBeInTheDocument();
  });

  test('after a route change an alert lives at most 60 s more', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    notify('Aviso', 'info');
    const router = await open('/auth');
    act(() => jest.advanceTimersByTime(10_000));
    await act(async () => {
      await router.navigate('/login/confirmation', { state: { phone: '612345678' } });
    });
    act(() => jest.advanceTimersByTime(59_000));
    expect(screen.getByText('Aviso')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2_000));
    expect(screen.queryByText('Aviso')).not.toBeInTheDocument();
  });
});
