import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { accessible, tokenOf, watchConsole } from '../src/browser';
import { appShown, firstPaintBesideApp } from '../src/first-paint';
import { newCustomerWithLoan } from '../src/journey';
import { operatorCommand } from '../src/loan';
import { loanStackEnv, withStack } from '../src/stack-hooks';

const PHONE = '612000931';
const SOLD_PHONE = '612000932';
const RETURNED_PHONE = '612000933';
const OPERATOR_SECRET = 'e2e-account-operator-secret';

/** The customer's loan as the API reads it (a read-only check of what the pages did). */
async function loanOf(apiUrl: string, token: string) {
  return (await fetch(`${apiUrl}/v2/loan`, { headers: { authorization: `Bearer ${token}` } })).json();
}

/** A new customer with a loan taken through the pages (journey.ts); answers their session. */
async function customerWithLoan(
  browser: Browser,
  appUrl: string,
  phone: string,
  loan: { iban?: string; until?: string },
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await newCustomerWithLoan(page, appUrl, phone, { amount: 30_000, term: 30, ...loan });
  const token = await tokenOf(page);
  await context.close();
  return token;
}

describe('the account area in Chromium: an active loan through its screens', () => {
  // 3970: with a port offset of 200 the API lands on 4180 (4190 is one of fetch's blocked ports, Sieve).
  const site = withStack(loanStackEnv(3970, OPERATOR_SECRET));

  test('loan detail, repayment and prolongation cards, history, personal info, withdrawal, inbox, help, payoff', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const errors = watchConsole(page);
    await newCustomerWithLoan(page, site.stack.urls.app, PHONE, { amount: 30_000, term: 30 });
    const token = await tokenOf(page);
    const active = await loanOf(site.stack.urls.api, token);

    // /account: the loan in service, as the customer finds it when they come back to it.
    await page.reload();
    // The server paints these cards and their buttons first: the checks and the clicks below are the app's.
    await appShown(page);
    const detail = page.getByRole('region', { name: 'Tu préstamo activo' });
    await detail.waitFor();
    await detail.getByText('Quedan 30 días').waitFor();
    await detail.getByText(String(active.public_id)).waitFor();
    await page.getByRole('slider', { name: 'Importe a pagar' }).waitFor();
    await page
      .getByRole('region', { name: 'Amplía tu plazo' })
      .getByText('Coste de la prórroga', { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Desistir del préstamo' }).waitFor();
    assert.equal(await page.getByRole('region', { name: '¿Necesitas ayuda con tu pago?' }).count(), 0);
    await accessible(page, 'the account with the active loan');
    // The loan in service is painted from the server with its offers, each card where the app then draws it.
    const inService = await firstPaintBesideApp(site.browser, `${site.stack.urls.app}/account`, { width: 412, token });
    assert.deepEqual(
      inService
        .filter(({ painted }) => painted.tag === 'h2')
        .slice(0, 4)
        .map(({ painted }) => painted.text),
      ['Tu préstamo activo', 'Devolver tu préstamo', 'Amplía tu plazo', 'Derecho de desistimiento'],
    );
    for (const { painted, app } of inService) assert.deepEqual(app?.box, painted.box, painted.text);

    // The repayment card leads to the payment methods with the whole amount (a payoff).
    await page.getByRole('button', { name: 'Pagar el total' }).click();
    await page.getByRole('button', { name: /^Pagar 3\d\d,\d\d/ }).click();
    await page.waitForURL(/\/account\/payment-methods$/);

    // History: the loan with its agreement links.
    await page.getByRole('link', { name: 'Historial de préstamos', exact: true }).click();
    await page.waitForURL(/\/account\/history$/);
    await page.getByRole('heading', { name: String(active.public_id) }).waitFor();
    await page.getByRole('button', { name: `Ver documentos del préstamo ${active.public_id}` }).click();
    // The signed agreement opens as a file the customer keeps: fetched with their session, never a raw error.
    const agreement = page
      .getByRole('listitem')
      .getByRole('button', { name: /\.pdf$/ })
      .first();
    const [download] = await Promise.all([page.waitForEvent('download'), agreement.click()]);
    assert.match(download.suggestedFilename(), /\.pdf$/);
    const saved = await download.path();
    assert.equal(readFileSync(saved).subarray(0, 5).toString(), '%PDF-', 'the agreement is a PDF');
    await accessible(page, 'the loan history');

    // Personal information: name, DNI/NIE, phone, no saved card yet.
    await page.getByRole('link', { name: 'Información personal', exact: true }).click();
    await page.waitForURL(/\/account\/personal_info$/);
    await page.getByText('Ana García', { exact: true }).waitFor();
    await page.getByText('612 00 09 31').waitFor();
    await page.getByText('No tienes tarjetas guardadas.').waitFor();
    await accessible(page, 'the personal information');

    // The 14-day withdrawal: confirmation with the amount, then the acknowledgement, also in the inbox.
    await page.getByRole('link', { name: 'Tu préstamo', exact: true }).click();
    await page.waitForURL(/\/account$/);
    await page.getByRole('button', { name: 'Desistir del préstamo' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Quieres desistir del préstamo?' });
    await dialog.getByText(/Tendrás que devolver 300,00/).waitFor();
    await accessible(page, 'the withdrawal confirmation');
    await dialog.getByRole('button', { name: 'Sí, desistir' }).click();
    await page.getByRole('heading', { name: 'Has desistido del préstamo' }).waitFor();
    const inboxAlert = page.getByRole('status').filter({ hasText: /Has desistido|desist/i });
    await inboxAlert.first().waitFor({ timeout: 15_000 });
    await accessible(page, 'the account after the withdrawal, with the inbox alert');
    const read = page.waitForResponse((r) => r.url().endsWith('/v2/notifications/read') && r.status() === 200);
    await page.getByRole('button', { name: 'Cerrar' }).first().click();
    await read;
    const inbox = await (
      await fetch(`${site.stack.urls.api}/v2/notifications/inbox`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    assert.deepEqual(inbox, [], 'dismissal marked the notification read');

    // 27 sandbox days later 3 days remain: the help banner offers WhatsApp and the phone.
    await operatorCommand(site.stack.urls.api, OPERATOR_SECRET, 'advance-days', ['27']);
    await page.reload();
    // The banner below is painted by the server first: the app must have asked for its offers before the payment.
    await appShown(page);
    const help = page.getByRole('region', { name: '¿Necesitas ayuda con tu pago?' });
    await help.getByRole('link', { name: 'Escríbenos por WhatsApp' }).waitFor();
    await accessible(page, 'the account with the help banner');

    // Paid off by bank transfer (operator reconciliation): the review card.
    const owed = await loanOf(site.stack.urls.api, token);
    await operatorCommand(site.stack.urls.api, OPERATOR_SECRET, 'payment-received', [
      String(owed.public_id),
      String(owed.calculations.today.amount),
      'e2e-transfer-1',
    ]);
    await page.reload();
    await appShown(page);
    await page.getByRole('heading', { name: '¡Gracias! Has devuelto tu préstamo' }).waitFor();
    // The repaid loan's account is painted from the server with the review card and the IBAN the loan was paid
    // to, where the app then draws them. No promo codes: the customer earned none (personal codes are their own).
    const pairs = await firstPaintBesideApp(site.browser, `${site.stack.urls.app}/account`, { width: 412, token });
    assert.deepEqual(
      pairs.filter(({ painted }) => painted.tag === 'h2').map(({ painted }) => painted.text),
      ['¡Gracias! Has devuelto tu préstamo', 'Cuenta para recibir tu próximo préstamo', 'Activa el pago automático'],
    );
    assert.ok(pairs.some(({ painted }) => painted.tag === 'select' && painted.text.startsWith('ES91 2100 0418')));
    for (const { painted, app } of pairs) assert.deepEqual(app?.box, painted.box, painted.text);
    await page.getByRole('button', { name: '5 estrellas' }).click();
    await page.getByText('¡Gracias por tu valoración!').waitFor();
    await accessible(page, 'the review card');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a sold loan: the cession notice is painted from the server where the app then draws it', async () => {
    const token = await customerWithLoan(site.browser, site.stack.urls.app, SOLD_PHONE, {});
    const loan = String((await loanOf(site.stack.urls.api, token)).public_id);
    await operatorCommand(site.stack.urls.api, OPERATOR_SECRET, 'presale', [
      loan,
      'Cobros Ibéricos SA',
      '+34 910 000 111',
      'pagos@cobros.example',
      'Cobros Ibéricos SA',
      'ES7921000813610123456789',
      'CAIXESBBXXX',
      'CaixaBank',
    ]);
    await operatorCommand(site.stack.urls.api, OPERATOR_SECRET, 'sell', [loan]);
    const pairs = await firstPaintBesideApp(site.browser, `${site.stack.urls.app}/account`, { width: 412, token });
    const headings = pairs.filter(({ painted }) => painted.tag === 'h2').map(({ painted }) => painted.text);
    assert.equal(headings[0], 'Tu préstamo ha sido cedido');
    assert.ok(!headings.includes('Tu préstamo activo'), 'no amounts: the debt is the buyer’s');
    assert.ok(pairs.some(({ painted }) => painted.text.startsWith('Desde ahora el titular de tu deuda')));
    for (const { painted, app } of pairs) assert.deepEqual(app?.box, painted.box, painted.text);
  });

  test('a payout the bank returned: the reason and the retry are painted from the server where the app draws them', async () => {
    // The sandbox bank bounces payouts to this IBAN (docs/providers.md, "Payouts").
    const token = await customerWithLoan(site.browser, site.stack.urls.app, RETURNED_PHONE, {
      iban: 'ES54 0049 1500 0300 0000 0404',
      until: 'No hemos podido enviar el dinero',
    });
    const loan = await loanOf(site.stack.urls.api, token);
    assert.equal(loan.status, 15, 'ProcessingFail');
    const pairs = await firstPaintBesideApp(site.browser, `${site.stack.urls.app}/account`, { width: 412, token });
    const headings = pairs.filter(({ painted }) => painted.tag === 'h2').map(({ painted }) => painted.text);
    assert.equal(headings.at(-1), 'No hemos podido enviar el dinero', 'below the account offers');
    assert.ok(pairs.some(({ painted }) => painted.tag === 'button' && painted.text === 'Volver a intentarlo'));
    assert.ok(pairs.some(({ painted }) => painted.text === `Referencia: ${loan.public_id}`));
    for (const { painted, app } of pairs) assert.deepEqual(app?.box, painted.box, painted.text);
  });
});
