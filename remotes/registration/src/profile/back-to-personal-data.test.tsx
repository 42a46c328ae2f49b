import { sessionStore, type UserResponse, userAtom } from '@credimo/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApiPerTest, showScreen } from '../test-utils';
import { PersonalDataScreen } from './PersonalDataScreen';

const http = mockApiPerTest();

const address = {
  postal_code: '28014',
  region: 'Madrid',
  city: 'Madrid',
  street: 'Calle de Alcalá',
  house: '1',
  block: null,
  apartment: null,
};

const withPersonalData: UserResponse = {
  id: '1',
  is_repeated: false,
  is_registered_by_agent: false,
  is_blacklisted: false,
  contacts: { mobile_phone: '612345678' },
  phone_confirmation: { is_phone_confirmed: true },
  permissions: { is_blocked: false, authorization_status: 1 },
  personal_data: {
    first_name: 'Ana',
    first_surname: 'García',
    second_surname: null,
    personal_id: '12345678Z',
    expiration_date: '2031-01-01',
    nationality: 'ES',
    birthday: '1990-05-05',
    gender: 'female',
    email: null,
  },
  addresses: { actual_address: address, registration_address: address },
  employment: null,
  contact_phones: [],
  loan: null,
  loan_count: { all: 0, active: 0 },
  discounts: [],
  session: { kind: 'customer', actor: null },
};

beforeEach(() => {
  http.current.onGet('/v2/user/nationality').reply(200, [{ id: 'ES', name: 'España' }]);
  http.current
    .onGet(/\/v2\/(regions|cities|streets)/)
    .reply(200, { items: [], current_page_number: 1, pages_count: 1 });
});

describe('additional information has a back button to personal data', () => {
  test('personal data opens filled with what the customer gave, dates as dd/MM/yyyy', async () => {
    sessionStore.set(userAtom, withPersonalData);
    showScreen(PersonalDataScreen);
    expect(screen.getByLabelText('Nombre')).toHaveValue('Ana');
    expect(screen.getByLabelText('Primer apellido')).toHaveValue('García');
    expect(screen.getByLabelText('DNI o NIE')).toHaveValue('12345678Z');
    expect(screen.getByLabelText('Caducidad del documento')).toHaveValue('01/01/2031');
    expect(screen.getByLabelText('Fecha de nacimiento')).toHaveValue('05/05/1990');
    expect(screen.getByLabelText('Mujer')).toBeChecked();
    expect(screen.getByLabelText('Calle')).toHaveValue('Calle de Alcalá');
    expect(screen.getByLabelText('Vivo en esta misma dirección')).toBeChecked();
  });

  test('a correction is sent with the rest of the data kept', async () => {
    sessionStore.set(userAtom, withPersonalData);
    http.current.onPut('/v2/user/personal_data_and_address').reply(200, {});
    http.current.onGet('/v2/user').reply(200, withPersonalData);
    const { navigate } = showScreen(PersonalDataScreen);
    await userEvent.clear(screen.getByLabelText('Nombre'));
    await userEvent.type(screen.getByLabelText('Nombre'), 'Ana María');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const body = JSON.parse(http.current.history.put[0]?.data ?? '{}');
    expect(body).toMatchObject({ first_name: 'Ana María', personal_id: '12345678Z', birthday: '1990-05-05' });
    expect(navigate).toHaveBeenCalledWith('/registration/additional-information');
  });
});
