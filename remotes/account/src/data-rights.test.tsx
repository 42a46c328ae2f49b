import { accessTokenAtom, loanAtom, notificationsAtom, sessionStore, userAtom } from '@credimo/shared';
import { customer } from '@credimo/shared/testing/customers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetInbox } from './inbox';
import { PersonalInfoScreen } from './PersonalInfoScreen';
import { mockApiPerTest, showScreen } from './test-utils';

const http = mockApiPerTest();

const readyView = {
  status: 'ready',
  requested_at: '2026-11-28T09:00:00.000Z',
  expires_at: '2026-12-05T09:00:00.000Z',
  files: [
    { format: 'json', link: '/v2/user/data_export/json', name: 'mis-datos-credimo.json' },
    { format: 'pdf', link: '/v2/user/data_export/pdf', name: 'mis-datos-credimo.pdf' },
  ],
};
const preparing = { status: 'preparing', requested_at: '2026-11-28T09:00:00.000Z', expires_at: null, files: [] };
const consents = {
  marketing: true,
  history: [
    { kind: 'receiveInformation', accepted: true, text_version: '2026-11', at: '2026-11-20T10:00:00.000Z' },
    { kind: 'privacyProtectionPolicy', accepted: true, text_version: '2026-11', at: '2026-11-20T10:00:00.000Z' },
  ],
};

/** The files handed to the browser, as the customer gets them. */
function savedFiles() {
  const saved: string[] = [];
  URL.createObjectURL = jest.fn(() => 'blob:test/0');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

afterEach(() => jest.restoreAllMocks());

beforeEach(() => {
  resetInbox();
  sessionStore.set(userAtom, customer(null));
  sessionStore.set(loanAtom, null);
  http.current.onGet('/v2/notifications/inbox').reply(200, []);
  http.current.onGet('/v2/user/payment_cards').reply(200, []);
  http.current.onGet('/v2/user/consents').reply(200, consents);
});

describe('/account/personal_info: the customer’s data', () => {
  test('"Descargar mis datos" asks for the export, says it is being prepared, then offers JSON and PDF until a date', async () => {
    sessionStore.set(accessTokenAtom, 'customer-token');
    http.current
      .onGet('/v2/user/data_export')
      .replyOnce(200, { status: 'none', requested_at: null, expires_at: null, files: [] })
      .onGet('/v2/user/data_export')
      .reply(200, readyView);
    http.current.onPost('/v2/user/data_export').reply(200, preparing);
    http.current.onGet('/v2/user/data_export/pdf').reply(200, new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
    const saved = savedFiles();
    showScreen(PersonalInfoScreen, { screen: 'accountPersonalInfo' });
    const section = await screen.findByRole('region', { name: 'Tus datos' });
    await userEvent.click(await within(section).findByRole('button', { name: 'Descargar mis datos' }));
    expect(await within(section).findByText(/Estamos preparando tu copia/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Descargar mis datos' })).toBeNull();
    // The screen asks again while the job prepares it.
    expect(
      await within(section).findByText('Tu copia está lista. Puedes descargarla hasta el 05/12/2026.', undefined, {
        timeout: 5_000,
      }),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Descargar (JSON)' })).toBeEnabled();
    await userEvent.click(within(section).getByRole('button', { name: 'Descargar (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['mis-datos-credimo.pdf']));
    const [request] = http.current.history.get.filter((r) => r.url === '/v2/user/data_export/pdf');
    expect(request?.headers?.Authorization).toBe('Bearer customer-token');
  });

  test('an expired export says so and offers a new one', async () => {
    http.current.onGet('/v2/user/data_export').reply(200, { ...readyView, status: 'expired', files: [] });
    showScreen(PersonalInfoScreen, { screen: 'accountPersonalInfo' });
    const section = await screen.findByRole('region', { name: 'Tus datos' });
    expect(await within(section).findByText(/Tu última copia ha caducado/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Preparar una copia nueva' })).toBeEnabled();
    expect(within(section).queryByRole('button', { name: 'Descargar (PDF)' })).toBeNull();
  });

  test('the consent history shows what, when and which version; marketing consent can be withdrawn', async () => {
    http.current.onGet('/v2/user/data_export').reply(200, readyView);
    http.current.onPost('/v2/user/consents/marketing/withdraw').reply(200, {
      marketing: false,
      history: [
        { kind: 'receiveInformation', accepted: false, text_version: '2026-11', at: '2026-11-28T10:00:00.000Z' },
        ...consents.history,
      ],
    });
    showScreen(PersonalInfoScreen, { screen: 'accountPersonalInfo' });
    const section = await screen.findByRole('region', { name: 'Tus consentimientos' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Comunicaciones comerciales: Aceptado · 20/11/2026 · versión 2026-11',
      'Política de privacidad: Aceptado · 20/11/2026 · versión 2026-11',
    ]);
    await userEvent.click(
      within(section).getByRole('button', { name: 'Retirar el consentimiento a comunicaciones comerciales' }),
    );
    expect(await within(section).findByText('Ya no te enviaremos comunicaciones comerciales.')).toBeInTheDocument();
    expect(within(section).getAllByRole('listitem')[0]).toHaveTextContent(
      'Comunicaciones comerciales: No aceptado · 28/11/2026',
    );
    expect(within(section).queryByRole('button', { name: /Retirar/ })).toBeNull();
  });

  test('erasure asks first; confirmed, the customer is signed out with the confirmation', async () => {
    sessionStore.set(accessTokenAtom, 'customer-token');
    http.current.onGet('/v2/user/data_export').reply(200, readyView);
    http.current
      .onPost('/v2/user/erasure')
      .reply(200, { erased_at: '2026-11-28T10:00:00.000Z', retained_until: '2036-11-28T10:00:00.000Z' });
    const { navigate } = showScreen(PersonalInfoScreen, { screen: 'accountPersonalInfo' });
    const section = await screen.findByRole('region', { name: 'Supresión de tus datos' });
    await userEvent.click(within(section).getByRole('button', { name: 'Solicitar la supresión de mis datos' }));
    const dialog = within(section).getByRole('alertdialog', { name: '¿Seguro que quieres suprimir tus datos?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(http.current.history.post).toHaveLength(0);
    await userEvent.click(within(section).getByRole('button', { name: 'Solicitar la supresión de mis datos' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Sí, suprimir mis datos' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/auth', { replace: true }));
    expect(JSON.parse(http.current.history.post[0]?.data)).toEqual({ confirm: true });
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
    expect(sessionStore.get(notificationsAtom).map((n) => n.message)).toEqual([
      'Hemos suprimido tus datos personales. Lo que la ley nos obliga a conservar se borrará el 28/11/2036.',
    ]);
  });

  test('erasure refused while a loan is open says why and keeps the customer signed in', async () => {
    sessionStore.set(accessTokenAtom, 'customer-token');
    http.current.onGet('/v2/user/data_export').reply(200, readyView);
    const refusal =
      'No podemos suprimir tus datos mientras tengas un préstamo abierto. Podrás solicitarlo cuando esté cerrado.';
    http.current.onPost('/v2/user/erasure').reply(409, { errors: [{ property: '', message: refusal }] });
    const { navigate } = showScreen(PersonalInfoScreen, { screen: 'accountPersonalInfo' });
    const section = await screen.findByRole('region', { name: 'Supresión de tus datos' });
    await userEvent.click(within(section).getByRole('button', { name: 'Solicitar la supresión de mis datos' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Sí, suprimir mis datos' }));
    expect(await within(section).findByText(refusal)).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    expect(sessionStore.get(accessTokenAtom)).toBe('customer-token');
  });
});
