import {
  accessTokenAtom,
  api,
  clearSession,
  configureApi,
  configureCaptcha,
  DEFAULT_SITE_CONTENT,
  messages,
  removeCookie,
  type ScreenProps,
  sessionIdAtom,
  sessionStore,
  siteContentAtom,
  writeCookie,
} from '@credimo/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { Provider } from 'jotai';
import type { ComponentType } from 'react';
import { AuthConfirmScreen } from './AuthConfirmScreen';
import { AuthScreen } from './AuthScreen';
import { timerKey } from './timer';

configureApi({ apiBaseUrl: 'http://api.test', wpBaseUrl: 'http://wp.test' });
let http: MockAdapter;
beforeEach(() => {
  http = new MockAdapter(api());
  clearSession();
  localStorage.clear();
});
afterEach(() => http.restore());

function show(Screen: ComponentType<ScreenProps>, props: Partial<ScreenProps> = {}) {
  const navigate = jest.fn();
  render(
    <Provider store={sessionStore}>
      <Screen screen="x" params={{}} query={{}} navigate={navigate} {...props} />
    </Provider>,
  );
  return navigate;
}

/** A new customer as GET /v2/user answers: nothing of the profile given yet. */
const NOTHING_GIVEN = {
  is_repeated: false,
  is_blacklisted: false,
  phone_confirmation: { is_phone_confirmed: true },
  personal_data: null,
  addresses: { actual_address: null, registration_address: null },
  employment: null,
  documents: [],
  loan: null,
};

