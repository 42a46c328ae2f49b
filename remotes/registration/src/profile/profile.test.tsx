import { compactPrices, messages, sessionStore, storeChoice, type UserResponse, userAtom } from '@credimo/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApiPerTest, showScreen } from '../test-utils';
import { AdditionalInformationScreen } from './AdditionalInformationScreen';
import { DynamicScreen, missingData } from './DynamicScreen';
import { PersonalDataScreen } from './PersonalDataScreen';

const http = mockApiPerTest();
const emptyPage = { items: [], current_page_number: 1, pages_count: 1 };

beforeEach(() => {
  http.current.onGet('/v2/user/nationality').reply(200, [
    { id: 'ES', name: 'España' },
    { id: 'FR', name: 'Francia' },
  ]);
  http.current.onGet('/v2/user/employment_type').reply(200, [
    { id: 1, name: 'Trabajador por cuenta ajena' },
    { id: 3, name: 'Autónomo' },
    { id: 4, name: 'Jubilado' },
  ]);
  http.current.onGet('/v2/user/education').reply(200, [{ id: 'university', name: 'Universidad' }]);
  http.current.onGet('/v2/user/business_activity').reply(200, [{ id: 4, name: 'Comercio' }]);
  http.current.onGet(/\/v2\/(regions|cities|streets)/).reply(200, emptyPage);
});

/** A customer as GET /v2/user answers after sign-in, with the given parts of the profile already in. */
function customer(parts: Partial<UserResponse> = {}): UserResponse {
  return {
    id: '1',
    is_repeated: false,
    is_registered_by_agent: false,
    is_blacklisted: false,
    contacts: { mobile_phone: '612345678' },
    phone_confirmation: { is_phone_confirmed: true },
    permissions: { is_blocked: false, authorization_status: 1 },
    personal_data: null,
    addresses: { actual_address: null, registration_address: null },
    employment: null,
    contact_phones: [],
    loan: null,
    loan_count: { all: 0, active: 0 },
    discounts: [],
    session: { kind: 'customer', actor: null },
    ...parts,
  };
}
const personal = {
  first_name: 'Ana',
  first_surname: 'García',
  second_surname: null,
  personal_id: '12345678Z',
  expiration_date: '2031-01-01',
  nationality: 'ES',
  birthday: '1990-05-05',
  gender: 'female',
  email: null,
};
const address = {
  postal_code: '28014',
  region: 'Madrid',
  city: 'Madrid',
  street: 'Calle de Alcalá',
  house: '1',
  block: null,
  apartment: null,
};

const type = (label: string, text: string) => userEvent.type(screen.getByLabelText(label), text);
/** Digits one key at a time, as on a phone's numeric keypad: each key lands at the end of what is shown. */
async function typeOnKeypad(label: string, digits: string) {
  for (const digit of digits) await userEvent.type(screen.getByLabelText(label), digit);
}
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Continuar' }));

async function fillIdentity() {
  await type('Nombre', 'Ana');
  await type('Primer apellido', 'García');
  await type('DNI o NIE', '12345678Z');
  await type('Caducidad del documento', '01/01/2031');
  await type('Fecha de nacimiento', '05/05/1990');
  await userEvent.click(screen.getByLabelText('Mujer'));
}

async function fillAddress() {
  await type('Código postal', '28014');
  await type('Provincia', 'Madrid');
  await type('Municipio', 'Madrid');
  await type('Calle', 'Calle de Alcalá');
  await type('Número', '1');
}

/** Additional information of a retired customer with a friend as contact person. */
async function fillRetiredWithContact() {
  await type('Correo electrónico', 'ana@credimo.es');
  await screen.findByRole('option', { name: 'Jubilado' });
  await userEvent.selectOptions(screen.getByLabelText('Situación laboral'), '4');
  await userEvent.selectOptions(screen.getByLabelText('Estudios'), 'university');
  await userEvent.selectOptions(screen.getByLabelText('¿Tienes ahora otro préstamo?'), 'no');
  await userEvent.selectOptions(screen.getByLabelText('Relación'), '7');
  await type('Nombre del contacto', 'Luis');
  await type('Teléfono del contacto', '634567812');
}

