import type { Page } from 'playwright-core';
import { dniFor } from './session';

/** Types a person's identity and registration address into the personal-data fields, as a customer would. */
export async function fillIdentityAndAddress(
  page: Page,
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
export async function fillRetiredAdditionalInformation(page: Page, email: string) {
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
 * from their phone), then additional information as a retired customer.
 */
export async function registerThroughPages(page: Page, phone: string, email = 'ana@credimo.es') {
  await page.waitForURL(/\/registration\/personal-data$/);
  await fillIdentityAndAddress(
    page,
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
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/registration\/additional-information$/);
  await fillRetiredAdditionalInformation(page, email);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/registration/additional-information'), { timeout: 30_000 });
}
