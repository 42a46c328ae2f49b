import { loanAtom, sessionStore, userAtom } from '@credimo/shared';
import { customer } from '@credimo/shared/testing/customers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leaveTo } from './browser';
import { resetInbox } from './inbox';
import { PersonalInfoScreen } from './PersonalInfoScreen';
import { mockApiPerTest, showScreen } from './test-utils';

jest.mock('./browser', () => ({ leaveTo: jest.fn() }));

const http = mockApiPerTest();

const card = (id: string, is_default: boolean) => ({
  id,
  pan: `411111******${id.padStart(4, '0')}`,
  holder: 'ANA GARCIA',
  expiry_month: 4,
  expiry_year: 2029,
  is_default,
});

beforeEach(() => {
  resetInbox();
  sessionStore.set(userAtom, customer(null));
  sessionStore.set(loanAtom, null);
  http.current.onGet('/v2/notifications/inbox').reply(200, []);
});

describe('/account/personal_info', () => {
  test('full name, email, DNI/NIE and phone', async () => {
    http.current.onGet('/v2/user/payment_cards').reply(200, []);
    showScreen(PersonalInfoScreen, { screen: 'accountPersonalInfo' });
    expect(screen.getByText('Nombre completo').nextSibling).toHaveTextContent('Ana García López');
    expect(screen.getByText('Correo electrónico').nextSibling).toHaveTextContent('ana@example.es');
    expect(screen.getByText('DNI/NIE').nextSibling).toHaveTextContent('12345678Z');
    expect(screen.getByText('Teléfono').nextSibling).toHaveTextContent('612 34 56 78');
    expect(await screen.findByText('No tienes tarjetas guardadas.')).toBeInTheDocument();
  });

  test('saved cards: set another as default, validate one, add one through the acquirer', async () => {
    http.current
      .onGet('/v2/user/payment_cards')
      .replyOnce(200, [card('1', true), card('2', false)])
      .onGet('/v2/user/payment_cards')
      .reply(200, [card('2', true), card('1', false)]);
    http.current.onPut('/v2/user/payment_card/2').reply(200, []);
    http.current.onGet('/v2/user/payment_card/1/validate').reply(200, { valid: true, reason: null });
    http.current
      .onPost('/v2/user/payment_card')
      .reply(201, { request_id: 'r', status: 'New', url: '/sandbox/card?r=1' });
    showScreen(PersonalInfoScreen, { screen: 'accountPersonalInfo' });
    const cards = await screen.findByRole('region', { name: 'Tus tarjetas' });
    expect(await within(cards).findByText('Tarjeta 411111******0001')).toBeInTheDocument();
    await userEvent.click(within(cards).getByRole('button', { name: 'Usar como principal: Tarjeta 411111******0002' }));
    await waitFor(() =>
      expect(
        within(cards).getByRole('button', { name: 'Usar como principal: Tarjeta 411111******0001' }),
      ).toBeEnabled(),
    );
    expect(http.current.history.put).toHaveLength(1);
    await userEvent.click(within(cards).getByRole('button', { name: 'Comprobar tarjeta: Tarjeta 411111******0001' }));
    expect(await within(cards).findByText('La tarjeta es válida para el pago automático.')).toBeInTheDocument();
    await userEvent.click(within(cards).getByRole('button', { name: 'Añadir tarjeta' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('http://api.test/sandbox/card?r=1'));
  });

  test('a card that cannot carry auto-debit says why', async () => {
    http.current.onGet('/v2/user/payment_cards').reply(200, [card('1', true)]);
    http.current
      .onGet('/v2/user/payment_card/1/validate')
      .reply(200, { valid: false, reason: 'La tarjeta caduca en menos de 3 meses' });
    showScreen(PersonalInfoScreen, { screen: 'accountPersonalInfo' });
    await userEvent.click(await screen.findByRole('button', { name: 'Comprobar tarjeta: Tarjeta 411111******0001' }));
    expect(await screen.findByText('La tarjeta caduca en menos de 3 meses')).toBeInTheDocument();
  });
});