describe('/auth: phone and consents', () => {
  test('an empty form shows the Spanish messages on each field and sends nothing', async () => {
    show(AuthScreen);
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(messages.fieldRequired)).toBeInTheDocument();
    expect(screen.getAllByText(messages.checkboxFieldRequired)).toHaveLength(2);
    expect(http.history.post).toHaveLength(0);
  });

  test('an invalid phone is refused on its field', async () => {
    show(AuthScreen);
    await userEvent.type(screen.getByLabelText('Número de móvil'), '123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(messages.incorrectPhone)).toBeInTheDocument();
  });

  test('the phone is masked 999 99 99 99 and select-all ticks the three consents', async () => {
    show(AuthScreen);
    const phone = screen.getByLabelText('Número de móvil');
    await userEvent.type(phone, '612345678');
    expect(phone).toHaveValue('612 34 56 78');
    await userEvent.click(screen.getByLabelText('Aceptar todo'));
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeChecked();
    await userEvent.click(screen.getByLabelText('Aceptar todo'));
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked();
  });

  describe('the consents link to the documents they accept', () => {
    // Reset once nothing is rendered any more (the screens are unmounted after each test).
    beforeEach(() => sessionStore.set(siteContentAtom, DEFAULT_SITE_CONTENT));
    afterAll(() => sessionStore.set(siteContentAtom, DEFAULT_SITE_CONTENT));

    test("the content site's privacy policy and general conditions, opened in a new tab", () => {
      sessionStore.set(siteContentAtom, {
        ...DEFAULT_SITE_CONTENT,
        documents: [{ title: 'Condiciones generales', url: 'https://www.credimo.es/condiciones.pdf' }],
        footer: { ...DEFAULT_SITE_CONTENT.footer, menu_2: [{ title: 'Política de privacidad', url: '/privacidad' }] },
      });
      show(AuthScreen);
      const privacy = screen.getByRole('link', { name: /política de privacidad/ });
      // A path of the content site is the content site's page, not one of this app.
      expect(privacy).toHaveAttribute('href', 'http://wp.test/privacidad');
      expect(privacy).toHaveAttribute('target', '_blank');
      expect(screen.getByRole('link', { name: /condiciones generales/ })).toHaveAttribute(
        'href',
        'https://www.credimo.es/condiciones.pdf',
      );
      expect(screen.getByLabelText(/política de privacidad/)).toHaveAttribute('type', 'checkbox');
    });

    test("content naming neither links the lender's own versions the API serves", () => {
      show(AuthScreen);
      expect(screen.getByRole('link', { name: /política de privacidad/ })).toHaveAttribute(
        'href',
        'http://api.test/v2/products/1/agreement/privacy',
      );
      expect(screen.getByRole('link', { name: /condiciones generales/ })).toHaveAttribute(
        'href',
        'http://api.test/v2/products/1/agreement/general',
      );
    });
  });

  test('marketing consent is never pre-ticked and is optional', async () => {
    show(AuthScreen);
    expect(screen.getByLabelText(/ofertas e información comercial/)).not.toBeChecked();
  });

  test('the first submit asks to confirm the phone; "Cambiar" goes back; "Sí" sends the code and opens /auth/confirm', async () => {
    http.onPost('/v2/user/login').reply(200, { resend_in: 90 }, { 'x-sms-code': '4321' });
    const navigate = show(AuthScreen);
    await userEvent.type(screen.getByLabelText('Número de móvil'), '612345678');
    await userEvent.click(screen.getByLabelText(/política de privacidad/));
    await userEvent.click(screen.getByLabelText(/condiciones generales/));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Es correcto tu número?' });
    expect(within(dialog).getByText('+34 612 34 56 78')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cambiar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(http.history.post).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sí, enviar el código' }));
    expect(JSON.parse(http.history.post[0]?.data)).toEqual({
      mobile_phone: '612345678',
      agree_marketing: false,
      recaptcha_token: expect.stringMatching(/^sandbox\.[0-9a-f]{32}$/),
    });
    expect(navigate).toHaveBeenCalledWith('/auth/confirm', {
      state: { phone: '612345678', sandboxCode: '4321', receiveInformation: false },
    });
    expect(localStorage.getItem(timerKey('612345678'))).not.toBeNull();
  });

  test('under an agent session: a welcome header, no modal, and the session id is sent', async () => {
    sessionStore.set(sessionIdAtom, 'agent-session');
    http.onPost('/v2/user/login').reply(200, { resend_in: 90 });
    const navigate = show(AuthScreen);
    expect(screen.getByRole('heading', { name: 'Hola, te atiende un agente de Credimo.' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Número de móvil'), '612345678');
    await userEvent.click(screen.getByLabelText('Aceptar todo'));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(http.history.post[0]?.data).agent_session_id).toBe('agent-session');
    expect(navigate).toHaveBeenCalledWith('/auth/confirm', expect.anything());
  });

  test('the kept target url is sent with the login', async () => {
    sessionStore.set(sessionIdAtom, 'agent');
    writeCookie('targetUrl', 'http://localhost/prestamos');
    http.onPost('/v2/user/login').reply(200, { resend_in: 90 });
    show(AuthScreen);
    await userEvent.type(screen.getByLabelText('Número de móvil'), '612345678');
    await userEvent.click(screen.getByLabelText('Aceptar todo'));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(JSON.parse(http.history.post[0]?.data).target_url).toBe('http://localhost/prestamos');
    removeCookie('targetUrl');
  });

  test('the utm_source kept from the page address is sent with the login', async () => {
    sessionStore.set(sessionIdAtom, 'agent');
    writeCookie('utmSource', 'google');
    http.onPost('/v2/user/login').reply(200, { resend_in: 90 });
    show(AuthScreen);
    await userEvent.type(screen.getByLabelText('Número de móvil'), '612345678');
    await userEvent.click(screen.getByLabelText('Aceptar todo'));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(JSON.parse(http.history.post[0]?.data).utm_source).toBe('google');
    removeCookie('utmSource');
  });

  test('a refused recaptcha token is shown as a notice with the API message', async () => {
    sessionStore.set(sessionIdAtom, 'agent');
    http
      .onPost('/v2/user/login')
      .reply(422, { errors: [{ message: messages.captchaFailed, property: 'recaptcha_token' }] });
    show(AuthScreen);
    await userEvent.type(screen.getByLabelText('Número de móvil'), '612345678');
    await userEvent.click(screen.getByLabelText('Aceptar todo'));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(messages.captchaFailed)).toBeInTheDocument();
  });

  describe("with a real reCAPTCHA site key (Google's script is lazy-loaded by captchaToken)", () => {
    const googleScripts = () => document.querySelectorAll('script[src^="https://www.google.com/recaptcha/api.js"]');
    afterEach(() => {
      configureCaptcha(null);
      delete (window as { grecaptcha?: unknown }).grecaptcha;
    });

    test("the form says the site is protected by reCAPTCHA (Google's badge is hidden); not in sandbox mode", () => {
      show(AuthScreen);
      expect(screen.queryByText('Este sitio está protegido por reCAPTCHA.')).not.toBeInTheDocument();
      configureCaptcha('6Lc-real-key');
      show(AuthScreen);
      expect(screen.getByText('Este sitio está protegido por reCAPTCHA.')).toBeInTheDocument();
    });

    test("Google's script failing shows the Spanish message on the form, sends nothing, and a retry signs in", async () => {
      configureCaptcha('6Lc-real-key');
      sessionStore.set(sessionIdAtom, 'agent');
      http.onPost('/v2/user/login').reply(200, { resend_in: 90 });
      const navigate = show(AuthScreen);
      await userEvent.type(screen.getByLabelText('Número de móvil'), '612345678');
      await userEvent.click(screen.getByLabelText('Aceptar todo'));
      await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(googleScripts()).toHaveLength(1);
      act(() => {
        googleScripts()[0]?.dispatchEvent(new Event('error'));
      });
      expect(await screen.findByText(messages.captchaUnavailable)).toBeInTheDocument();
      expect(http.history.post).toHaveLength(0);

      await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
      (window as { grecaptcha?: unknown }).grecaptcha = {
        ready: (callback: () => void) => callback(),
        execute: async () => 'google-token',
      };
      act(() => {
        googleScripts()[0]?.dispatchEvent(new Event('load'));
      });
      await screen.findByText('Este sitio está protegido por reCAPTCHA.');
      await act(async () => {});
      expect(JSON.parse(http.history.post[0]?.data).recaptcha_token).toBe('google-token');
      expect(navigate).toHaveBeenCalledWith('/auth/confirm', expect.anything());
    });
  });

  test('a limit answered by the API (429) is shown as a notice', async () => {
    sessionStore.set(sessionIdAtom, 'agent');
    http.onPost('/v2/user/login').reply(429, { errors: [{ message: messages.tooManyCodes, property: 'request' }] });
    show(AuthScreen);
    await userEvent.type(screen.getByLabelText('Número de móvil'), '612345678');
    await userEvent.click(screen.getByLabelText('Aceptar todo'));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(messages.tooManyCodes)).toBeInTheDocument();
  });
});

describe('/auth/confirm: the 4-digit code', () => {
  const state = { phone: '612345678' };

  test('without a known phone it goes back to /auth', () => {
    const navigate = show(AuthConfirmScreen, { state: undefined });
    expect(navigate).toHaveBeenCalledWith('/auth', { replace: true });
  });

  test('the resend timer counts down from 90 s and survives a reload; WhatsApp shows after 30 s', () => {
    jest.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    try {
      localStorage.setItem(timerKey('612345678'), String(Date.now() - 20_000));
      show(AuthConfirmScreen, { state });
      expect(screen.getByText('Podrás pedir un código nuevo en 01:10')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Reenviar el código por SMS' })).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Recibir el código por WhatsApp' })).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(10_000));
      expect(screen.getByRole('button', { name: 'Recibir el código por WhatsApp' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(60_000));
      expect(screen.getByRole('button', { name: 'Reenviar el código por SMS' })).toBeEnabled();
    } finally {
      jest.useRealTimers();
    }
  });

  test('a wrong code shows the API message on the code field', async () => {
    http
      .onPost('/v2/user/login_confirm')
      .reply(422, { errors: [{ message: messages.codeIncorrect, property: 'code' }] });
    show(AuthConfirmScreen, { state });
    await userEvent.type(screen.getByLabelText('Código de 4 cifras'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(messages.codeIncorrect)).toBeInTheDocument();
  });

  test('a blocked customer with the right code is sent to the blocked page, not left with an error', async () => {
    http.onPost('/v2/user/login_confirm').reply(403, { errors: [{ message: messages.accountBlocked }] });
    const navigate = show(AuthConfirmScreen, { state });
    await userEvent.type(screen.getByLabelText('Código de 4 cifras'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await act(async () => {});
    expect(navigate).toHaveBeenCalledWith('/blocked', { replace: true });
    expect(screen.queryByText(messages.accountBlocked)).toBeNull();
  });

  test('a code of letters is refused before calling the API', async () => {
    show(AuthConfirmScreen, { state });
    await userEvent.type(screen.getByLabelText('Código de 4 cifras'), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(messages.onlyNumbers)).toBeInTheDocument();
    expect(http.history.post).toHaveLength(0);
  });

  test('the right code signs in, keeps the token and goes on to registration', async () => {
    http.onPost('/v2/user/login_confirm').reply(200, { token: 'tok' });
    http.onGet('/v2/user').reply(200, {
      id: '1',
      contacts: { mobile_phone: '612345678' },
      permissions: { is_blocked: false, authorization_status: 1 },
      ...NOTHING_GIVEN,
      loan_count: { all: 0, active: 0 },
      discounts: [],
      session: { kind: 'customer', actor: null },
    });
    const navigate = show(AuthConfirmScreen, { state });
    await userEvent.type(screen.getByLabelText('Código de 4 cifras'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await screen.findByRole('heading');
    expect(sessionStore.get(accessTokenAtom)).toBe('tok');
    expect(http.history.get[0]?.headers?.Authorization).toBe('Bearer tok');
    expect(navigate).toHaveBeenCalledWith('/registration/personal-data', { replace: true });
  });

  test('a customer who left part of the profile signs in to the dynamic step, which asks only for the rest', async () => {
    http.onPost('/v2/user/login_confirm').reply(200, { token: 'tok' });
    http.onGet('/v2/user').reply(200, {
      id: '1',
      contacts: { mobile_phone: '612345678' },
      permissions: { is_blocked: false, authorization_status: 1 },
      loan_count: { all: 0, active: 0 },
      discounts: [],
      session: { kind: 'customer', actor: null },
      ...NOTHING_GIVEN,
      personal_data: { first_name: 'Ana', first_surname: 'García', personal_id: '12345678Z' },
    });
    const navigate = show(AuthConfirmScreen, { state });
    await userEvent.type(screen.getByLabelText('Código de 4 cifras'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/registration/completing', { replace: true }));
  });

  test('the consents taken on /auth are recorded with PUT /v2/user/confirmations once signed in', async () => {
    http.onPost('/v2/user/login_confirm').reply(200, { token: 'tok' });
    http.onPut('/v2/user/confirmations').reply(200, {});
    http.onGet('/v2/user').reply(200, {
      id: '1',
      contacts: { mobile_phone: '612345678' },
      permissions: { is_blocked: false, authorization_status: 1 },
      ...NOTHING_GIVEN,
      session: { kind: 'customer', actor: null },
    });
    const navigate = show(AuthConfirmScreen, { state: { ...state, receiveInformation: true } });
    await userEvent.type(screen.getByLabelText('Código de 4 cifras'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await act(async () => {});
    expect(http.history.put.map((r) => [r.url, JSON.parse(r.data), r.headers?.Authorization])).toEqual([
      ['/v2/user/confirmations', { all_confirmations: true, receiveInformation: true }, 'Bearer tok'],
    ]);
    expect(navigate).toHaveBeenCalledWith('/registration/personal-data', { replace: true });
  });

  test('the WhatsApp code is offered and enabled at 30 s, once; the SMS resend waits for 90 s', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z'), advanceTimers: true });
    try {
      http.onPost('/v2/user/resend_phone_confirmation_code').reply(200, { resend_in: 90 });
      localStorage.setItem(timerKey('612345678'), String(Date.now() - 30_000));
      show(AuthConfirmScreen, { state });
      const whatsapp = screen.getByRole('button', { name: 'Recibir el código por WhatsApp' });
      expect(whatsapp).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Reenviar el código por SMS' })).toBeDisabled();
      await userEvent.click(whatsapp);
      expect(JSON.parse(http.history.post[0]?.data)).toEqual({ mobile_phone: '612345678', channel: 'whatsapp' });
      expect(await screen.findByText('Te hemos enviado un código nuevo.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Recibir el código por WhatsApp' })).toBeDisabled();
      expect(screen.getByText('Podrás pedir un código nuevo en 01:00')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  test('a resend failure shows the message with the support phone', async () => {
    http
      .onPost('/v2/user/resend_phone_confirmation_code')
      .reply(500, { errors: [{ message: 'Internal', property: 'request' }] });
    localStorage.setItem(timerKey('612345678'), String(Date.now() - 91_000));
    show(AuthConfirmScreen, { state });
    await userEvent.click(screen.getByRole('button', { name: 'Reenviar el código por SMS' }));
    expect(
      await screen.findByText('No hemos podido enviar el código. Llámanos al +34 900 000 000.'),
    ).toBeInTheDocument();
  });

  test('the change-phone modal goes back to /auth with the phone; not offered in an agent session', async () => {
    const navigate = show(AuthConfirmScreen, { state });
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar el número' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sí, cambiar el número' }));
    expect(navigate).toHaveBeenCalledWith('/auth', { state: { phone: '612345678' } });
  });

  test('no change-phone option in an agent session', () => {
    sessionStore.set(sessionIdAtom, 'agent');
    show(AuthConfirmScreen, { state });
    expect(screen.queryByRole('button', { name: 'Cambiar el número' })).not.toBeInTheDocument();
  });
});
