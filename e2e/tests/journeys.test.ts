import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { accessible, tokenOf, watchConsole } from '../src/browser';
import { operatorCommand, photo } from '../src/loan';
import { testPort } from '../src/ports';
import { fillIdentityAndAddress } from '../src/registration';
import { confirmSandboxCode } from '../src/session';
import { loanStackEnv, withStack } from '../src/stack-hooks';

/**
 * The customer journeys off the happy path, driven through the pages only: the customer's first address is the
 * sign-in with the WordPress calculator's choice, every later step is a click or a field; the sandbox, the ops
 * command and the staff console play the lender's part.
 */

const OPERATOR_SECRET = 'e2e-journeys-operator-secret';
/** The sandbox's demo admin (docs/operating.md, Operators' console). */
const ADMIN = { username: 'admin', password: 'admin-sandbox-12', totpSecret: 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU' };
const IBAN = 'ES91 2100 0418 4502 0005 1332';
const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
/** A valid DNI from the digits of a phone, so each customer has their own. */
const dniFor = (phone: string) => `${phone.slice(-8)}${LETTERS[Number(phone.slice(-8)) % 23]}`;

/** Signs in on /auth (the entry point, with the calculator's choice) with the sandbox code the page shows. */
async function signIn(page: Page, appUrl: string, phone: string) {
  await page.goto(`${appUrl}/auth?product=1&amount=30000&term=15`);
  await page.getByLabel('Número de móvil').fill(phone);
  await page.getByLabel('Aceptar todo').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Sí, enviar el código' }).click();
  await confirmSandboxCode(page);
}

/** The two registration forms, as a retired customer fills them in; the choice then becomes the application. */
async function register(page: Page, phone: string, { dni = dniFor(phone), otherLoan = false } = {}) {
  await page.waitForURL(/\/registration\/personal-data$/);
  await fillIdentityAndAddress(
    page,
    { name: 'Ana', surname: 'García', id: dni, expiry: '01/01/2031', birthday: '05/05/1960', gender: 'Mujer' },
    { postalCode: '28014', province: 'Madrid', city: 'Madrid', street: 'Calle de Alcalá', number: '1' },
  );
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/registration\/additional-information$/);
  await page.getByLabel('Correo electrónico').fill(`ana${phone}@credimo.es`);
  await page.getByLabel('Situación laboral').selectOption({ label: 'Jubilado' });
  await page.getByLabel('Estudios').selectOption({ label: 'Bachillerato' });
  await page.getByLabel('¿Tienes ahora otro préstamo?').selectOption({ label: otherLoan ? 'Sí' : 'No' });
  await page.getByLabel('Relación').selectOption({ label: 'Amigo/amiga' });
  await page.getByLabel('Nombre del contacto').fill('Eva');
  await page.getByLabel('Teléfono del contacto').fill('634 56 78 13');
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/** The documents page: every photo it asks for, by file, up to its done message. */
async function uploadAskedFiles(page: Page, labels: string[]) {
  await page.getByRole('button', { name: 'Empezar' }).click();
  for (const label of labels) {
    await page
      .getByLabel(`Elegir foto: ${label}`)
      .setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: await photo() });
    await page.getByRole('heading', { name: label }).waitFor({ state: 'detached' });
  }
  await page.getByRole('heading', { name: '¡Listo! Ya tenemos tus documentos' }).waitFor();
  await page.getByRole('button', { name: 'Continuar' }).click();
}

const IDENTITY_PHOTOS = ['DNI o NIE: parte delantera', 'DNI o NIE: parte trasera', 'Selfie con tu DNI o NIE'];

