import {
  accessTokenAtom,
  birthDateProblem,
  calls,
  configureApi,
  devFlags,
  formValidation,
  ibanProblem,
  idExpiryProblem,
  messages,
  NO_DEV_FLAGS,
  normaliseApiError,
  personalIdProblem,
  phoneProblem,
  readCookie,
  removeCookie,
  sessionStore,
  setDevFlag,
  writeCookie,
} from '@credimo/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parse } from 'date-fns';
import { useState } from 'react';
import { allowedApiOrigins, allowedApiUrl } from './api-url';
import { fillForms } from './autofill';
import DevMenu, { isToggleKey } from './DevMenu';
import { TEST_PLACES, testRegistrationValues } from './test-data';

jest.mock('../browser', () => ({ reloadPage: jest.fn() }));

const PROVINCES = ['Madrid', 'Barcelona', 'Sevilla', 'Zaragoza', 'Málaga', 'Bizkaia'];
const displayDate = (text: unknown) => parse(String(text), 'dd/MM/yyyy', new Date());

beforeEach(() => {
  removeCookie('devMenu');
  for (const name of Object.keys(NO_DEV_FLAGS) as Array<keyof typeof NO_DEV_FLAGS>) setDevFlag(name, false);
});

describe('the test-data autofill', () => {
  test('generates valid data: DNI with its letter, phone, IBAN, ages and ID expiry within the forms’ rules', () => {
    for (let run = 0; run < 200; run++) {
      const values = testRegistrationValues();
      expect(personalIdProblem(String(values.personal_id))).toBeNull();
      expect(phoneProblem(String(values.phone))).toBeNull();
      expect(phoneProblem(String(values.contact_phone_number))).toBeNull();
      expect(ibanProblem(String(values.iban))).toBeNull();
      expect(birthDateProblem(displayDate(values.birthday))).toBeNull();
      expect(idExpiryProblem(displayDate(values.expiry_date))).toBeNull();
      expect(values.email).toMatch(/^[a-z.0-9]+@example\.com$/);
    }
  });

  test('addresses are in real provinces, with their own postal code prefix', () => {
    for (const place of TEST_PLACES) {
      expect(PROVINCES).toContain(place.region);
      expect(place.postal_code).toMatch(/^\d{5}$/);
    }
    const values = testRegistrationValues(() => 0);
    expect(values['registration_address.region']).toBe('Madrid');
    expect(values['registration_address.postal_code']).toBe('28014');
  });

  test('fills a React form’s controlled fields, selects, radios and consents as typing would', async () => {
    const seen: Record<string, unknown> = {};
    function Form() {
      const [values, setValues] = useState({ first_name: '', personal_id: '', gender: '', education: '' });
      const [consent, setConsent] = useState(false);
      Object.assign(seen, values, { agreementTerms: consent });
      const change = (event: { target: { name: string; value: string } }) =>
        setValues((v) => ({ ...v, [event.target.name]: event.target.value }));
      return (
        <form>
          <input aria-label="Nombre" name="first_name" value={values.first_name} onChange={change} />
          <input aria-label="DNI" name="personal_id" value={values.personal_id} onChange={change} />
          <input aria-label="Mujer" type="radio" name="gender" value="female" onChange={change} />
          <input aria-label="Hombre" type="radio" name="gender" value="male" onChange={change} />
          <select aria-label="Estudios" name="education" value={values.education} onChange={change}>
            <option value="">Elige</option>
            <option value="university">Universidad</option>
          </select>
          <input
            aria-label="Condiciones"
            type="checkbox"
            name="agreementTerms"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
          />
        </form>
      );
    }
    render(<Form />);
    const values = testRegistrationValues();
    let filled = 0;
    act(() => {
      filled = fillForms(document, values);
    });
    expect(filled).toBe(5);
    expect(seen).toEqual({
      first_name: values.first_name,
      personal_id: values.personal_id,
      gender: values.gender,
      education: 'university',
      agreementTerms: true,
    });
  });
});

