import { accessTokenAtom, type ScreenProps, sessionStore, userAtom } from '@credimo/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DEV_FLAGS_KEY, devFlagsAtom } from '../dev-flags';
import { loadRemoteApp } from '../federation';
import { buildRoutes } from '../routes';

jest.mock('../federation', () => ({ loadRemoteApp: jest.fn(), registerRemoteConfig: jest.fn() }));
jest.mock('../browser', () => ({ leaveTo: jest.fn(), reloadPage: jest.fn() }));
const loadRemoteAppMock = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;

/** A customer who has only confirmed the phone: the redirect rules send them to personal data. */
const newCustomer = {
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
  permissions: { is_blocked: false, authorization_status: 1 },
  session: { kind: 'customer', actor: null },
};

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

beforeEach(() => {
  loadRemoteAppMock.mockImplementation(async (remote) => ({
    default: ({ screen: name }: ScreenProps) => <p>{`${remote}:${name}`}</p>,
  }));
  sessionStore.set(accessTokenAtom, 'token');
  sessionStore.set(userAtom, newCustomer as never);
});
afterEach(() => {
  sessionStore.set(userAtom, null);
  sessionStore.set(accessTokenAtom, null);
  sessionStore.set(devFlagsAtom, {});
  localStorage.clear();
});

describe('the developer menu and its stepper flag (SPEC sections 2 and 6)', () => {
  test('hidden until the backtick key; the tilde closes it; typing a backtick in a field does nothing', async () => {
    await open('/auth');
    expect(screen.queryByRole('complementary', { name: 'Menú de desarrollo' })).not.toBeInTheDocument();
    fireEvent.keyDown(document, { key: '`' });
    expect(screen.getByRole('complementary', { name: 'Menú de desarrollo' })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: '~' });
    expect(screen.queryByRole('complementary', { name: 'Menú de desarrollo' })).not.toBeInTheDocument();
    const field = document.body.appendChild(document.createElement('input'));
    fireEvent.keyDown(field, { key: '`' });
    expect(screen.queryByRole('complementary', { name: 'Menú de desarrollo' })).not.toBeInTheDocument();
    field.remove();
  });

  test('without the flag the rules send an unfinished registration to personal data', async () => {
    const router = await open('/account');
    expect(router.state.location.pathname).toBe('/registration/personal-data');
  });

  test('with the stepper disabled the rules are skipped: the customer stays where they went', async () => {
    const router = await open('/account/history');
    expect(router.state.location.pathname).toBe('/registration/personal-data');
    fireEvent.keyDown(document, { key: '`' });
    await userEvent.click(screen.getByLabelText('Desactivar los pasos del registro (reglas de redirección)'));
    expect(JSON.parse(localStorage.getItem(DEV_FLAGS_KEY) ?? '{}')).toEqual({ stepperDisabled: true });
    await act(async () => {
      await router.navigate('/account/history');
    });
    expect(router.state.location.pathname).toBe('/account/history');
  });
});
