import {
  accessTokenAtom,
  DEFAULT_SITE_CONTENT,
  type ScreenProps,
  sessionStore,
  siteContentAtom,
  userAtom,
} from '@credimo/shared';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { loadRemoteApp } from '../federation';
import { buildRoutes } from '../routes';
import { HEADER_PARTS, headerVariantFor } from './header-variants';

jest.mock('../federation', () => ({ loadRemoteApp: jest.fn(), registerRemoteConfig: jest.fn() }));
jest.mock('../browser', () => ({ leaveTo: jest.fn(), reloadPage: jest.fn() }));
const loadRemoteAppMock = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;

const place = { region: 'Madrid', city: 'Madrid', street: 'Calle de Alcalá' };
/** A registered customer without a loan, first name Ana. */
const ana = (kind: 'customer' | 'agent' = 'customer') => ({
  id: '1',
  is_blacklisted: false,
  is_repeated: false,
  loan: null,
  phone_confirmation: { is_phone_confirmed: true },
  personal_data: { first_name: 'Ana', first_surname: 'García', personal_id: '12345678Z' },
  addresses: { actual_address: place, registration_address: place },
  employment: null,
  contact_phones: [],
  contacts: { mobile_phone: '612345678' },
  permissions: { is_blocked: false, authorization_status: 3 },
  session: { kind, actor: kind === 'agent' ? 'laura' : null },
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

beforeEach(() => {
  loadRemoteAppMock.mockImplementation(async (remote) => ({
    default: ({ screen: name }: ScreenProps) => <p>{`${remote}:${name}`}</p>,
  }));
  sessionStore.set(siteContentAtom, {
    ...DEFAULT_SITE_CONTENT,
    menu: [{ title: 'Cómo funciona', url: 'https://www.credimo.es/como-funciona' }],
  });
});
afterEach(() => {
  sessionStore.set(userAtom, null);
  sessionStore.set(accessTokenAtom, null);
  sessionStore.set(siteContentAtom, DEFAULT_SITE_CONTENT);
});

const signIn = (kind: 'customer' | 'agent' = 'customer') => {
  sessionStore.set(accessTokenAtom, 'token');
  sessionStore.set(userAtom, ana(kind) as never);
};
const openBurger = () => fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: /Menú/ }));