describe('the API URL override (cookie of 7 days) takes allow-listed APIs only', () => {
  const allowed = allowedApiOrigins({
    apiBaseUrl: 'http://localhost:8080',
    apiUrlAllowList: ['https://api.staging.credimo.es'],
  });

  test('the configured API and those listed in apiUrlAllowList', () => {
    expect(allowedApiUrl('https://api.staging.credimo.es/', allowed)).toBe('https://api.staging.credimo.es');
    expect(allowedApiUrl('http://localhost:8080', allowed)).toBe('http://localhost:8080');
  });

  test('anything else is refused: other origins, look-alikes, credentials, scripts', () => {
    for (const url of [
      'https://evil.example',
      'https://api.staging.credimo.es.evil.example',
      'https://user:pass@api.staging.credimo.es',
      'http://api.staging.credimo.es',
      'javascript:alert(1)',
      'localhost:8080',
    ]) {
      expect(allowedApiUrl(url, allowed)).toBeNull();
    }
  });
});

describe('the developer menu', () => {
  const props = { config: { apiBaseUrl: 'http://localhost:8080' }, apiInUse: 'http://localhost:8080' };

  test('the backtick or tilde key shows and hides it, remembered in its cookie; typed in a field it is text', async () => {
    render(
      <>
        <input aria-label="Texto" />
        <DevMenu {...props} />
      </>,
    );
    expect(screen.queryByRole('heading', { name: 'Menú de desarrollo' })).toBeNull();
    fireEvent.keyDown(document, { key: '`' });
    expect(screen.getByRole('heading', { name: 'Menú de desarrollo' })).toBeInTheDocument();
    expect(readCookie('devMenu')).toBe('open');
    fireEvent.keyDown(document, { key: '~' });
    expect(screen.queryByRole('heading', { name: 'Menú de desarrollo' })).toBeNull();
    expect(readCookie('devMenu')).toBeNull();
    expect(isToggleKey({ key: '`', target: screen.getByRole('textbox', { name: 'Texto' }) })).toBe(false);
  });

  test('opens by itself when its cookie says so; the flags switch stepper, validation, loan creation and liveness', async () => {
    writeCookie('devMenu', 'open');
    render(<DevMenu {...props} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Desactivar la creación de préstamos' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Desactivar los pasos del registro' }));
    expect(devFlags()).toEqual({ ...NO_DEV_FLAGS, createLoanDisabled: true, stepperDisabled: true });
    expect(JSON.parse(localStorage.getItem('credimo-dev-flags') ?? '{}')).toMatchObject({ createLoanDisabled: true });
    // Loan creation is refused while the flag is on, with a message the screens show.
    configureApi({ apiBaseUrl: 'http://api.test', wpBaseUrl: 'http://api.test' });
    const refused = await calls.createLoan({} as never).then(() => null, normaliseApiError);
    expect(refused?.message).toBe(messages.loanCreationDisabled);
    // Forms may have validation disabled by a flag (the registration forms ask formValidation).
    const schema = { rules: 'yup' };
    expect(formValidation(schema)).toBe(schema);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Desactivar la validación' }));
    expect(formValidation(schema)).toBeUndefined();
  });

  test('an API outside the allow-list is refused; token login signs in', async () => {
    writeCookie('devMenu', 'open');
    render(<DevMenu {...props} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'URL de la API' }), 'https://evil.example');
    await userEvent.click(screen.getByRole('button', { name: 'Usar esta API' }));
    expect(screen.getByText('Esta dirección no está en la lista permitida.')).toBeInTheDocument();
    expect(readCookie('devApiUrl')).toBeNull();
    const user = jest.spyOn(calls, 'user').mockResolvedValue({ id: '7', loan: null } as never);
    await userEvent.type(screen.getByRole('textbox', { name: 'Token de sesión' }), 'token-123');
    await userEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Sesión iniciada.')).toBeInTheDocument();
    expect(sessionStore.get(accessTokenAtom)).toBe('token-123');
    user.mockRestore();
  });
});
