import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousA11yViolations, watchConsole } from '../src/browser';
import { opsLink } from '../src/ops';
import { freshDataFolder, stackPorts } from '../src/ports';
import { fillIdentityAndAddress, fillRetiredAdditionalInformation } from '../src/registration';
import { signInThroughPages } from '../src/session';
import { withStack } from '../src/stack-hooks';

describe('registration in Chromium: sign-in, personal data, additional information, the application step', () => {
  const dataDir = freshDataFolder('registration');
  // These tests are about registration and the waiting page: the sandbox decision is held back so the application
  // stays in Request while they look at it (the decision has its own API tests and the origination e2e).
  const env = { ...stackPorts(3900, dataDir), SANDBOX_DECISION_DELAY_SECONDS: '3600' };
  let agentLink: string;
  const site = withStack(() => {
    // Made by the ops command on the API's own database before the API opens it (PGlite is one process).
    agentLink = opsLink(['agent-link', '612000303', 'laura'], env);
    return env;
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  /** A new customer signed in through the sign-in pages: the redirect rules bring them to personal data. */
  async function signedIn(phone: string): Promise<Page> {
    const page = await (await site.browser.newContext()).newPage();
    await signInThroughPages(page, site.stack.urls.app, phone);
    await page.waitForURL(/\/registration\/personal-data$/);
    return page;
  }

  test('a new customer completes both steps, applies from the calculator and waits for the answer', async () => {
    const page = await signedIn('612000301');
    const errors = watchConsole(page);
    await page.getByRole('heading', { name: 'Tus datos personales' }).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), [], 'personal data is accessible');

    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('El campo no puede estar vacío').first().waitFor();

    await fillIdentityAndAddress(
      page,
      {
        name: 'Lucía',
        surname: 'Martín',
        id: '12345678A',
        expiry: '01/01/2031',
        birthday: '15/03/1991',
        gender: 'Mujer',
      },
      { postalCode: '28014', province: 'Madrid', city: 'Madrid', street: 'Calle de Alcalá', number: '1' },
    );
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Datos incorrectos').waitFor();
    await page.getByLabel('DNI o NIE').fill('12345678Z');
    // A click straight after typing: the error leaving on blur must not move the button away from the pointer.
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.waitForURL(/\/registration\/additional-information$/);
    await page.getByRole('heading', { name: 'Información adicional' }).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), [], 'additional information is accessible');
    await page.getByLabel('Correo electrónico').fill('lucia@credimo.es');
    await page.getByLabel('Situación laboral').selectOption({ label: 'Empleado' });
    await page.getByLabel('Sector de actividad').selectOption({ label: 'Comercio' });
    await page.getByLabel('Empresa').fill('Tiendas Sol');
    await page.getByLabel('Puesto').fill('Dependienta');
    await page.getByLabel('Fecha de inicio').fill('01/02/2020');
    await page.getByLabel('Estudios').selectOption({ label: 'Bachillerato' });
    await page.getByLabel('¿Tienes ahora otro préstamo?').selectOption({ label: 'No' });
    await page.getByLabel('Relación').selectOption({ label: 'Amigo/amiga' });
    await page.getByLabel('Nombre del contacto').fill('Pedro');
    await page.getByLabel('Teléfono del contacto').fill('612000301');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('El número debe ser distinto de tu teléfono registrado').waitFor();
    await page.getByLabel('Teléfono del contacto').fill('634 56 78 12');
    await page.getByRole('button', { name: 'Continuar' }).click();

    // Registered without a loan: the account, whose calculator asks for a choice.
    await page.waitForURL(/\/account$/);
    const amount = page.getByRole('slider', { name: 'Importe' });
    await amount.focus();
    await page.keyboard.press('End');
    assert.match((await amount.getAttribute('aria-valuetext')) ?? '', /^1\.?000\s€$/);
    await page.getByRole('button', { name: 'Solicitar' }).click();

    // The application step creates the application once; the redirect rules move on to the waiting page.
    await page.waitForURL(/\/application\/awaiting-request-loan$/);
    await page.getByRole('heading', { name: 'Estamos estudiando tu solicitud' }).waitFor();
    assert.match((await page.getByRole('timer').textContent()) ?? '', /^00:[0-5]\d|01:00$/);
    assert.deepEqual(await seriousA11yViolations(page), [], 'the waiting page is accessible');
    const token = (await page.context().cookies()).find((c) => c.name === 'credimo_access_token')?.value;
    const loans = await (
      await fetch(`${site.stack.urls.api}/v2/loans`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    assert.equal(loans.length, 1);
    assert.deepEqual([loans[0].status, loans[0].request_amount, loans[0].is_free], [0, 100000, false]);
    // A reload keeps the customer on the waiting page and creates nothing more.
    await page.reload();
    await page.getByRole('heading', { name: 'Estamos estudiando tu solicitud' }).waitFor();
    assert.deepEqual(
      errors.filter((e) => !e.startsWith('422 ')),
      [],
    );
    await page.context().close();
  });

  test('begun with an agent, finished from the WordPress calculator: the dynamic step asks only what is missing, then applies with the choice', async () => {
    // An agent opens the customer's session by phone and fills in their personal data with them, then leaves it.
    const first = await (await site.browser.newContext()).newPage();
    await first.goto(agentLink.replace(/^https?:\/\/[^/]+/, site.stack.urls.app));
    await first.waitForURL(/\/registration\/personal-data$/);
    await fillIdentityAndAddress(
      first,
      {
        name: 'Marta',
        surname: 'Ruiz',
        id: 'X1234567L',
        expiry: '01/06/2030',
        birthday: '02/02/1985',
        gender: 'Mujer',
      },
      { postalCode: '41001', province: 'Sevilla', city: 'Sevilla', street: 'Calle Sierpes', number: '3' },
    );
    await first.getByRole('button', { name: 'Continuar' }).click();
    await first.getByRole('heading', { name: 'Información adicional' }).waitFor();
    await first.context().close();

    // Later, "Solicitar" on the WordPress calculator opens the app's sign-in with the choice in the address
    // (storage is per origin); after the code, the one step left asks only for what is still missing.
    const page = await (await site.browser.newContext()).newPage();
    await signInThroughPages(page, site.stack.urls.app, '612000303', { query: '?product=1&amount=30000&term=15' });
    await page.waitForURL(/\/registration\/completing$/);
    await page.getByRole('heading', { name: 'Completa tu solicitud' }).waitFor();
    assert.deepEqual(await seriousA11yViolations(page), [], 'the dynamic step is accessible');
    assert.equal(await page.getByLabel('DNI o NIE').count(), 0, 'what is known is not asked again');
    await fillRetiredAdditionalInformation(page, 'marta@credimo.es');
    // The consents the agent could not give for the customer are still to be given, by the customer.
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Marca esta casilla para continuar').first().waitFor();
    await page.getByLabel('Aceptar todo').dispatchEvent('click');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.waitForURL(/\/application\/awaiting-request-loan$/);
    const token = (await page.context().cookies()).find((c) => c.name === 'credimo_access_token')?.value;
    const loan = await (
      await fetch(`${site.stack.urls.api}/v2/loan`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    assert.deepEqual([loan.request_amount, loan.days.total, loan.is_free], [30000, 15, true]);
    await page.context().close();
  });

  test('a DNI/NIE already registered opens the duplicate modal, whose login action logs out', async () => {
    const page = await signedIn('612000302');
    await fillIdentityAndAddress(
      page,
      {
        name: 'Otra',
        surname: 'Persona',
        id: '12345678Z',
        expiry: '01/01/2031',
        birthday: '15/03/1991',
        gender: 'Hombre',
      },
      { postalCode: '08001', province: 'Barcelona', city: 'Barcelona', street: 'La Rambla', number: '2' },
    );
    await page.getByRole('button', { name: 'Continuar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Usuario con este DNI/NIE registrado anteriormente' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(/\/auth$/);
    await page.context().close();
  });
});
