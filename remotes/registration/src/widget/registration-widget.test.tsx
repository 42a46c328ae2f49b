import {
  configureCaptcha,
  messages,
  type ScreenProps,
  sessionStore,
  setAccessToken,
  type UserResponse,
  userAtom,
} from '@credimo/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { mockApiPerTest, showScreen } from '../test-utils';
import { RegistrationWidget } from './RegistrationWidget';

const http = mockApiPerTest();
const APP = 'https://app.credimo.es';
const Widget = (props: ScreenProps) => <RegistrationWidget {...props} applyUrl={APP} />;

/** GET /v2/user of a customer who signed in; `profile` says how far the registration got. */
function customer(profile: 'none' | 'personal' | 'complete'): UserResponse {
  const address = {
    region: 'Madrid',
    city: 'Madrid',
    street: 'Calle Mayor',
    house: '1',
    flat: null,
    postcode: '28013',
  };
  return {
    id: '1',
    is_repeated: false,
    is_registered_by_agent: false,
    is_blacklisted: false,
    contacts: { mobile_phone: '612345678' },
    phone_confirmation: { is_phone_confirmed: true },
    // The API: 3 once registered (profile complete) without a loan.
    permissions: { is_blocked: false, authorization_status: profile === 'complete' ? 3 : 1 },
    personal_data:
      profile === 'none'
        ? null
        : {
            first_name: 'Ana',
            first_surname: 'García',
            personal_id: '12345678Z',
            expiration_date: '2031-01-01',
            nationality: 'ES',
            birthday: '1990-05-05',
            email: profile === 'complete' ? 'ana@example.es' : null,
          },
    addresses:
      profile === 'none'
        ? { actual_address: null, registration_address: null }
        : { actual_address: address, registration_address: address },
    employment:
      profile === 'complete'
        ? { employment_type_id: 2, education: 'university', has_current_loan: false, business_activity_id: null }
        : null,
    contact_phones: [],
    loan: null,
    loan_count: { all: 0, active: 0 },
    discounts: [],
    session: { kind: 'customer', actor: null },
  } as unknown as UserResponse;
}

