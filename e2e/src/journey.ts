import type { Locator, Page } from 'playwright-core';
import { appShown } from './first-paint';
import { photo } from './loan';
import { registerThroughPages } from './registration';
import { signInThroughPages } from './session';

/** A valid Spanish IBAN (check digits per ISO 13616), typed with spaces as customers do. */
export const IBAN = 'ES91 2100 0418 4502 0005 1332';

/**
 * A test's own look at the screens on the way, each called when its screen is shown and before the helper's step
 * there (a wrong IBAN tried first, the SECCI downloaded, a wrong signing code refused).
 */
export interface LoanScreens {
  documents?: () => Promise<void>;
  iban?: () => Promise<void>;
  signing?: () => Promise<void>;
  /** The signing code is sent and shown by the sandbox; the helper then types it. */
  signingCode?: (code: string) => Promise<void>;
  autoDebit?: () => Promise<void>;
  /** The account, the payout ordered, before the heading the helper waits for. */
  payoutOrdered?: () => Promise<void>;
}

/** Moves a step slider with the keyboard, as a customer does, until it announces `wanted`. */
export async function slideTo(page: Page, slider: Locator, wanted: string) {
  await slider.focus();
  await page.keyboard.press('Home');
  // The slider's positions are the steps on offer (min 0, max their count less one).
  const last = Number(await slider.getAttribute('max'));
  for (let step = 0; step <= last; step++) {
    if ((await slider.getAttribute('aria-valuetext'))?.replace(/\s/g, ' ') === wanted) return;
    await page.keyboard.press('ArrowRight');
  }
  throw new Error(`the slider offers no ${wanted}`);
}

/**
 * The account's calculator, as a registered customer without a loan uses it: the amount (in cents) and the term
 * on the sliders, then "Solicitar".
 */
export async function applyOnAccount(page: Page, { amount, term }: { amount: number; term: number }) {
  await page.waitForURL(/\/account$/, { timeout: 30_000 });
  const calculator = page.locator('[data-screen="calculator"]');
  // The term first: a new term snaps the amount to what that term offers.
  await slideTo(page, calculator.getByRole('slider', { name: 'Plazo' }), `${term} días`);
  const euros = String(amount / 100).replace(/\B(?=(\d{3})+$)/g, '.');
  await slideTo(page, calculator.getByRole('slider', { name: 'Importe' }), `${euros} €`);
  await calculator.getByRole('button', { name: 'Solicitar' }).click();
}

/**
 * From an application just made to the account with the payout ordered, through the pages: the sandbox's
 * approval, the identity photos the documents page asks for, the IBAN, the signing with the code the sandbox shows,
 * the auto-debit step skipped. Then waits on the account for `until` (the active loan by default; a bounced payout
 * shows "No hemos podido enviar el dinero").
 */
export async function finishLoanThroughPages(
  page: Page,
  { iban = IBAN, until = 'Tu préstamo activo', on = {} }: { iban?: string; until?: string; on?: LoanScreens } = {},
) {
  await page.waitForURL(/\/registration\/photo-verification$/, { timeout: 30_000 });
  await on.documents?.();
  await page.getByRole('button', { name: 'Empezar' }).click();
  await page.getByRole('heading', { name: 'Sube tus documentos' }).waitFor();
  // A first loan asks for both sides of the ID card and a selfie with it, one screen after another.
  for (const label of ['DNI o NIE: parte delantera', 'DNI o NIE: parte trasera', 'Selfie con tu DNI o NIE']) {
    const picture = { name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: await photo() };
    await page.getByLabel(`Elegir foto: ${label}`).setInputFiles(picture);
    await page.getByRole('heading', { name: label }).waitFor({ state: 'detached' });
  }
  await page.getByRole('heading', { name: '¡Listo! Ya tenemos tus documentos' }).waitFor();
  await page.getByRole('button', { name: 'Continuar' }).click();

  await page.waitForURL(/\/application\/issue-method$/, { timeout: 30_000 });
  await page.getByRole('heading', { name: 'Ir a la firma' }).waitFor();
  await on.iban?.();
  await page.getByLabel('IBAN').fill(iban);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await page.waitForURL(/\/application\/application-sign$/, { timeout: 20_000 });
  await page.getByRole('heading', { name: 'Firma tu contrato' }).waitFor();
  await on.signing?.();
  await page.getByLabel(/He leído la información precontractual/).check();
  await page.getByRole('button', { name: 'Firmar con código SMS' }).click();
  const shown = await page.getByText(/Modo de pruebas: tu código es \d{4}/).textContent();
  const code = shown?.match(/\d{4}/)?.[0] ?? '';
  await on.signingCode?.(code);
  await page.getByLabel('Código de firma').fill(code);
  await page.getByRole('button', { name: 'Firmar' }).click();

  await page.waitForURL(/\/application\/auto-debit-confirmation$/, { timeout: 20_000 });
  await page.getByRole('heading', { name: 'Pago automático' }).waitFor();
  await on.autoDebit?.();
  await page.getByRole('button', { name: 'Ahora no' }).click();

  await page.waitForURL(/\/account$/, { timeout: 20_000 });
  await on.payoutOrdered?.();
  await page.getByRole('heading', { name: until }).waitFor({ timeout: 30_000 });
}

