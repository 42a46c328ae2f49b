import { accessTokenAtom, messages, sessionStore, type UserResponse, userAtom } from '@credimo/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApiPerTest, showScreen } from '../test-utils';
import { newPhoneProblem, PhoneConfirmationScreen } from './PhoneConfirmationScreen';

const http = mockApiPerTest();

function signedIn(kind: 'customer' | 'agent' | 'admin' = 'customer', phone = '612345678') {
  const user = {
    id: '1',
    contacts: { mobile_phone: phone },
    phone_confirmation: { is_phone_confirmed: true },
    permissions: { is_blocked: false, authorization_status: 3 },
    session: { kind, actor: kind === 'customer' ? null : 'laura' },
  } as unknown as UserResponse;
  sessionStore.set(accessTokenAtom, 'token');
  sessionStore.set(userAtom, user);
  return user;
}

async function askForNewPhone(phone: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Cambiar el número' }));
  const dialog = screen.getByRole('dialog', { name: 'Cambiar el número de móvil' });
  await userEvent.type(within(dialog).getByLabelText('Número nuevo'), phone);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar el código' }));
  return dialog;
}

describe('/registration/step2: the phone and the change-phone modal', () => {
  test('a new phone follows the phone rule and differs from the registered one', () => {
    expect(newPhoneProblem('123456789', '612345678')).toBe('incorrectPhone');
    expect(newPhoneProblem('612 34 56 78', '612345678')).toBe('fieldPhoneNumberEqualRegistration');
    expect(newPhoneProblem('634567812', '612345678')).toBeNull();
  });

  test('without a session it sends the visitor to sign in', () => {
    const { navigate } = showScreen(PhoneConfirmationScreen);
    expect(navigate).toHaveBeenCalledWith('/auth', { replace: true });
  });

  test('the registered phone is refused as the new one, on the field, and nothing is sent', async () => {
    signedIn();
    showScreen(PhoneConfirmationScreen);
    expect(screen.getByText('+34 612 34 56 78')).toBeInTheDocument();
    await askForNewPhone('612345678');
    expect(await screen.findByText(messages.fieldPhoneNumberEqualRegistration)).toBeInTheDocument();
    expect(http.current.history.put).toHaveLength(0);
  });

  test('PUT change_phone sends a code to the new phone and one to the current; both confirm the move', async () => {
    signedIn();
    http.current
      .onPut('/v2/user/change_phone')
      .reply(200, { resend_in: 90 }, { 'x-sms-code': '4321', 'x-sms-code-current': '8765' });
    http.current.onPut('/v2/user/phone_confirmation').reply(200, {});
    http.current.onGet('/v2/user').reply(200, { ...signedIn(), contacts: { mobile_phone: '634567812' } });
    showScreen(PhoneConfirmationScreen);
    await askForNewPhone('634567812');
    expect(await screen.findByRole('heading', { name: 'Confirma tu número nuevo' })).toBeInTheDocument();
    expect(JSON.parse(http.current.history.put[0]?.data)).toEqual({ mobile_phone: '634567812' });
    expect(screen.getByText('Modo de pruebas: tu código es 4321')).toBeInTheDocument();
    expect(screen.getByText('Modo de pruebas: el código de tu número actual es 8765')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Código de 4 cifras'), '4321');
    await userEvent.type(screen.getByLabelText('Código enviado a tu número actual'), '8765');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Hemos cambiado tu número de móvil.')).toBeInTheDocument();
    expect(JSON.parse(http.current.history.put[1]?.data)).toEqual({ code: '4321', current_phone_code: '8765' });
    expect(screen.getByText('+34 634 56 78 12')).toBeInTheDocument();
  });

  test('a phone that has an account (HTTP 422) logs out and goes to sign in with that phone', async () => {
    signedIn();
    http.current
      .onPut('/v2/user/change_phone')
      .reply(422, { errors: [{ message: messages.phoneInUse, property: 'mobile_phone' }] });
    const { navigate } = showScreen(PhoneConfirmationScreen);
    await askForNewPhone('634567812');
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/auth', { replace: true, state: { phone: '634567812' } }),
    );
    expect(sessionStore.get(accessTokenAtom)).toBeNull();
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  test.each(['agent', 'admin'] as const)('an %s session is not offered the change of phone', (kind) => {
    signedIn(kind);
    showScreen(PhoneConfirmationScreen);
    expect(screen.getByText('+34 612 34 56 78')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cambiar el número' })).not.toBeInTheDocument();
  });
});