describe('the inline registration on a WordPress page', () => {
  test('signed out it is the sign-in: bad input is answered in Spanish on the field, nothing is sent', async () => {
    const { container } = showScreen(Widget);
    await userEvent.type(screen.getByLabelText('Número de móvil'), '123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(messages.incorrectPhone)).toBeVisible();
    expect(http.current.history.post).toHaveLength(0);
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  test('phone, code and the personal data step all happen inside the widget, the page never leaves', async () => {
    http.current.onPost('/v2/user/login').reply(200, { resend_in: 90 }, { 'x-sms-code': '1234' });
    http.current.onPost('/v2/user/login_confirm').reply(200, { token: 'customer-token' });
    http.current.onPut('/v2/user/confirmations').reply(200, {});
    http.current.onGet('/v2/user').reply(200, customer('none'));
    http.current.onGet(/\/v2\/user\/(nationality|employment_type|education|business_activity)/).reply(200, []);
    http.current.onGet(/\/v2\/(regions|cities|streets)/).reply(200, { items: [], total: 0 });
    http.current.onGet('/v2/ocr_user').reply(200, {});
    const { navigate } = showScreen(Widget);
    await userEvent.type(screen.getByLabelText('Número de móvil'), '612345678');
    for (const box of screen.getAllByRole('checkbox'))
      if (!(box as HTMLInputElement).checked) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await userEvent.click(await screen.findByRole('button', { name: /Sí|Confirmar|Enviar/ }));
    await screen.findByRole('button', { name: 'Confirmar' });
    const code = document.querySelector('input[name="code"]') as HTMLInputElement;
    expect(JSON.parse(http.current.history.post[0]?.data ?? '{}').recaptcha_token).toMatch(/^sandbox\./);
    await userEvent.type(code, '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(document.querySelector('[data-widget-step]')).toHaveAttribute(
        'data-widget-step',
        'registrationPersonalData',
      ),
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  test("with a real site key in the app's config, the sign-in sends Google's token through the shared captcha", async () => {
    const execute = jest.fn(async () => 'google-token');
    (globalThis as { grecaptcha?: unknown }).grecaptcha = { ready: (run: () => void) => run(), execute };
    http.current.onPost('/v2/user/login').reply(200, { resend_in: 90 });
    showScreen((props) => <RegistrationWidget {...props} applyUrl={APP} recaptchaSiteKey="6Lc-real-key" />);
    await userEvent.type(screen.getByLabelText('Número de móvil'), '612345678');
    for (const box of screen.getAllByRole('checkbox'))
      if (!(box as HTMLInputElement).checked) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sí, enviar el código' }));
    // The shared captcha injects Google's api.js once a token is needed; jsdom loads nothing, so fire its load.
    const googleScript = () => document.querySelector('script[src^="https://www.google.com/recaptcha/api.js"]');
    await waitFor(() => expect(googleScript()).not.toBeNull());
    googleScript()?.dispatchEvent(new Event('load'));
    await screen.findByRole('button', { name: 'Confirmar' });
    expect(execute).toHaveBeenCalledWith('6Lc-real-key', { action: 'login' });
    googleScript()?.remove();
    expect(JSON.parse(http.current.history.post[0]?.data ?? '{}').recaptcha_token).toBe('google-token');
    delete (globalThis as { grecaptcha?: unknown }).grecaptcha;
    configureCaptcha(null);
  });

  test('with the profile complete the customer is handed to the app at the next step, with a one-time code', async () => {
    setAccessToken('customer-token');
    http.current.onGet('/v2/user').reply(200, customer('personal'));
    http.current.onGet(/\/v2\/user\/(nationality|employment_type|education|business_activity)/).reply(200, []);
    http.current.onPost('/v2/user/handoff').reply(200, { code: 'one-time-code' });
    const { navigate } = showScreen(Widget);
    // Signed in on arrival with personal data saved: the widget opens on the additional information step.
    await waitFor(() =>
      expect(document.querySelector('[data-widget-step]')).toHaveAttribute(
        'data-widget-step',
        'registrationAdditionalInformation',
      ),
    );
    // The step is saved (the user refresh the screen makes after saving): the redirect rules lead to the app.
    act(() => sessionStore.set(userAtom, customer('complete')));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`${APP}/auth/handoff?code=one-time-code&to=%2Faccount`));
    expect(String(navigate.mock.calls[0]?.[0])).not.toContain('customer-token');
  });

  test('signed in on arrival with nothing left for the widget: a way on to the app, no jump away', async () => {
    setAccessToken('customer-token');
    http.current.onGet('/v2/user').reply(200, customer('complete'));
    http.current.onPost('/v2/user/handoff').reply(200, { code: 'c2' });
    const { navigate } = showScreen(Widget);
    const go = await screen.findByRole('button', { name: 'Continuar en Credimo' });
    expect(navigate).not.toHaveBeenCalled();
    await userEvent.click(go);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`${APP}/auth/handoff?code=c2&to=%2Faccount`));
  });

  test('a hand-off the API refuses is said in Spanish and the customer can try again', async () => {
    setAccessToken('customer-token');
    http.current.onGet('/v2/user').reply(200, customer('complete'));
    http.current
      .onPost('/v2/user/handoff')
      .replyOnce(429, { errors: [{ message: messages.tooManyRequests, property: 'request' }] });
    http.current.onPost('/v2/user/handoff').reply(200, { code: 'c3' });
    const { navigate } = showScreen(Widget);
    await userEvent.click(await screen.findByRole('button', { name: 'Continuar en Credimo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.tooManyRequests);
    expect(navigate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Continuar en Credimo' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`${APP}/auth/handoff?code=c3&to=%2Faccount`));
  });

  test('when the automatic hand-off fails it is not retried in a loop: the customer continues with a button', async () => {
    setAccessToken('customer-token');
    http.current.onGet('/v2/user').reply(200, customer('personal'));
    http.current.onGet(/\/v2\/user\/(nationality|employment_type|education|business_activity)/).reply(200, []);
    http.current.onPost('/v2/user/handoff').replyOnce(500, {});
    http.current.onPost('/v2/user/handoff').reply(200, { code: 'c4' });
    const { navigate } = showScreen(Widget);
    await waitFor(() =>
      expect(document.querySelector('[data-widget-step]')).toHaveAttribute(
        'data-widget-step',
        'registrationAdditionalInformation',
      ),
    );
    act(() => sessionStore.set(userAtom, customer('complete')));
    const retry = await screen.findByRole('button', { name: 'Continuar en Credimo' });
    await new Promise((r) => setTimeout(r, 50));
    expect(http.current.history.post.filter((r) => r.url === '/v2/user/handoff')).toHaveLength(1);
    await userEvent.click(retry);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`${APP}/auth/handoff?code=c4&to=%2Faccount`));
  });
});