describe('header variants: account, login, verification, register', () => {
  test('account, login, verification and register, by layout and page; none on the centred pages', () => {
    expect(headerVariantFor('account', 'accountHistory')).toBe('account');
    expect(headerVariantFor('login', 'auth')).toBe('login');
    expect(headerVariantFor('login', 'authConfirm')).toBe('verification');
    expect(headerVariantFor('registration', 'registrationConfirmation')).toBe('verification');
    expect(headerVariantFor('registration', 'registrationPersonalData')).toBe('register');
    expect(headerVariantFor('centred', 'blocked')).toBeNull();
    // Burger menus exist for account, main and register.
    expect(Object.values(HEADER_PARTS).map((parts) => parts.burger)).toEqual(['account', 'main', null, 'register']);
  });

  test('account: logo, menu links, phone, the first-name button, logout, and the account burger', async () => {
    signIn();
    await open('/account/history');
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-header', 'account');
    expect(within(header).getByRole('navigation', { name: 'Tu cuenta' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: '+34 900 000 000' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Ana' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Salir' })).toBeInTheDocument();
    openBurger();
    const burger = within(header).getByRole('navigation', { name: 'Menú' });
    expect(within(burger).getByRole('link', { name: 'Historial de préstamos' })).toBeInTheDocument();
    // The change of phone is offered while signing in and on step 2 only: a registered customer is sent from
    // registration pages to the account, so the account burger has no such link.
    expect(within(burger).queryByRole('link', { name: 'Cambiar el número de móvil' })).not.toBeInTheDocument();
    expect(within(burger).getByRole('button', { name: 'Salir' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: /Cerrar el menú/ })).toHaveAttribute('aria-expanded', 'true');
  });

  test("an agent session's account burger does not offer the change of phone", async () => {
    signIn('agent');
    await open('/account');
    openBurger();
    const burger = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Menú' });
    expect(within(burger).queryByRole('link', { name: 'Cambiar el número de móvil' })).not.toBeInTheDocument();
  });

  test("login: the site's main menu, in the header and in the main burger; no user", async () => {
    await open('/auth');
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-header', 'login');
    const main = within(header).getByRole('navigation', { name: 'Menú principal' });
    expect(within(main).getByRole('link', { name: 'Cómo funciona' })).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: 'Salir' })).not.toBeInTheDocument();
    openBurger();
    const burger = within(header).getByRole('navigation', { name: 'Menú' });
    expect(within(burger).getByRole('link', { name: 'Cómo funciona' })).toBeInTheDocument();
  });

  test('verification (the code page): logo and phone only, nothing to lead away from the code', async () => {
    await open('/auth/confirm');
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-header', 'verification');
    expect(within(header).queryByRole('navigation')).not.toBeInTheDocument();
    expect(within(header).queryByRole('button')).not.toBeInTheDocument();
    expect(within(header).getByRole('link', { name: '+34 900 000 000' })).toBeInTheDocument();
  });

  test('register: the user and logout, folded into the register burger, without the site menu', async () => {
    signIn();
    sessionStore.set(userAtom, {
      ...ana(),
      personal_data: null,
      permissions: { is_blocked: false, authorization_status: 1 },
    } as never);
    await open('/registration/personal-data');
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-header', 'register');
    expect(within(header).queryByRole('navigation', { name: 'Menú principal' })).not.toBeInTheDocument();
    openBurger();
    const burger = within(header).getByRole('navigation', { name: 'Menú' });
    expect(within(burger).getByRole('button', { name: 'Salir' })).toBeInTheDocument();
    expect(within(burger).queryByRole('link', { name: 'Cómo funciona' })).not.toBeInTheDocument();
  });
});

describe("the footer with the content site's documents", () => {
  const documents = [{ title: 'Condiciones generales', url: 'https://www.credimo.es/documentos/condiciones.pdf' }];

  test('the small footer of the sign-in pages lists the documents', async () => {
    sessionStore.set(siteContentAtom, { ...DEFAULT_SITE_CONTENT, documents });
    await open('/auth');
    const list = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Documentos' });
    expect(within(list).getByRole('link', { name: 'Condiciones generales' })).toHaveAttribute(
      'href',
      documents[0]?.url,
    );
  });

  test("the account's big footer lists them beside the contacts and both menus", async () => {
    signIn();
    sessionStore.set(siteContentAtom, { ...DEFAULT_SITE_CONTENT, documents });
    await open('/account/history');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: '+34 900 000 000' })).toBeInTheDocument();
    const list = within(footer).getByRole('navigation', { name: 'Documentos' });
    expect(within(list).getByRole('link', { name: 'Condiciones generales' })).toBeInTheDocument();
  });

  test("every footer links the legal notice: the lender's own when the content site names none", async () => {
    await open('/auth');
    const notice = within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Aviso legal' });
    expect(notice.getAttribute('href')).toMatch(/\/v2\/products\/1\/agreement\/legal_notice$/);
  });

  test("the content site's legal notice, once, where the footer lists it already", async () => {
    signIn();
    const legal = { title: 'Aviso legal', url: 'https://www.credimo.es/aviso-legal' };
    sessionStore.set(siteContentAtom, {
      ...DEFAULT_SITE_CONTENT,
      footer: { ...DEFAULT_SITE_CONTENT.footer, menu_2: [legal] },
    });
    await open('/account/history');
    const links = within(screen.getByRole('contentinfo')).getAllByRole('link', { name: 'Aviso legal' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([legal.url]);
  });

  test('no documents, no empty list', async () => {
    await open('/auth');
    expect(within(screen.getByRole('contentinfo')).queryByRole('navigation', { name: 'Documentos' })).toBeNull();
  });
});
