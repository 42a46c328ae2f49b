import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';

/** The token the app makes in sandbox mode (shared/src/domain/captcha.ts), as the browser would send it. */
const sandboxCaptchaToken = () => `sandbox.${randomBytes(16).toString('hex')}`;

const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** A valid DNI from the digits of a phone, so each test customer has their own. */
export const dniFor = (phone: string) => {
  const digits = phone.slice(-8).padStart(8, '0');
  return `${digits}${LETTERS[Number(digits) % 23]}`;
};

const send = (apiUrl: string, method: string, path: string, body: unknown, token?: string) =>
  fetch(`${apiUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** Signs a customer in through the API with the sandbox code, as the sign-in screens do. */
export async function signInThroughApi(apiUrl: string, phone: string): Promise<string> {
  const sent = await send(apiUrl, 'POST', '/v2/user/login', {
    recaptcha_token: sandboxCaptchaToken(),
    mobile_phone: phone,
  });
  const code = sent.headers.get('x-sms-code');
  if (!sent.ok || !code) throw new Error(`no sandbox code for ${phone}: ${sent.status}`);
  const confirmed = await send(apiUrl, 'POST', '/v2/user/login_confirm', { mobile_phone: phone, code });
  const { token } = (await confirmed.json()) as { token?: string };
  if (!token) throw new Error(`sign-in failed for ${phone}`);
  return token;
}

/** An admin's support session from an operator's admin link (npm run ops -- admin-link), as /account/auth opens it. */
export async function adminSessionThroughApi(apiUrl: string, adminLink: string): Promise<string> {
  const link = new URL(adminLink);
  const opened = await send(apiUrl, 'POST', '/v2/admin/login_as', {
    api_key: link.searchParams.get('apikey'),
    admin_username: link.searchParams.get('adminUsername'),
  });
  const { token } = (await opened.json()) as { token?: string };
  if (!opened.ok || !token) throw new Error(`the admin link was refused: ${opened.status}`);
  return token;
}

/** Fills in a customer's registration through the API, so account pages open for them. */
export async function completeRegistration(
  apiUrl: string,
  token: string,
  phone: string,
  { email = 'ana@credimo.es' }: { email?: string } = {},
): Promise<void> {
  const address = { postal_code: '28014', region: 'Madrid', city: 'Madrid', street: 'Calle de Alcalá', house: '1' };
  const steps: Array<[string, unknown]> = [
    [
      '/v2/user/personal_data_and_address',
      {
        first_name: 'Ana',
        first_surname: 'García',
        personal_id: dniFor(phone),
        expiry_date: '2031-01-01',
        nationality: 'ES',
        birthday: '1990-05-05',
        gender: 'female',
        registration_address: address,
        is_actual_address: true,
      },
    ],
    [
      '/v2/user/additional_data',
      {
        employment_type_id: 4,
        education: 'university',
        has_current_loan: false,
        email,
        contact_type: 56,
        contact_phone_number: '634567812',
      },
    ],
  ];
  for (const [path, body] of steps) {
    const response = await send(apiUrl, 'PUT', path, body, token);
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  }
}

/**
 * The code screen, as the customer goes through it: the sandbox shows the code on the page ("Modo de pruebas"),
 * which is typed into the field and confirmed.
 */
export async function confirmSandboxCode(page: Page, onScreen?: () => Promise<void>): Promise<void> {
  await page.waitForURL(/\/auth\/confirm$/);
  const code = (await page.getByText(/Modo de pruebas: tu código es \d{4}/).textContent())?.match(/\d{4}/)?.[0];
  // A test's own look at the screen (its accessibility, say) before the code is typed.
  await onScreen?.();
  await page.getByLabel('Código de 4 cifras').fill(code ?? '');
  await page.getByRole('button', { name: 'Confirmar' }).click();
}

/**
 * Signs a customer in as they do: the sign-in page (where WordPress's "Solicitar" sends them, with its choice in
 * `query`), their phone, the consents, the code the sandbox shows on the code screen. `onForm` is a test's own look
 * at the filled-in form before it is sent.
 */
export async function signInThroughPages(
  page: Page,
  appUrl: string,
  phone: string,
  { query = '', onForm }: { query?: string; onForm?: () => Promise<void> } = {},
): Promise<void> {
  await page.goto(`${appUrl}/auth${query}`);
  await page.getByLabel('Número de móvil').fill(phone);
  await page.getByLabel('Aceptar todo').check();
  await onForm?.();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Sí, enviar el código' }).click();
  await confirmSandboxCode(page);
}
