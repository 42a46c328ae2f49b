import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type Stack, startStack } from '../../scripts/stack';
import { accessible, launchTestBrowser, tokenOf, watchConsole, watchCspViolations } from '../src/browser';
import { photo } from '../src/loan';
import { stackPorts } from '../src/ports';
import { registerThroughPages } from '../src/registration';
import { signInThroughPages } from '../src/session';

/** The same sandbox stack with the given aggregation provider configured (the shell's CSP follows it). */
const stackWith = (provider: 'unnax' | 'kontomatik') =>
  startStack({
    env: { ...stackPorts(3970), SANDBOX_DECISION_DELAY_SECONDS: '1', AGGREGATION_PROVIDER: provider },
    log: () => {},
  });

/** A new customer signs in, registers and applies; approved, they choose to connect their bank (method 9). */
async function applyAndConnectBank(page: Page, stack: Stack, phone: string) {
  await signInThroughPages(page, stack.urls.app, phone, { query: '?product=1&amount=30000&term=15' });
  // Registered through its pages, the choice from WordPress kept: the last step applies with it.
  await registerThroughPages(page, phone);
  // The approval asks for the identity photos and selfie first, through the documents page.
  await page.waitForURL(/\/registration\/photo-verification$/, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Empezar' }).click();
  for (const label of ['DNI o NIE: parte delantera', 'DNI o NIE: parte trasera', 'Selfie con tu DNI o NIE']) {
    await page
      .getByLabel(`Elegir foto: ${label}`)
      .setInputFiles({ name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: await photo() });
    await page.getByRole('heading', { name: label }).waitFor({ state: 'detached' });
  }
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/application\/issue-method$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Conectar mi banco' }).click();
  await page.waitForURL(/\/application\/bank-data-preview$/, { timeout: 20_000 });
  await page.getByText('Debes ser el titular de la cuenta.').waitFor();
}

/** GET /v2/loan as the page's customer. */
const loanOf = async (page: Page, stack: Stack) =>
  (await fetch(`${stack.urls.api}/v2/loan`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } })).json();

describe("origination in Chromium with unnax's embedded widget (method 9) and a card for auto-debit", () => {
  let stack: Stack;
  let browser: Browser;
  before(async () => {
    stack = await stackWith('unnax');
    browser = await launchTestBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  test("IBAN by the bank's data in the widget (an identity error first), signing, a card for auto-debit, payout, the active loan", async () => {
    const page = await (await browser.newContext()).newPage();
    const errors = watchConsole(page);
    const violations = await watchCspViolations(page);
    await applyAndConnectBank(page, stack, '612000911');
    await accessible(page, 'the bank verification preview');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/application\/bank-data$/);
    await page.getByRole('heading', { name: 'Conecta tu banco' }).waitFor();
    await page.getByText(/en la ventana segura de Unnax/).waitFor();
    await accessible(page, 'the bank verification screen');

    // The provider's widget, inside our page: first the identity check fails, which brings the customer back.
    await page.getByRole('button', { name: 'Conectar con mi banco' }).click();
    const widget = page.getByRole('region', { name: 'Conexión segura con tu banco' });
    await widget.getByLabel('Usuario de banca online').waitFor();
    assert.match(page.url(), /\/application\/bank-data$/, 'the widget opens in place, no redirect');
    await accessible(page, "the bank verification screen with unnax's widget");
    await widget.getByLabel('Usuario de banca online').fill('ana');
    await widget.getByLabel('Identidad no verificada').check();
    await widget.getByRole('button', { name: 'Conectar' }).click();
    await page.waitForURL(/\/application\/bank-data-preview$/, { timeout: 20_000 });
    await page.getByRole('alert').filter({ hasText: 'La identidad no ha sido verificada' }).waitFor();
    await accessible(page, 'the preview with the identity error');

    // Then it works: the widget's ending leads through /unnax-aggregation/success, the import, and on to signing.
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Conectar con mi banco' }).click();
    await widget.getByLabel('Banco').selectOption('BBVA');
    await widget.getByLabel('Usuario de banca online').fill('ana');
    await widget.getByLabel('Datos importados').check();
    await widget.getByRole('button', { name: 'Conectar' }).click();
    // The return page and the import's waiting page may pass quickly: axe runs on whichever is showing.
    await page.waitForURL(
      /\/(unnax-aggregation\/success|application\/(awaiting-bank-data-importing|application-sign))/,
      {
        timeout: 20_000,
      },
    );
    await accessible(page, 'the return from the bank');
    await page.waitForURL(/\/application\/application-sign$/, { timeout: 30_000 });
    const loan = await loanOf(page, stack);
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
    // With a card on file, redirect rule 13 no longer shows the auto-debit page: the customer goes on to the account,
    // which finishes the step with that card (auto-debit on) and orders the payout.
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Tu préstamo activo' }).waitFor({ timeout: 30_000 });
    await accessible(page, 'the account with the active loan');
    const token = await tokenOf(page);
    const active = await loanOf(page, stack);
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
    assert.deepEqual(violations, [], 'no CSP violation');
    await page.context().close();
  });
});

describe("origination in Chromium with kontomatik's page in an iframe (method 9)", () => {
  let stack: Stack;
  let browser: Browser;
  before(async () => {
    stack = await stackWith('kontomatik');
    browser = await launchTestBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  test("the bank's data through kontomatik's framed page, its message to the app, the import, on to signing", async () => {
    const page = await (await browser.newContext()).newPage();
    const errors = watchConsole(page);
    const violations = await watchCspViolations(page);
    await applyAndConnectBank(page, stack, '612000912');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/application\/bank-data$/);
    await page.getByText(/en la ventana segura de Kontomatik/).waitFor();
    await page.getByRole('button', { name: 'Conectar con mi banco' }).click();

    const frame = page.frameLocator('iframe[title="Conexión segura con tu banco (Kontomatik)"]');
    await frame.getByLabel('Usuario de banca online').waitFor();
    assert.match(page.url(), /\/application\/bank-data$/, 'the provider opens in place, no redirect');
    await accessible(page, "the bank verification screen with kontomatik's frame");
    const framed = page.frames().find((f) => f.url().includes('/sandbox/aggregation/kontomatik'));
    assert.ok(framed, "kontomatik's page is a frame of ours");
    await accessible(framed, "kontomatik's page");
    await frame.getByLabel('Banco').selectOption('Santander');
    await frame.getByLabel('Usuario de banca online').fill('ana');
    await frame.getByLabel('Datos importados').check();
    await frame.getByRole('button', { name: 'Continuar' }).click();

    await page.waitForURL(/\/application\/application-sign$/, { timeout: 30_000 });
    await accessible(page, 'the signing page after the import');
    const loan = await loanOf(page, stack);
    assert.equal(loan.status, 26, 'the imported account is where the money goes; the loan awaits its signature');
    const accounts = await (
      await fetch(`${stack.urls.api}/v2/user/available_bank_accounts`, {
        headers: { authorization: `Bearer ${await tokenOf(page)}` },
      })
    ).json();
    assert.equal(accounts.length, 1);
    assert.match(accounts[0], /^ES\d{22}$/, "the account the provider read, the loan's IBAN");
    assert.deepEqual(errors, []);
    assert.deepEqual(violations, [], 'no CSP violation');
    await page.context().close();
  });
});
