import type { Page } from 'playwright-core';

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