/** From sign-in to the auto-debit page: registration, approval, photos, IBAN and the signature by SMS. */
async function signedLoan(page: Page, appUrl: string, phone: string) {
  await signIn(page, appUrl, phone);
  await register(page, phone);
  // The approval asks for the identity photos, and says it is approved, for how much.
  await page.waitForURL(/\/registration\/photo-verification$/, { timeout: 30_000 });
  await page.getByText('¡Tu solicitud está aprobada! Te prestamos 300,00 €.').waitFor();
  await uploadAskedFiles(page, IDENTITY_PHOTOS);
  await page.waitForURL(/\/application\/issue-method$/, { timeout: 30_000 });
  await page.getByLabel('IBAN').fill(IBAN);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/application\/application-sign$/, { timeout: 20_000 });
  await page.getByLabel(/He leído la información precontractual/).check();
  const sent = page.waitForResponse((r) => r.url().endsWith('/v2/loan/sign_send'));
  await page.getByRole('button', { name: 'Firmar con código SMS' }).click();
  await page.getByLabel('Código de firma').fill((await sent).headers()['x-sms-code'] ?? '');
  await page.getByRole('button', { name: 'Firmar' }).click();
  await page.waitForURL(/\/application\/auto-debit-confirmation$/, { timeout: 20_000 });
  await page.getByRole('heading', { name: 'Pago automático' }).waitFor();
}

/** The sandbox acquirer's card page, filled in as the customer would. */
async function enterCard(page: Page, expiry: Date) {
  await page.waitForURL(/\/sandbox\/card\?/);
  await page.getByLabel('Número de tarjeta').fill('4242424242424242');
  await page.getByLabel('Mes de caducidad').fill(String(expiry.getMonth() + 1));
  await page.getByLabel('Año de caducidad').fill(String(expiry.getFullYear()));
  await page.getByLabel('Titular de la tarjeta').fill('Ana García');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Guardar tarjeta' }).click();
}

/** GET /v2/loan as the page's customer: read only, to check what the pages did. */
const loanOf = async (page: Page, apiUrl: string) =>
  (await fetch(`${apiUrl}/v2/loan`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } })).json();