describe('personal data (/registration/personal-data)', () => {
  test('an empty form shows the Spanish messages on the fields and sends nothing', async () => {
    showScreen(PersonalDataScreen);
    await submit();
    expect((await screen.findAllByText(messages.fieldRequired)).length).toBeGreaterThan(3);
    expect(http.current.history.put).toHaveLength(0);
  });

  test('shows the number signed in with, and a wrong one is changed on the phone step before anything is written', async () => {
    sessionStore.set(userAtom, customer());
    const { navigate } = showScreen(PersonalDataScreen);
    expect(screen.getByText(/Tu número de móvil: \+34 612 34 56 78/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Cambiar el número' }));
    expect(navigate).toHaveBeenCalledWith('/registration/step2');
    expect(http.current.history.put).toHaveLength(0);
  });

  test('a DNI with the wrong control letter is refused on its field', async () => {
    showScreen(PersonalDataScreen);
    await type('DNI o NIE', '12345678A');
    await submit();
    expect(await screen.findByText(messages.incorrectData)).toBeInTheDocument();
    expect(screen.getByLabelText('DNI o NIE')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a valid form is saved with wire dates, the actual address copied, and leads to additional information', async () => {
    http.current.onPut('/v2/user/personal_data_and_address').reply(200, {});
    http.current.onGet('/v2/user').reply(200, customer({ personal_data: personal }));
    const { navigate } = showScreen(PersonalDataScreen);
    await fillIdentity();
    await fillAddress();
    await submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/registration/additional-information'));
    const body = JSON.parse(http.current.history.put[0]?.data);
    expect(body).toMatchObject({
      personal_id: '12345678Z',
      expiry_date: '2031-01-01',
      birthday: '1990-05-05',
      gender: 'female',
      nationality: 'ES',
      is_actual_address: true,
      registration_address: { postal_code: '28014', region: 'Madrid', street: 'Calle de Alcalá', house: '1' },
    });
    expect(body.actual_address).toBeUndefined();
  });

  test('dates typed as digits alone, as on a phone keypad without "/", read dd/mm/aaaa and are saved', async () => {
    http.current.onPut('/v2/user/personal_data_and_address').reply(200, {});
    http.current.onGet('/v2/user').reply(200, customer({ personal_data: personal }));
    const { navigate } = showScreen(PersonalDataScreen);
    await type('Nombre', 'Ana');
    await type('Primer apellido', 'García');
    await type('DNI o NIE', '12345678Z');
    await typeOnKeypad('Caducidad del documento', '15062030');
    await typeOnKeypad('Fecha de nacimiento', '05051990');
    await userEvent.click(screen.getByLabelText('Mujer'));
    expect(screen.getByLabelText('Caducidad del documento')).toHaveValue('15/06/2030');
    expect(screen.getByLabelText('Caducidad del documento')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Fecha de nacimiento')).toHaveValue('05/05/1990');
    await fillAddress();
    await submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/registration/additional-information'));
    expect(screen.queryByText(messages.incorrectDate)).not.toBeInTheDocument();
    expect(JSON.parse(http.current.history.put[0]?.data)).toMatchObject({
      expiry_date: '2030-06-15',
      birthday: '1990-05-05',
    });
  }, 30_000);

  test('a date that names no day is refused as "Fecha no válida" on its field', async () => {
    showScreen(PersonalDataScreen);
    await typeOnKeypad('Fecha de nacimiento', '31021990');
    await submit();
    expect(screen.getByLabelText('Fecha de nacimiento')).toHaveValue('31/02/1990');
    expect(await screen.findByText('Fecha no válida')).toBeInTheDocument();
    expect(screen.getByLabelText('Fecha de nacimiento')).toHaveAttribute('aria-invalid', 'true');
  }, 30_000);

  test('a DNI registered to someone else opens the duplicate modal', async () => {
    http.current
      .onPut('/v2/user/personal_data_and_address')
      .reply(422, { errors: [{ message: messages.duplicatePersonalId, property: 'personal_id' }] });
    showScreen(PersonalDataScreen);
    await fillIdentity();
    await fillAddress();
    await submit();
    expect(await screen.findByRole('dialog', { name: messages.duplicatePersonalId })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });
});

describe('additional information (/registration/additional-information)', () => {
  test('employed asks activity, company, position and start date; self-employed no company; retired none', async () => {
    showScreen(AdditionalInformationScreen);
    const situation = await screen.findByLabelText('Situación laboral');
    await screen.findByRole('option', { name: 'Autónomo' });
    await userEvent.selectOptions(situation, '1');
    expect(screen.getByLabelText('Empresa')).toBeInTheDocument();
    expect(screen.getByLabelText('Sector de actividad')).toBeInTheDocument();
    await userEvent.selectOptions(situation, '3');
    expect(screen.queryByLabelText('Empresa')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Puesto')).toBeInTheDocument();
    await userEvent.selectOptions(situation, '4');
    expect(screen.queryByLabelText('Puesto')).not.toBeInTheDocument();
  });

  test("the contact's phone must differ from a valid phone, and a bad e-mail is named", async () => {
    showScreen(AdditionalInformationScreen);
    await type('Correo electrónico', 'ana@');
    await type('Teléfono del contacto', '123456789');
    await submit();
    expect(await screen.findByText(messages.incorrectEmail)).toBeInTheDocument();
    expect(screen.getByText(messages.incorrectPhone)).toBeInTheDocument();
    expect(http.current.history.put).toHaveLength(0);
  });

  test('the contact name shows, and is required, only for the contact types that need one', async () => {
    http.current.onPut('/v2/user/additional_data').reply(200, {});
    http.current.onGet('/v2/user').reply(200, customer());
    showScreen(AdditionalInformationScreen);
    await fillRetiredWithContact();
    await userEvent.clear(screen.getByLabelText('Nombre del contacto'));
    await submit();
    expect(await screen.findByText(messages.fieldRequired)).toBeInTheDocument();
    expect(http.current.history.put).toHaveLength(0);
    // A mother is named by the relation itself: no name is asked, and none is sent.
    await userEvent.selectOptions(screen.getByLabelText('Relación'), '56');
    expect(screen.queryByLabelText('Nombre del contacto')).not.toBeInTheDocument();
    await submit();
    await waitFor(() => expect(http.current.history.put).toHaveLength(1));
    const body = JSON.parse(http.current.history.put[0]?.data);
    expect(body).toMatchObject({ contact_type: 56, contact_phone_number: '634567812' });
    expect(body.contact_name).toBeUndefined();
  }, 15_000);

  test('a valid form is saved and the user refreshed, so the redirect rules lead on; "Atrás" returns', async () => {
    http.current.onPut('/v2/user/additional_data').reply(200, {});
    http.current
      .onGet('/v2/user')
      .reply(200, customer({ permissions: { is_blocked: false, authorization_status: 3 } }));
    const { navigate } = showScreen(AdditionalInformationScreen);
    await fillRetiredWithContact();
    await submit();
    await waitFor(() => expect(sessionStore.get(userAtom)?.permissions.authorization_status).toBe(3));
    expect(http.current.history.post).toHaveLength(0);
    expect(JSON.parse(http.current.history.put[0]?.data)).toEqual({
      email: 'ana@credimo.es',
      employment_type_id: 4,
      education: 'university',
      has_current_loan: false,
      contact_type: 7,
      contact_name: 'Luis',
      contact_phone_number: '634567812',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(navigate).toHaveBeenCalledWith('/registration/personal-data');
  });
});

describe('the dynamic step (/registration/completing)', () => {
  test('knows what is missing: nothing of a finished profile but the consents', () => {
    const finished = customer({
      personal_data: { ...personal, email: 'ana@credimo.es' },
      addresses: { actual_address: address, registration_address: address },
      employment: {
        employment_type_id: 4,
        education: 'university',
        has_current_loan: false,
        business_activity_id: null,
        company_name: null,
        position: null,
        employment_date: null,
        income_amount: null,
        income_date: null,
      },
      contact_phones: [{ contact_type: 7, comment: 'Luis', number: '634567812' }],
    });
    expect(missingData(finished)).toEqual({
      identity: [],
      registrationAddress: false,
      actualAddress: false,
      employment: false,
      contact: false,
    });
    expect(missingData(customer()).identity).toHaveLength(8);
  });

  test('with personal data in, asks only employment, contact and consents; saves them and goes on', async () => {
    sessionStore.set(
      userAtom,
      customer({ personal_data: personal, addresses: { actual_address: address, registration_address: address } }),
    );
    http.current.onGet('/v2/ocr_user').reply(200, null);
    http.current.onPut('/v2/user/additional_data').reply(200, {});
    http.current.onPut('/v2/user/confirmations').reply(200, {});
    http.current.onGet('/v2/user').reply(200, customer());
    // A choice made earlier in the calculator: completing the profile creates the application, once.
    storeChoice({ productId: 1, amount: 30000, term: 15 }, null);
    http.current.onGet('/v2/products/1/prices').reply(
      200,
      compactPrices({
        '15': {
          '30000': { is_free: true, commissions: { total: 0, original_total: 4950 }, return_amount: 30000, tae: 0 },
        },
      }),
    );
    http.current.onGet('/api/products/1/settings').reply(200, { calculator: {} });
    http.current.onPost('/v2/loan').reply(201, { id: '9', status: 0 });
    showScreen(DynamicScreen);
    await screen.findByRole('heading', { name: 'Completa tu solicitud' });
    expect(screen.queryByLabelText('DNI o NIE')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Código postal')).not.toBeInTheDocument();
    await submit();
    expect(await screen.findAllByText(messages.checkboxFieldRequired)).toHaveLength(2);
    await fillRetiredWithContact();
    await userEvent.click(screen.getByLabelText('Aceptar todo'));
    await submit();
    await waitFor(() => expect(http.current.history.post).toHaveLength(1));
    expect(http.current.history.put.map((r) => r.url)).toEqual(['/v2/user/additional_data', '/v2/user/confirmations']);
    expect(JSON.parse(http.current.history.post[0]?.data)).toMatchObject({ loan_period: 15, loan_sum: 30000 });
    expect(JSON.parse(http.current.history.put[1]?.data)).toEqual({
      all_confirmations: true,
      receiveInformation: true,
    });
  });

  test('prefills the identity from GET /v2/ocr_user and sends known and new data together', async () => {
    sessionStore.set(userAtom, customer());
    http.current.onGet('/v2/ocr_user').reply(200, {
      first_name: 'Ana',
      first_surname: 'García',
      second_surname: null,
      personal_id: '12345678Z',
      birthday: '1990-05-05',
      expiry_date: '2031-01-01',
    });
    showScreen(DynamicScreen);
    expect(await screen.findByLabelText('Nombre')).toHaveValue('Ana');
    expect(screen.getByLabelText('Fecha de nacimiento')).toHaveValue('05/05/1990');
    expect(screen.getByLabelText('Correo electrónico')).toBeInTheDocument();
  });
});