/**
 * A registered customer on their account takes a loan through the pages, as origination.test.ts does: the
 * calculator's choice, then finishLoanThroughPages to the active loan (or `until`).
 */
export async function takeLoanThroughPages(
  page: Page,
  { amount, term, ...rest }: { amount: number; term: number; iban?: string; until?: string; on?: LoanScreens },
) {
  await applyOnAccount(page, { amount, term });
  await finishLoanThroughPages(page, rest);
}

/**
 * A new customer, all through the pages: the sign-in (the app's own, no choice from WordPress), the registration,
 * then their loan taken on the account (takeLoanThroughPages). Leaves the page on the account.
 */
export async function newCustomerWithLoan(
  page: Page,
  appUrl: string,
  phone: string,
  loan: Parameters<typeof takeLoanThroughPages>[1],
) {
  await signInThroughPages(page, appUrl, phone);
  await registerThroughPages(page, phone);
  await takeLoanThroughPages(page, loan);
}

/**
 * The account's cards lead to the payment methods with the customer's choice, as their buttons do: `choose` is
 * the customer's choice on a card. The account is the app's first (not the server's painted copy of it).
 */
export async function payFromAccount(page: Page, choose: () => Promise<void>) {
  // Back from a payment provider the account's address may carry the outcome.
  await page.waitForURL(/\/account(\?|$)/);
  await appShown(page);
  await choose();
  await page.getByRole('heading', { name: 'Elige cómo pagar' }).waitFor({ timeout: 30_000 });
}

/** The repayment card: an amount typed, or the whole of today's amount. */
export async function repayOnAccount(page: Page, amount: string | 'total') {
  const card = page.getByRole('region', { name: 'Devolver tu préstamo' });
  if (amount === 'total') await card.getByRole('button', { name: 'Pagar el total' }).click();
  else await card.getByLabel('O escribe el importe (€)').fill(amount);
  await card.getByRole('button', { name: /^Pagar \d/ }).click();
}

/** The prolongation card: the days chosen, "Prorrogar", then the summary's way to the payment methods. */
export async function extendOnAccount(page: Page, days: number) {
  const card = page.getByRole('region', { name: 'Amplía tu plazo' });
  const control = card.getByLabel('Días de prórroga');
  // Fewer than seven terms on offer are a selector, more a slider.
  if ((await control.evaluate((element) => element.tagName)) === 'SELECT') {
    await control.selectOption({ label: `${days} días` });
  } else {
    await slideTo(page, control, `${days} días`);
  }
  await card.getByText(`${days} días`, { exact: true }).waitFor();
  await card.getByRole('button', { name: 'Prorrogar' }).click();
  const summary = page.getByRole('region', { name: 'Resumen de tu prórroga' });
  await summary.getByRole('button', { name: 'Elegir cómo pagar' }).click();
}

/** The account's own pages, as its menu names them. */
type AccountPage = 'Tu préstamo' | 'Historial de préstamos' | 'Información personal';

/** One of the account's pages from the header: its link, or on a phone the menu's first. */
export async function openFromAccountMenu(page: Page, name: AccountPage) {
  const link = page.getByRole('link', { name, exact: true });
  const menu = page.getByRole('button', { name: 'Menú', exact: true });
  await link.or(menu).first().waitFor();
  if (await link.first().isVisible()) {
    await link.first().click();
    return;
  }
  await menu.first().click();
  await page.getByRole('navigation', { name: 'Menú' }).getByRole('link', { name, exact: true }).click();
}

/** The sandbox acquirer's card form, filled as a customer types a card (the test's own "Pagar" follows). */
export async function fillSandboxCard(page: Page) {
  await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
  await page.getByLabel('Mes de caducidad').fill('12');
  await page.getByLabel('Año de caducidad').fill('2031');
  await page.getByLabel('CVV').fill('123');
}
