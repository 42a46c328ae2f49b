import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { accessible, tokenOf, watchConsole } from '../src/browser';
import { appShown } from '../src/first-paint';
import { fillSandboxCard, newCustomerWithLoan } from '../src/journey';
import { operatorCommand } from '../src/loan';
import { loanStackEnv, withStack } from '../src/stack-hooks';

const PHONE = '612000977';
const OPERATOR_SECRET = 'e2e-forbearance-operator-secret';

/** Whole calendar days between two yyyy-MM-dd dates. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The sandbox card checkout, paid as a customer types a card. */
async function payByCard(page: Page) {
  await page.getByRole('button', { name: 'Pagar con tarjeta' }).click();
  await page.getByRole('heading', { name: 'Pago con tarjeta' }).waitFor({ timeout: 30_000 });
  await fillSandboxCard(page);
  await page.getByRole('button', { name: /^Pagar / }).click();
  await page.waitForURL(/\/account(\?|$)/, { timeout: 30_000 });
}

/** From the account, "¿No puedes pagar a tiempo?" and its button, to the forbearance page. */
async function openPaymentOptions(page: Page) {
  await page.waitForURL(/\/account(\?|$)/);
  await appShown(page);
  const card = page.getByRole('region', { name: '¿No puedes pagar a tiempo?' });
  await card.getByRole('button', { name: 'Ver opciones de pago' }).click();
  await page.waitForURL(/\/account\/forbearance$/);
}

describe('a late loan becomes an instalment plan on the account, paid instalment by instalment', () => {
  const site = withStack(loanStackEnv(4600, OPERATOR_SECRET));

  test('two days late, the customer agrees a plan of two, pays each instalment by card and the loan is Returned', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await newCustomerWithLoan(page, site.stack.urls.app, PHONE, { amount: 40_000, term: 30 });
    const token = await tokenOf(page);
    const read = async (route: string) =>
      (await fetch(`${site.stack.urls.api}${route}`, { headers: { authorization: `Bearer ${token}` } })).json();

    // Thirty-two days pass (the operator's sandbox clock): the loan is two days late.
    await operatorCommand(site.stack.urls.api, OPERATOR_SECRET, 'advance-days', ['32']);
    assert.equal((await read('/v2/loan')).status, 21, 'Overdue');
    await page.reload();

    await openPaymentOptions(page);
    const plan = page.getByRole('region', { name: 'Pagar en cuotas' });
    await plan.getByLabel('Número de cuotas').selectOption({ label: '2 cuotas' });
    const offer = await read('/v2/loan/forbearance');
    const quote = offer.instalment_plan.options[offer.instalment_plan.counts.indexOf(2)];
    // The schedule the page shows is the API's quote: Madrid dates and euros as the shared rule computed them.
    for (const instalment of quote.instalments) {
      const [y, m, d] = instalment.date.split('-');
      await plan.getByRole('cell', { name: `${d}/${m}/${y}` }).waitFor();
    }
    await accessible(page, 'the forbearance page with the offers');
    await plan.getByRole('button', { name: 'Contratar el plan' }).click();

    const agreed = page.getByRole('region', { name: 'Tu plan de pagos' });
    await agreed.waitFor();
    // The schedule fits the phone: no date or amount broken, nothing wider than the screen.
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    assert.ok(fits, 'the agreed plan fits a 390 px screen');
    // Lines a cell's text takes: one rectangle per line.
    const lines = await agreed.getByRole('cell').evaluateAll((all) =>
      all.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
    );
    assert.ok(
      lines.length >= 6 && lines.every((count) => count === 1),
      `each date, amount and state on one line: ${lines}`,
    );
    const planned = await read('/v2/loan');
    assert.equal(planned.status, 20, 'a plan lifts the lateness: Extended');
    assert.equal(planned.calculations.today.amount, quote.total);

    // The first instalment, by card from the plan's own button.
    const first = quote.instalments[0];
    await agreed.getByRole('button', { name: /^Pagar la cuota 1/ }).click();
    await page.getByRole('heading', { name: 'Elige cómo pagar' }).waitFor({ timeout: 30_000 });
    await payByCard(page);
    const afterFirst = await read('/v2/loan/forbearance');
    assert.deepEqual(
      afterFirst.instalment_plan.plan.instalments.map((i: { state: string }) => i.state),
      ['paid', 'due'],
    );
    assert.equal((await read('/v2/loan')).calculations.today.amount, quote.total - first.amount);

    // On the last instalment's date the customer pays what is left: the loan is Returned.
    const last = quote.instalments[1];
    await operatorCommand(site.stack.urls.api, OPERATOR_SECRET, 'advance-days', [
      String(daysBetween(afterFirst.today, last.date)),
    ]);
    await page.reload();
    await openPaymentOptions(page);
    await agreed.getByRole('button', { name: /^Pagar la cuota 2/ }).click();
    await page.getByRole('heading', { name: 'Elige cómo pagar' }).waitFor({ timeout: 30_000 });
    await payByCard(page);
    assert.equal((await read('/v2/loan')).status, 3, 'Returned');
    assert.deepEqual(errors, []);
  });
});
