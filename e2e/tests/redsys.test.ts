import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { accessible, tokenOf, watchConsole } from '../src/browser';
import { appShown } from '../src/first-paint';
import {
  extendOnAccount,
  newCustomerWithLoan,
  openFromAccountMenu,
  payFromAccount,
  repayOnAccount,
} from '../src/journey';
import { stackPorts, testPort } from '../src/ports';
import { type FakeRedsysProcess, startFakeRedsys } from '../src/redsys';
import { withStack } from '../src/stack-hooks';

const PHONE = '612000947';
/** Redsys's shared test terminal. */
const TERMINAL = { merchantCode: '999008881', terminal: '1', secretKey: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7' };
const SHOTS = path.join(os.tmpdir(), 'credimo-e2e-redsys');
/** Redsys's test card, which the local Redsys authorises. */
const TEST_CARD = '4548810000000003';

/** The API as the customer's token reads it: what the pages did. */
function apiOf(apiUrl: string, token: string) {
  return async (route: string) => {
    const response = await fetch(`${apiUrl}${route}`, { headers: { authorization: `Bearer ${token}` } });
    return response.json();
  };
}

describe('Redsys in Chromium: a card saved, a repayment and an extension by card, the payoff by Bizum', () => {
  const env = {
    ...stackPorts(4250),
    PUBLIC_APP_URL: `http://localhost:${testPort(4250)}`,
    SANDBOX_DECISION_DELAY_SECONDS: '1',
    PAYMENTS_PROVIDER: 'redsys',
    REDSYS_MERCHANT_CODE: TERMINAL.merchantCode,
    REDSYS_TERMINAL: TERMINAL.terminal,
    REDSYS_SECRET_KEY: TERMINAL.secretKey,
  };
  let fake: FakeRedsysProcess;
  const site = withStack(async () => {
    mkdirSync(SHOTS, { recursive: true });
    fake = await startFakeRedsys(TERMINAL, testPort(4270));
    return { ...env, REDSYS_URL: fake.url };
  });
  after(async () => {
    await fake?.stop();
  });

  test('every step at the local Redsys, through the pages; the loan ends Returned', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await newCustomerWithLoan(page, site.stack.urls.app, PHONE, { amount: 40_000, term: 30 });
    const read = apiOf(site.stack.urls.api, await tokenOf(page));
    const total = (await read('/v2/loan')).calculations.today.amount;

    // Saving a card: the account's button, our page's signed form, Redsys's page, back with the card saved.
    await openFromAccountMenu(page, 'Información personal');
    await page.waitForURL(/\/account\/personal_info$/);
    await page.getByRole('button', { name: 'Añadir tarjeta' }).click();
    await page.getByRole('heading', { name: 'Guardar tarjeta' }).waitFor({ timeout: 30_000 });
    assert.ok(page.url().startsWith(`${fake.url}/sis/realizarPago`), page.url());
    await accessible(page, "Redsys's card page");
    await page.screenshot({ path: path.join(SHOTS, 'card-page.png'), fullPage: true });
    await page.getByRole('button', { name: 'Pagar' }).click();
    // Back to the account (the return address says nothing; the notification saved the card), which lists it.
    await page.waitForURL(/\/account\?payment=add_card_successful/, { timeout: 30_000 });
    await appShown(page);
    await openFromAccountMenu(page, 'Información personal');
    await page.getByText(/0003/).first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: path.join(SHOTS, 'card-saved.png'), fullPage: true });
    const cards = await read('/v2/user/payment_cards');
    assert.equal(cards.length, 1);
    assert.equal(cards[0].pan, '454881******0003');

    // A partial repayment of 150 EUR by card.
    await openFromAccountMenu(page, 'Tu préstamo');
    await payFromAccount(page, () => repayOnAccount(page, '150,00'));
    await page.getByRole('button', { name: 'Pagar con tarjeta' }).click();
    await page.getByRole('heading', { name: 'Pago con tarjeta' }).waitFor({ timeout: 30_000 });
    await page.getByText('150,00 €').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'card-payment.png'), fullPage: true });
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL(/\/account(\?|$)/, { timeout: 30_000 });
    assert.equal((await read('/v2/loan')).calculations.today.amount, total - 15_000);

    // An extension of 7 days, by card; Cancelar first sends the customer to the retry screen.
    const details = await read('/v2/loan/prolong_details?term=7');
    await payFromAccount(page, () => extendOnAccount(page, 7));
    await page.getByText('7 días', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Pagar con tarjeta' }).click();
    await page.getByRole('heading', { name: 'Pago con tarjeta' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.waitForURL(/\/account\/payment\/failed/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Algo salió mal' }).waitFor();
    assert.equal((await read('/v2/loan')).status, 2, 'a cancelled payment extends nothing');
    await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await payFromAccount(page, () => extendOnAccount(page, 7));
    await page.getByRole('button', { name: 'Pagar con tarjeta' }).click();
    await page.getByRole('heading', { name: 'Pago con tarjeta' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Número de tarjeta').fill(TEST_CARD);
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL(/\/account(\?|$)/, { timeout: 30_000 });
    await appShown(page);
    const extended = await read('/v2/loan');
    assert.equal(extended.status, 20, 'Extended');
    assert.equal(extended.must_pay_date, details.next_pay_date);

    // The payoff by Bizum.
    await payFromAccount(page, () => repayOnAccount(page, 'total'));
    await page.getByRole('button', { name: 'Pagar con Bizum' }).click();
    await page.getByRole('heading', { name: 'Pago con Bizum' }).waitFor({ timeout: 30_000 });
    await accessible(page, "Redsys's Bizum page");
    await page.screenshot({ path: path.join(SHOTS, 'bizum.png'), fullPage: true });
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.waitForURL(/\/account(\?|$)/, { timeout: 30_000 });
    await appShown(page);
    const closed = await read('/v2/loan');
    assert.equal(closed.status, 3, 'Returned');
    await page.getByRole('heading', { name: '¡Gracias! Has devuelto tu préstamo' }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: path.join(SHOTS, 'returned.png'), fullPage: true });

    // Redsys was told five outcomes and every notification was taken.
    assert.deepEqual(
      (await fake.notifications()).map((n) => [n.response, n.status]),
      [
        ['0000', 200],
        ['0000', 200],
        ['9915', 200],
        ['0000', 200],
        ['0000', 200],
      ],
    );
    assert.deepEqual(errors, []);
    await context.close();
  });
});
