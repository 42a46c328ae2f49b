import type { Locator, Page } from 'playwright-core';
import { dniFor } from './session';

/** Types a person's identity and registration address into the personal-data fields, as a customer would. */
export async function fillIdentityAndAddress(
  page: Page | Locator,
  person: { name: string; surname: string; id: string; expiry: string; birthday: string; gender: 'Mujer' | 'Hombre' },
  address: { postalCode: string; province: string; city: string; street: string; number: string },
) {
  await page.getByLabel('Nombre', { exact: true }).fill(person.name);
  await page.getByLabel('Primer apellido').fill(person.surname);
  await page.getByLabel('DNI o NIE').fill(person.id);
  await page.getByLabel('Caducidad del documento').fill(person.expiry);
  await page.getByLabel('Fecha de nacimiento').fill(person.birthday);
  await page.getByLabel(person.gender).dispatchEvent('click');
  await page.getByLabel('Código postal').fill(address.postalCode);
  await page.getByLabel('Provincia').fill(address.province);
  await page.getByLabel('Municipio').fill(address.city);
  await page.getByLabel('Calle').fill(address.street);
  await page.getByLabel('Número', { exact: true }).fill(address.number);
}

/** Types a retired customer's additional information, with a friend as the contact, as a customer would. */
export async function fillRetiredAdditionalInformation(page: Page | Locator, email: string) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Situación laboral').selectOption({ label: 'Jubilado' });
  await page.getByLabel('Estudios').selectOption({ label: 'Bachillerato' });
  await page.getByLabel('¿Tienes ahora otro préstamo?').selectOption({ label: 'No' });
  await page.getByLabel('Relación').selectOption({ label: 'Amigo/amiga' });
  await page.getByLabel('Nombre del contacto').fill('Eva');
  await page.getByLabel('Teléfono del contacto').fill('634 56 78 13');
}

/**
 * A new customer's two registration steps after sign-in, through their pages: personal data (a DNI of their own,
 * from their phone), then additional information as a retired customer (with another loan if `otherLoan`).
 */
export async function registerThroughPages(
  page: Page,
  phone: string,
  email = 'ana@credimo.es',
  { otherLoan = false }: { otherLoan?: boolean } = {},
) {
  await page.waitForURL(/\/registration\/personal-data$/);
  await fillAnasProfile(page, phone, email, otherLoan);
  await page.waitForURL((url) => !url.pathname.endsWith('/registration/additional-information'), { timeout: 30_000 });
}

/** Ana's two registration steps on `where` (the app's page, or a WordPress page's widget), each sent. */
async function fillAnasProfile(where: Page | Locator, phone: string, email: string, otherLoan = false) {
  await fillIdentityAndAddress(
    where,
    {
      name: 'Ana',
      surname: 'García',
      id: dniFor(phone),
      expiry: '01/01/2031',
      birthday: '05/05/1990',
      gender: 'Mujer',
    },
    { postalCode: '28014', province: 'Madrid', city: 'Madrid', street: 'Calle de Alcalá', number: '1' },
  );
  await where.getByRole('button', { name: 'Continuar' }).click();
  await where.getByRole('heading', { name: 'Información adicional' }).waitFor();
  await fillRetiredAdditionalInformation(where, email);
  // Another loan declared: the sandbox's engine sends the application to manual verification.
  if (otherLoan) await where.getByLabel('¿Tienes ahora otro préstamo?').selectOption({ label: 'Sí' });
  await where.getByRole('button', { name: 'Continuar' }).click();
}

/**
 * A visitor signs in and registers in a WordPress page's registration widget (`/registro/`), as
 * wordpress-widgets.test.ts's first test does with its checks: the phone, the consents, the sandbox's code, Ana's
 * profile. The widget then hands the customer to the app, signed in there too, on their account.
 */
export async function registerOnWordPress(page: Page, wordpressUrl: string, appUrl: string, phone: string) {
  await page.goto(`${wordpressUrl}/registro/`, { waitUntil: 'domcontentloaded' });
  const widget = page.locator('[data-credimo-widget="registration"]');
  await widget.getByLabel('Número de móvil').fill(phone);
  await widget.getByLabel('Aceptar todo').dispatchEvent('click');
  await widget.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Sí, enviar el código' }).click();
  const shown = await widget.getByText(/Modo de pruebas: tu código es \d{4}/).textContent();
  await widget.locator('input[name="code"]').fill(shown?.match(/\d{4}/)?.[0] ?? '');
  await widget.getByRole('button', { name: 'Confirmar' }).click();
  await widget.getByRole('heading', { name: 'Tus datos personales' }).waitFor();
  await fillAnasProfile(widget, phone, 'ana@credimo.es');
  await page.waitForURL(`${appUrl}/account`, { timeout: 30_000 });
}
