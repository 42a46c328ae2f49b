import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { accessible, tokenOf, watchConsole } from '../src/browser';
import { appShown } from '../src/first-paint';
import { extendOnAccount, fillSandboxCard, newCustomerWithLoan, payFromAccount, repayOnAccount } from '../src/journey';
import { freshDataFolder, stackPorts, testPort } from '../src/ports';
import { withStack } from '../src/stack-hooks';

const PHONE = '612000931';

/** `npm run ops -- …` as an operator runs it, against the running API. */
function ops(args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.resolve(__dirname, '../../api/src/ops/cli.ts'), ...args],
    { cwd: path.resolve(__dirname, '../../api'), env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`ops ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** The API as the account screens call it (they are another remote's; this suite drives the payments pages). */
function apiOf(apiUrl: string, token: string) {
  return async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${apiUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
}

describe('payments in Chromium: partial repayment by card, an extension, ten days, payoff by Bizum', () => {
  const dataDir = freshDataFolder('payments');
  const env = {
    ...stackPorts(3970, dataDir),
    PUBLIC_APP_URL: `http://localhost:${testPort(3970)}`,
    SANDBOX_DECISION_DELAY_SECONDS: '1',
  };
  const site = withStack(env);
  after(async () => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the active loan is repaid in part by card, extended, aged ten days and paid off by Bizum: Returned', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const errors = watchConsole(page);
    // An active loan of 400 EUR for 30 days, taken through the pages.
    await newCustomerWithLoan(page, site.stack.urls.app, PHONE, { amount: 40_000, term: 30 });
    const call = apiOf(site.stack.urls.api, await tokenOf(page));
    const active = (await call('GET', '/v2/loan')).body;
    assert.equal(active.status, 2, 'Active');
    const total = active.calculations.today.amount;

    // Without its button the payment-methods page sends the customer back to the account.
    await page.goto(`${site.stack.urls.app}/account/payment-methods`);
    await page.waitForURL(/\/account$/);

    // A partial repayment of 150 EUR by card, through the sandbox acquirer's checkout page.
    await payFromAccount(page, () => repayOnAccount(page, '150,00'));
    await page.getByText('Transferencia bancaria').waitFor();
    await accessible(page, 'the payment methods');
    await page.getByRole('button', { name: 'Pagar con tarjeta' }).click();
    await page.getByRole('heading', { name: 'Pago con tarjeta' }).waitFor({ timeout: 30_000 });
    await accessible(page, 'the card checkout');
    await page.getByLabel('Número de tarjeta').fill('4242424242424242');
    await page.getByLabel('Mes de caducidad').fill('12');
    await page.getByLabel('Año de caducidad').fill('2031');
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: /^Pagar 150,00/ }).click();
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    const repaid = (await call('GET', '/v2/loan')).body;
    assert.equal(repaid.calculations.today.amount, total - 15_000);
    assert.equal(repaid.calculations.today.annual_commission, 0, 'the commission is paid first');

    // An extension of 7 days, paid by card.
    const details = (await call('GET', '/v2/loan/prolong_details?term=7')).body;
    await payFromAccount(page, () => extendOnAccount(page, 7));
    await page.getByText('7 días', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Pagar con tarjeta' }).click();
    await page.getByRole('heading', { name: 'Pago con tarjeta' }).waitFor({ timeout: 30_000 });
    await fillSandboxCard(page);
    await page.getByRole('button', { name: /^Pagar / }).click();
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    // Back from the checkout the account is painted by the server first: the app must have asked for its loan and
    // offers before the operator moves the clock (the command below also holds this process, the pages' server).
    await appShown(page);
    const extended = (await call('GET', '/v2/loan')).body;
    assert.equal(extended.status, 20, 'Extended');
    assert.equal(extended.must_pay_date, details.next_pay_date);

    // Ten sandbox days pass (the operator's command); the loan is still within its new term.
    const aged = ops(['advance-days', '10'], env);
    assert.equal(aged.match(/loans serviced/g)?.length, 10, aged);
    const later = (await call('GET', '/v2/loan')).body;
    assert.equal(later.status, 20);

    // A declined Bizum payment goes to the retry screen, "Algo salió mal", and back to the account.
    await payFromAccount(page, () => repayOnAccount(page, 'total'));
    await page.getByRole('button', { name: 'Pagar con Bizum' }).click();
    await page.getByRole('heading', { name: 'Pago con Bizum' }).waitFor({ timeout: 30_000 });
    await accessible(page, 'the Bizum page');
    await page.getByLabel('Teléfono de Bizum').fill(PHONE);
    await page.getByLabel('Pago rechazado').check();
    await page.getByRole('button', { name: /^Pagar / }).click();
    await page.waitForURL(/\/account\/payment\/failed$/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Algo salió mal' }).waitFor();
    await accessible(page, 'payment failed');
    await page.getByRole('button', { name: 'Intentar de nuevo' }).click();
    await page.waitForURL(/\/account$/);

    // The payoff by Bizum: the query, the form post, Bizum's page; the loan ends Returned.
    await payFromAccount(page, () => repayOnAccount(page, 'total'));
    await page.getByRole('button', { name: 'Pagar con Bizum' }).click();
    await page.getByRole('heading', { name: 'Pago con Bizum' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Teléfono de Bizum').fill(PHONE);
    await page.getByRole('button', { name: /^Pagar / }).click();
    await page.waitForURL(/\/account$/, { timeout: 30_000 });
    // The review card below is painted by the server first: the heading and axe are the app's.
    await appShown(page);
    const closed = (await call('GET', '/v2/loan')).body;
    assert.equal(closed.status, 3, 'Returned');
    assert.equal(closed.calculations.today.amount, 0);
    // Back on the account, the review card.
    await page.getByRole('heading', { name: '¡Gracias! Has devuelto tu préstamo' }).waitFor({ timeout: 30_000 });
    await accessible(page, 'the review card');

    // How to repay: the static help page, from the footer's link.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cómo devolver tu préstamo' }).click();
    await page.getByRole('heading', { name: 'Cómo devolver tu préstamo' }).waitFor();
    await accessible(page, 'how to repay');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