describe('customer journeys off the happy path, through the pages only', () => {
  const site = withStack(loanStackEnv(4050, OPERATOR_SECRET, { PUBLIC_APP_URL: `http://localhost:${testPort(4050)}` }));

  test('manual verification asks for an income statement: uploaded on the documents page, then the analyst is awaited', async () => {
    const page = await (await site.browser.newContext()).newPage();
    const errors = watchConsole(page);
    await signIn(page, site.stack.urls.app, '612004001');
    // Another loan declared: the sandbox sends the application to an analyst, who needs an income statement.
    await register(page, '612004001', { otherLoan: true });
    await page.waitForURL(/\/registration\/photo-verification$/, { timeout: 30_000 });
    await uploadAskedFiles(page, [...IDENTITY_PHOTOS, 'Justificante de ingresos']);
    await page.waitForURL(/\/application\/awaiting-verification-loan$/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Estamos verificando tus datos' }).waitFor();
    await accessible(page, 'the awaiting-verification page');
    const loan = await loanOf(page, site.stack.urls.api);
    assert.deepEqual([loan.status, loan.required_files], [33, []]);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test('a declined application: the account says it was refused, and offers the calculator again', async () => {
    const page = await (await site.browser.newContext()).newPage();
    const errors = watchConsole(page);
    await signIn(page, site.stack.urls.app, '612004002');
    // A DNI on the sandbox's deny-list.
    await register(page, '612004002', { dni: '00000000T' });
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    await page.getByText('Lo siento, tu solicitud fue rechazada').first().waitFor();
    await page.getByRole('button', { name: 'Solicitar' }).waitFor();
    await accessible(page, 'the account with the declined application');
    assert.equal((await loanOf(page, site.stack.urls.api)).status, 4);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test('a card valid for less than 3 months is refused for auto-debit: the customer is told, may add another or go on without', async () => {
    const page = await (await site.browser.newContext()).newPage();
    const errors = watchConsole(page);
    await signedLoan(page, site.stack.urls.app, '612004003');
    await page.getByRole('checkbox', { name: /Autorizo el cargo automático/ }).check();
    await page.getByRole('button', { name: 'Añadir tarjeta' }).click();
    const nextMonth = new Date();
    nextMonth.setDate(1);
    nextMonth.setMonth(nextMonth.getMonth() + 1);
    await enterCard(page, nextMonth);
    await page.waitForURL(/\/application\/auto-debit-confirmation\?/, { timeout: 20_000 });
    const refusal = page.getByRole('alert').filter({ hasText: 'No podemos activar el pago automático' });
    await refusal.getByText(/La tarjeta debe ser válida durante más de 3 meses/).waitFor();
    await page.getByText('Puedes probar con otra tarjeta o continuar sin pago automático').waitFor();
    await page.getByRole('button', { name: 'Añadir tarjeta' }).waitFor();
    await accessible(page, 'the refused card on the auto-debit page');
    await page.getByRole('button', { name: 'Ahora no' }).click();
    await page.waitForURL(/\/account$/, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Tu préstamo activo' }).waitFor({ timeout: 30_000 });
    const loan = await loanOf(page, site.stack.urls.api);
    assert.deepEqual([loan.status, loan.auto_debit_step_completed], [2, true]);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  test('a blocked customer signing in lands on the blocked page', async () => {
    const phone = '612004004';
    // The customer's account exists (an agent's link made it), and an admin blocks it in the staff console.
    await operatorCommand(site.stack.urls.api, OPERATOR_SECRET, 'agent-link', [phone]);
    const admin = await (await site.browser.newContext()).newPage();
    await admin.goto(`${site.stack.urls.api}/console`);
    await admin.getByLabel('Usuario').fill(ADMIN.username);
    await admin.getByLabel('Contraseña').fill(ADMIN.password);
    await admin
      .getByLabel(/Código de verificación/)
      .fill(new TOTP({ secret: ADMIN.totpSecret, digits: 6, period: 30, algorithm: 'SHA1' }).generate());
    await admin.getByRole('button', { name: 'Entrar' }).click();
    await admin.getByRole('link', { name: 'Buscar cliente' }).click();
    await admin.getByLabel(/Nombre, teléfono/).fill(phone);
    await admin.getByRole('button', { name: 'Buscar' }).click();
    await admin
      .getByRole('row', { name: new RegExp(phone) })
      .getByRole('link')
      .click();
    await admin.getByRole('button', { name: 'Bloquear' }).click();
    await admin.getByText('Cliente actualizado.').waitFor();
    await admin.context().close();

    const page = await (await site.browser.newContext()).newPage();
    const errors = watchConsole(page);
    await signIn(page, site.stack.urls.app, phone);
    await page.waitForURL(/\/blocked$/, { timeout: 20_000 });
    await page
      .getByText(/Llámanos/)
      .first()
      .waitFor();
    await accessible(page, 'the blocked page');
    // The refused session is the API's 403 on the code; nothing else fails.
    assert.deepEqual(
      errors.filter((e) => !e.startsWith('403 ')),
      [],
    );
    await page.context().close();
  });

  test('a loan offered for sale (presale) is repaid in full by the customer on the account: the sale is off', async () => {
    const page = await (await site.browser.newContext()).newPage();
    const errors = watchConsole(page);
    await signedLoan(page, site.stack.urls.app, '612004005');
    await page.getByRole('button', { name: 'Ahora no' }).click();
    await page.getByRole('heading', { name: 'Tu préstamo activo' }).waitFor({ timeout: 30_000 });
    const { public_id: loan } = await loanOf(page, site.stack.urls.api);
    await operatorCommand(site.stack.urls.api, OPERATOR_SECRET, 'presale', [
      String(loan),
      'Cobros Ibéricos SA',
      '+34 910 000 111',
      'pagos@cobros.example',
      'Cobros Ibéricos SA',
      'ES7921000813610123456789',
      'CAIXESBBXXX',
      'CaixaBank',
    ]);
    // The customer comes back to the account.
    await page.reload();
    await page.getByRole('heading', { name: 'Tu préstamo está en proceso de cesión' }).waitFor({ timeout: 30_000 });
    await accessible(page, 'the account in presale');
    await page.getByRole('button', { name: 'Pagar el total' }).click();
    await page.getByRole('button', { name: /^Pagar \d/ }).click();
    await page.getByRole('heading', { name: 'Elige cómo pagar' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Pagar con tarjeta' }).click();
    await page.getByRole('heading', { name: 'Pago con tarjeta' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Número de tarjeta').fill('4242424242424242');
    await page.getByLabel('Mes de caducidad').fill('12');
    await page.getByLabel('Año de caducidad').fill(String(new Date().getFullYear() + 3));
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: /^Pagar / }).click();
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    await page.getByText('¡Gracias! Has devuelto tu préstamo').waitFor({ timeout: 30_000 });
    assert.equal((await loanOf(page, site.stack.urls.api)).status, 3, 'Returned: the sale is called off');
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
