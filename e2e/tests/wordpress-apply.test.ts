import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { type Stack, startStack } from '../../scripts/stack';
import { launchTestBrowser, tokenOf, watchConsole } from '../src/browser';
import { stackPorts, testPort } from '../src/ports';
import { confirmSandboxCode } from '../src/session';
import { credimoSettingsPhp, startWordPress, type WordPress } from '../src/wordpress';
import { hasNativePhp, startNativeWordPress } from '../src/wordpress-native';

const WP_PORT = testPort(8899);
const PHONE = '612000951';

describe('"Solicitar" on the WordPress calculator: the app signs the visitor in and applies with their choice', () => {
  let stack: Stack;
  let wordpress: WordPress;
  let browser: Browser;

  before(async () => {
    const base = testPort(3740);
    // The decision is held back: the application stays in Request, as the customer's choice made it.
    const env = {
      ...stackPorts(3740),
      SANDBOX_DECISION_DELAY_SECONDS: '3600',
      CORS_ORIGINS: `http://127.0.0.1:${WP_PORT},http://localhost:${base}`,
    };
    stack = await startStack({ env, log: () => {} });
    const content = '<p>Pide tu préstamo</p>[credimo widget="calculator" amount="300" term="30" promocode="CREDIMO10"]';
    wordpress = await (hasNativePhp() ? startNativeWordPress : startWordPress)({
      port: WP_PORT,
      setupPhp: `
        ${credimoSettingsPhp(stack.urls)}
        wp_insert_post(array('post_title' => 'Préstamos', 'post_name' => 'prestamos', 'post_status' => 'publish',
          'post_type' => 'page', 'post_content' => ${JSON.stringify(content)}));
      `,
    });
    browser = await launchTestBrowser();
  });
  after(async () => {
    await browser?.close();
    await wordpress?.stop();
    await stack?.stop();
  });

  test('sliders moved, "Solicitar", the app’s sign-in, registration through the pages: the application is the choice', async () => {
    const page = await (await browser.newContext()).newPage();
    const errors = watchConsole(page);
    await page.goto(`${wordpress.url}/prestamos/`);
    const amount = page.locator('[data-screen="calculator"]').getByRole('slider', { name: 'Importe' });
    const term = page.locator('[data-screen="calculator"]').getByRole('slider', { name: 'Plazo' });
    // The page's promo code is checked and applies (300 EUR is a free first loan, so it waits for a paid one).
    await page.getByText('El código promocional no se aplica a un préstamo gratuito.').waitFor();
    // The visitor moves both sliders: 400 EUR (a paid loan, so the promo code counts) for 25 days.
    await amount.focus();
    for (let step = 0; step < 10; step++) await page.keyboard.press('ArrowRight');
    await term.focus();
    for (let step = 0; step < 5; step++) await page.keyboard.press('ArrowLeft');
    await page.getByText('Código CREDIMO10 aplicado').waitFor();
    assert.equal(await amount.getAttribute('aria-valuetext'), '400\u00a0€');
    assert.equal(await term.getAttribute('aria-valuetext'), '25 días');
    await page.getByRole('button', { name: 'Solicitar' }).click();

    // The app's sign-in, on the app's own address (not the WordPress site's /auth).
    await page.waitForURL((url) => url.origin === new URL(stack.urls.app).origin && url.pathname === '/auth');
    await page.getByLabel('Número de móvil').fill(PHONE);
    await page.getByLabel('Aceptar todo').check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Sí, enviar el código' }).click();
    await confirmSandboxCode(page);

    await page.waitForURL(/\/registration\/personal-data$/);
    await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
    await page.getByLabel('Primer apellido').fill('Martín');
    await page.getByLabel('DNI o NIE').fill('12345678Z');
    await page.getByLabel('Caducidad del documento').fill('01/01/2031');
    await page.getByLabel('Fecha de nacimiento').fill('15/03/1991');
    await page.getByLabel('Mujer').dispatchEvent('click');
    await page.getByLabel('Código postal').fill('28014');
    await page.getByLabel('Provincia').fill('Madrid');
    await page.getByLabel('Municipio').fill('Madrid');
    await page.getByLabel('Calle').fill('Calle de Alcalá');
    await page.getByLabel('Número', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.waitForURL(/\/registration\/additional-information$/);
    await page.getByLabel('Correo electrónico').fill('lucia@credimo.es');
    await page.getByLabel('Situación laboral').selectOption({ label: 'Jubilado' });
    await page.getByLabel('Estudios').selectOption({ label: 'Bachillerato' });
    await page.getByLabel('¿Tienes ahora otro préstamo?').selectOption({ label: 'No' });
    await page.getByLabel('Relación').selectOption({ label: 'Amigo/amiga' });
    await page.getByLabel('Nombre del contacto').fill('Pedro');
    await page.getByLabel('Teléfono del contacto').fill('634 56 78 12');
    await page.getByRole('button', { name: 'Continuar' }).click();

    // The profile complete, the app applies with the choice from WordPress and the waiting page follows.
    await page.waitForURL(/\/application\/awaiting-request-loan$/, { timeout: 30_000 });
    await page.getByText('400,00 €').first().waitFor();
    const loan = await (
      await fetch(`${stack.urls.api}/v2/loan`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } })
    ).json();
    assert.deepEqual(
      [loan.status, loan.request_amount, loan.days.total, loan.promocode],
      [0, 40_000, 25, 'CREDIMO10'],
      'the application is the amount, term and promo code chosen on WordPress',
    );
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
