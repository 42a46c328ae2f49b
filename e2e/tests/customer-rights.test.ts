import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { accessible, tokenOf, watchConsole } from '../src/browser';
import { stackPorts, testPort } from '../src/ports';
import { fillIdentityAndAddress } from '../src/registration';
import { confirmSandboxCode } from '../src/session';
import { withStack } from '../src/stack-hooks';

/**
 * A refused application's reasons and a person's review (CCD2 Art. 18(8)-(9), GDPR Art. 22), through the pages:
 * the customer registers and applies by clicks and fields, reads why, asks for a review with their view; a staff
 * member answers it in the console; the customer reads the answer in the account and the inbox.
 */

const SCREENSHOTS = path.resolve(__dirname, '../../test-results/customer-rights');
const PHONE = '612004711';
/** The sandbox's demo agent (docs/operating.md, Operators' console). */
const AGENT = { username: 'agente', password: 'agente-sandbox-1', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };

async function signIn(page: Page, appUrl: string, phone: string) {
  await page.goto(`${appUrl}/auth?product=1&amount=30000&term=15`);
  await page.getByLabel('Número de móvil').fill(phone);
  await page.getByLabel('Aceptar todo').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Sí, enviar el código' }).click();
  await confirmSandboxCode(page);
}

/** The registration forms as a retired customer fills them in, with the DNI the sandbox scoring always refuses. */
async function registerRefused(page: Page, phone: string) {
  await page.waitForURL(/\/registration\/personal-data$/);
  await fillIdentityAndAddress(
    page,
    { name: 'Ana', surname: 'García', id: '00000000T', expiry: '01/01/2031', birthday: '05/05/1960', gender: 'Mujer' },
    { postalCode: '28014', province: 'Madrid', city: 'Madrid', street: 'Calle de Alcalá', number: '1' },
  );
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/registration\/additional-information$/);
  await page.getByLabel('Correo electrónico').fill(`ana${phone}@credimo.es`);
  await page.getByLabel('Situación laboral').selectOption({ label: 'Jubilado' });
  await page.getByLabel('Estudios').selectOption({ label: 'Bachillerato' });
  await page.getByLabel('¿Tienes ahora otro préstamo?').selectOption({ label: 'No' });
  await page.getByLabel('Relación').selectOption({ label: 'Amigo/amiga' });
  await page.getByLabel('Nombre del contacto').fill('Eva');
  await page.getByLabel('Teléfono del contacto').fill('634 56 78 13');
  await page.getByRole('button', { name: 'Continuar' }).click();
}

const madridDay = (at: Date) =>
  new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(at);

describe('a refused application: its reasons, a person’s review asked for and answered', () => {
  const site = withStack({
    ...stackPorts(4225),
    PUBLIC_APP_URL: `http://localhost:${testPort(4225)}`,
    SANDBOX_DECISION_DELAY_SECONDS: '1',
  });
  before(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  test('the customer reads why, asks for a review with their view; staff answer in the console; the customer reads it', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await signIn(page, site.stack.urls.app, PHONE);
    await registerRefused(page, PHONE);
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    await page.getByText('Lo siento, tu solicitud fue rechazada').first().waitFor();

    // The reasons are the decision's own, and it says a machine took it.
    const card = page.getByRole('region', { name: 'Por qué hemos rechazado tu solicitud' });
    await card.getByText('Tu documento de identidad figura en una lista de exclusión.').waitFor({ timeout: 15_000 });
    await card.getByText(/sistema automático de evaluación/).waitFor();
    await card.getByText(/Te responderemos en un plazo máximo de 15 días/).waitFor();
    await accessible(page, 'the declined account with the reasons and the review form');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'declined_reasons_390.png'), fullPage: true });

    // Too long a view is said on its field; then the customer's view, and the request.
    const view = card.getByLabel('Tu punto de vista (opcional)');
    await view.fill('x'.repeat(2001));
    await card.getByText('Escribe como máximo 2000 caracteres.').waitFor();
    await view.fill('Mi DNI es correcto; os envío una copia si hace falta.');
    await card.getByRole('button', { name: 'Pedir la revisión por una persona' }).click();
    const asked = new Date();
    const due = new Date(asked.getTime() + 15 * 86_400_000);
    await card.getByText(`Pediste la revisión el ${madridDay(asked)}. `, { exact: false }).waitFor({ timeout: 15_000 });
    await card.getByText(new RegExp(`como tarde el ${madridDay(due).replace(/\//g, '\\/')}`)).waitFor();
    await card.getByRole('button', { name: 'Pedir la revisión por una persona' }).waitFor({ state: 'detached' });
    await accessible(page, 'the declined account after asking for a review');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'review_requested_390.png'), fullPage: true });

    const loan = await (
      await fetch(`${site.stack.urls.api}/v2/loan`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } })
    ).json();

    // The staff side: the request is in the console's queue with the reasons and the view; the agent answers it.
    const staff = await (await site.browser.newContext()).newPage();
    await staff.goto(`${site.stack.urls.api}/console`);
    await staff.getByLabel('Usuario').fill(AGENT.username);
    await staff.getByLabel('Contraseña').fill(AGENT.password);
    await staff
      .getByLabel(/Código de verificación/)
      .fill(new TOTP({ secret: AGENT.totpSecret, digits: 6, period: 30, algorithm: 'SHA1' }).generate());
    await staff.getByRole('button', { name: 'Entrar' }).click();
    await staff.getByRole('heading', { name: 'Revisiones pedidas de decisiones automáticas' }).waitFor();
    const row = staff.getByRole('row').filter({ hasText: loan.public_id });
    await row.getByText('Mi DNI es correcto; os envío una copia si hace falta.').waitFor();
    await row.getByText('Tu documento de identidad figura en una lista de exclusión.').waitFor();
    const uphold = row.locator('form').filter({ has: staff.getByRole('button', { name: /Mantener la denegación/ }) });
    await uphold
      .getByLabel('Motivo (lo lee el cliente)')
      .fill('Hemos comprobado tu DNI: sigue en la lista de exclusión.');
    await uphold.getByRole('button', { name: /Mantener la denegación/ }).click();
    await staff.getByText(`Revisión de ${loan.public_id} respondida`).waitFor();
    await accessible(staff, 'the console after answering the review');
    await staff.context().close();

    // The customer reads the answer in the account (and in the inbox).
    await page.reload();
    await card.getByRole('heading', { name: 'Respuesta a tu petición de revisión' }).waitFor({ timeout: 15_000 });
    await card.getByText('Tras revisar tu solicitud, mantenemos la decisión.').waitFor();
    await card.getByText('Hemos comprobado tu DNI: sigue en la lista de exclusión.').waitFor();
    await page
      .getByText(/Hemos revisado tu solicitud rechazada: mantenemos la decisión/)
      .first()
      .waitFor({ timeout: 15_000 });
    await accessible(page, 'the declined account with the review answered');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'review_answered_390.png'), fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
