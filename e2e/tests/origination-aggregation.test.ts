import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { type Stack, startStack } from '../../scripts/stack';
import { accessible, launchChromium, tokenOf, watchConsole } from '../src/browser';
import { stackPorts } from '../src/ports';
import { completeRegistration } from '../src/session';

const PHONE = '612000911';

describe('origination in Chromium with the bank-data aggregation provider (method 9) and a card for auto-debit', () => {
  let stack: Stack;
  let browser: Browser;
  before(async () => {
    stack = await startStack({ env: { ...stackPorts(3970), SANDBOX_DECISION_DELAY_SECONDS: '1' }, log: () => {} });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  test("IBAN by the bank's data (an identity error first), signing, a card for auto-debit, payout, the active loan", async () => {
    const page = await (await browser.newContext()).newPage();
    const errors = watchConsole(page);
    await page.goto(`${stack.urls.app}/auth?product=1&amount=30000&term=15`);
    await page.getByLabel('Número de móvil').fill(PHONE);
    await page.getByLabel('Aceptar todo').check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Sí, enviar el código' }).click();
    await page.waitForURL(/\/auth\/confirm$/);
    const code = (await page.getByText(/Modo de pruebas: tu código es \d{4}/).textContent())?.match(/\d{4}/)?.[0];
    await page.getByLabel('Código de 4 cifras').fill(code ?? '');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL(/\/registration\/personal-data$/);
    await completeRegistration(stack.urls.api, await tokenOf(page), PHONE);
    await page.goto(`${stack.urls.app}/account`);
    await page.getByRole('slider', { name: 'Importe' }).waitFor();
    await page.getByRole('button', { name: 'Solicitar' }).click();

    // Approved: instead of typing an IBAN, the customer connects their bank (method 9).
    await page.waitForURL(/\/application\/issue-method$/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Conectar mi banco' }).click();
    await page.waitForURL(/\/application\/bank-data-preview$/, { timeout: 20_000 });
    await page.getByText('Debes ser el titular de la cuenta.').waitFor();
    await accessible(page, 'the bank verification preview');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/application\/bank-data$/);
    await page.getByRole('heading', { name: 'Conecta tu banco' }).waitFor();
    await accessible(page, 'the bank verification screen');

    // The provider's page: first the identity check fails, which brings the customer back to the preview.
    await page.getByRole('button', { name: 'Ir a mi banco' }).click();
    await page.waitForURL(/\/sandbox\/aggregation\?/);
    await accessible(page, "the aggregation provider's page");
    await page.getByLabel('Usuario de banca online').fill('ana');
    await page.getByLabel('Identidad no verificada').check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/application\/bank-data-preview$/, { timeout: 20_000 });
    await page.getByRole('alert').filter({ hasText: 'La identidad no ha sido verificada' }).waitFor();
    await accessible(page, 'the preview with the identity error');

    // Then it works: back through /unnax-aggregation/success, the import, and on to signing.
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Ir a mi banco' }).click();
    await page.waitForURL(/\/sandbox\/aggregation\?/);
    await page.getByLabel('Banco').selectOption('BBVA');
    await page.getByLabel('Usuario de banca online').fill('ana');
    await page.getByLabel('Datos importados').check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    // The return page and the import's waiting page may pass quickly: axe runs on whichever is showing.
    await page.waitForURL(
      /\/(unnax-aggregation\/success|application\/(awaiting-bank-data-importing|application-sign))/,
      {
        timeout: 20_000,
      },
    );
    await accessible(page, 'the return from the bank');
    await page.waitForURL(/\/application\/application-sign$/, { timeout: 30_000 });
    const loan = await (
      await fetch(`${stack.urls.api}/v2/loan`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } })
    ).json();
    assert.equal(loan.status, 26, 'the imported account is where the money goes; the loan awaits its signature');

    await page.getByLabel(/He leído la información precontractual/).check();
    const sent = page.waitForResponse((r) => r.url().endsWith('/v2/loan/sign_send'));
    await page.getByRole('button', { name: 'Firmar con código SMS' }).click();
    await page.getByLabel('Código de firma').fill((await sent).headers()['x-sms-code'] ?? '');
    await page.getByRole('button', { name: 'Firmar' }).click();

    // Auto-debit: consent, the card acquirer's page, and back with the card completed.
    await page.waitForURL(/\/application\/auto-debit-confirmation$/, { timeout: 20_000 });
    await page.getByRole('checkbox', { name: /Autorizo el cargo automático/ }).check();
    await page.getByRole('button', { name: 'Añadir tarjeta' }).click();
    await page.waitForURL(/\/sandbox\/card\?/);
    await page.getByLabel('Número de tarjeta').fill('4242424242424242');
    await page.getByLabel('Mes de caducidad').fill('12');
    await page.getByLabel('Año de caducidad').fill(String(new Date().getFullYear() + 2));
    await page.getByLabel('Titular de la tarjeta').fill('Ana García');
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: 'Guardar tarjeta' }).click();
    // With a card on file, SPEC rule 13 no longer shows the auto-debit page: the customer goes on to the account,
    // which finishes the step with that card (auto-debit on) and orders the payout.
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Tu préstamo activo' }).waitFor({ timeout: 30_000 });
    await accessible(page, 'the account with the active loan');
    const token = await tokenOf(page);
    const active = await (
      await fetch(`${stack.urls.api}/v2/loan`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    assert.equal(active.status, 2, 'the loan is Active');
    assert.equal(active.auto_debit_step_completed, true);
    const cards = await (
      await fetch(`${stack.urls.api}/v2/user/payment_cards`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    assert.deepEqual(
      cards.map((c: { pan: string }) => c.pan),
      ['424242******4242'],
    );
    assert.deepEqual(errors, []);
    await page.context().close();
  });
});
