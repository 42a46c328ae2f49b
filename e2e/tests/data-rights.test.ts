import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { accessible, watchConsole } from '../src/browser';
import { stackPorts } from '../src/ports';
import { fillIdentityAndAddress, fillRetiredAdditionalInformation } from '../src/registration';
import { confirmSandboxCode } from '../src/session';
import { withStack } from '../src/stack-hooks';

const PHONE = '612000951';

/** Sign-in and both registration forms through the pages, as a new customer with no loan yet goes through them. */
async function registeredThroughPages(page: Page, appUrl: string, phone: string) {
  await page.goto(`${appUrl}/auth`);
  await page.getByLabel('Número de móvil').fill(phone);
  await page.getByLabel('Aceptar todo').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Sí, enviar el código' }).click();
  await confirmSandboxCode(page);
  await page.waitForURL(/\/registration\/personal-data$/);
  await fillIdentityAndAddress(
    page,
    { name: 'Ana', surname: 'García', id: '20009517T', expiry: '01/01/2031', birthday: '05/05/1960', gender: 'Mujer' },
    { postalCode: '28014', province: 'Madrid', city: 'Madrid', street: 'Calle de Alcalá', number: '1' },
  );
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/registration\/additional-information$/);
  await fillRetiredAdditionalInformation(page, 'ana.datos@credimo.es');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/account$/);
}

/** Clicks a button that starts a download; answers the saved file's name and bytes. */
async function downloaded(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

describe("the customer's data on a phone-sized screen: the export and the erasure buttons", () => {
  const site = withStack({
    ...stackPorts(4150),
    SANDBOX_DECISION_DELAY_SECONDS: '1',
    ACCOUNT_PAINT_TIMEOUT_MS: '5000',
  });

  test('"Descargar mis datos" prepares the copy and offers JSON and PDF; the erasure asks first, then signs out with the confirmation', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 800 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await registeredThroughPages(page, site.stack.urls.app, PHONE);

    // Personal information, from the account's menu.
    await page.getByRole('button', { name: 'Menú' }).click();
    await page.getByRole('navigation', { name: 'Menú' }).getByRole('link', { name: 'Información personal' }).click();
    await page.waitForURL(/\/account\/personal_info$/);

    const data = page.getByRole('region', { name: 'Tus datos' });
    await data.getByRole('button', { name: 'Descargar mis datos' }).click();
    await data.getByText(/Estamos preparando tu copia/).waitFor();
    await data
      .getByText(/Tu copia está lista\. Puedes descargarla hasta el \d\d\/\d\d\/\d{4}\./)
      .waitFor({ timeout: 20_000 });
    await accessible(page, 'the personal information with a ready export');

    const json = await downloaded(page, 'Descargar (JSON)');
    assert.equal(json.name, 'mis-datos-credimo.json');
    const held = JSON.parse(json.bytes.toString('utf8'));
    assert.deepEqual(
      [held.customer.mobile_phone, held.profile.first_name, held.profile.personal_id, held.profile.email],
      [PHONE, 'Ana', '20009517T', 'ana.datos@credimo.es'],
    );
    assert.ok(held.sessions.length >= 1, 'the sessions are in the export');
    const pdf = await downloaded(page, 'Descargar (PDF)');
    assert.equal(pdf.name, 'mis-datos-credimo.pdf');
    assert.equal(pdf.bytes.subarray(0, 5).toString(), '%PDF-');

    // The page fits the phone's width with both sections shown.
    const width = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: window.innerWidth,
    }));
    assert.ok(width.page <= width.screen, `the page is ${width.page} px wide on a ${width.screen} px screen`);

    // The erasure asks first; cancelled, nothing happens.
    const erasure = page.getByRole('region', { name: 'Supresión de tus datos' });
    await erasure.getByRole('button', { name: 'Solicitar la supresión de mis datos' }).click();
    const ask = erasure.getByRole('alertdialog', { name: '¿Seguro que quieres suprimir tus datos?' });
    await ask.getByText('No podrás volver a entrar en tu cuenta ni deshacerlo.').waitFor();
    await accessible(page, 'the erasure confirmation');
    await ask.getByRole('button', { name: 'Cancelar' }).click();
    await erasure.getByRole('button', { name: 'Solicitar la supresión de mis datos' }).click();
    await erasure.getByRole('button', { name: 'Sí, suprimir mis datos' }).click();

    // Signed out, with the confirmation and the date the kept records go.
    await page.waitForURL(/\/auth$/);
    await page
      .getByText(
        /Hemos suprimido tus datos personales\. Lo que la ley nos obliga a conservar se borrará el \d\d\/\d\d\/\d{4}\./,
      )
      .waitFor();
    assert.deepEqual(errors, []);
  });
});
