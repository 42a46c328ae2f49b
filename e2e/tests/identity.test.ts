import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousA11yViolations, watchConsole } from '../src/browser';
import { appShown } from '../src/first-paint';
import { opsLink } from '../src/ops';
import { freshDataFolder, stackPorts, testPort } from '../src/ports';
import { registerThroughPages } from '../src/registration';
import { confirmSandboxCode, signInThroughPages } from '../src/session';
import { withStack } from '../src/stack-hooks';

const LINK_INVALID = 'El enlace no es válido, ha caducado o ya se ha usado.';

describe('signing in, and agent and admin sessions, in Chromium', () => {
  const dataDir = freshDataFolder('identity');
  // The first paint's content is asserted, not its timing: the server may wait for the API on a busy machine.
  const env = {
    ...stackPorts(3500, dataDir),
    PUBLIC_APP_URL: `http://localhost:${testPort(3500)}`,
    ACCOUNT_PAINT_TIMEOUT_MS: '5000',
  };
  let agentLink: string;
  let adminLink: string;
  const site = withStack(() => {
    // Links are made by the ops command on the API's own database before the API opens it (PGlite is one process).
    agentLink = opsLink(['agent-link', '612000101', 'laura'], env);
    adminLink = opsLink(['admin-link', 'marta', '612000101'], env);
    return env;
  });

  before(async () => {
    // The linked customer has finished registration through the pages, so their account opens.
    const linked = await site.browser.newContext();
    const page = await linked.newPage();
    await signInThroughPages(page, site.stack.urls.app, '612000101');
    await registerThroughPages(page, '612000101');
    await linked.close();
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  async function signIn(page: Page, phone: string) {
    await page.goto(`${site.stack.urls.app}/auth`);
    await page.getByLabel('Número de móvil').fill(phone);
    await page.getByLabel('Aceptar todo').check();
    assert.deepEqual(await seriousA11yViolations(page), [], 'the sign-in screen is accessible');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('dialog', { name: '¿Es correcto tu número?' }).waitFor();
    await page.getByRole('button', { name: 'Sí, enviar el código' }).click();
    await confirmSandboxCode(page, async () =>
      assert.deepEqual(await seriousA11yViolations(page), [], 'the code screen is accessible'),
    );
    await page.waitForURL(/\/registration\/personal-data$/);
  }

  test('sign in with the sandbox code, reload still signed in, log out', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const errors = watchConsole(page);
    await signIn(page, '612 00 01 02');
    await page.reload();
    // The server paints this heading for any session cookie: the app, once its GET /v2/user has answered, says
    // whether the session still holds.
    await appShown(page);
    await page.getByRole('heading', { name: 'Tus datos personales' }).waitFor();
    assert.match(page.url(), /\/registration\/personal-data$/);
    // Registration unfinished: the account sends the customer back to it (the redirect rules).
    await page.goto(`${site.stack.urls.app}/account`);
    await page.waitForURL(/\/registration\/personal-data$/);
    // The app redirects before its personal-data screen has loaded: that screen is there before the profile changes.
    await appShown(page);
    await registerThroughPages(page, '612000102');

    // Logging out as soon as the account opens: its first polls, still on their way, are cancelled, not refused.
    await page.waitForURL(/\/account$/);
    await page.getByRole('button', { name: 'Salir' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Quieres cerrar la sesión?' });
    await dialog.getByRole('button', { name: 'Quedarme' }).click();
    assert.match(page.url(), /\/account$/);
    await page.getByRole('button', { name: 'Salir' }).click();
    await page.getByRole('button', { name: 'Sí, cerrar sesión' }).click();
    await page.waitForURL(/\/auth$/);
    await page.goto(`${site.stack.urls.app}/account/history`);
    await page.waitForURL(/\/auth$/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a new customer changes a wrong number from the personal-data step, with a code sent to the new one and one to the current', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const errors = watchConsole(page);
    await signIn(page, '612 00 01 05');
    await page.getByText('Tu número de móvil: +34 612 00 01 05').waitFor();
    await page.getByRole('link', { name: 'Cambiar el número' }).click();
    await page.waitForURL(/\/registration\/step2$/);
    await page.getByRole('heading', { name: 'Tu número de móvil' }).waitFor();
    await page.getByRole('button', { name: 'Cambiar el número' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar el número de móvil' });
    await dialog.getByLabel('Número nuevo').fill('612 00 01 06');
    assert.deepEqual(await seriousA11yViolations(page), [], 'the change-phone modal is accessible');
    await dialog.getByRole('button', { name: 'Enviar el código' }).click();
    await page.getByRole('heading', { name: 'Confirma tu número nuevo' }).waitFor();
    const notice = await page.getByText(/Modo de pruebas: tu código es \d{4}/).textContent();
    await page.getByLabel('Código de 4 cifras').fill(notice?.match(/\d{4}/)?.[0] ?? '');
    // The phone the account has now confirms the change too.
    const current = await page.getByText(/Modo de pruebas: el código de tu número actual es \d{4}/).textContent();
    await page.getByLabel('Código enviado a tu número actual').fill(current?.match(/\d{4}/)?.[0] ?? '');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Hemos cambiado tu número de móvil.').waitFor();
    await page.getByText('+34 612 00 01 06').waitFor();
    assert.deepEqual(await seriousA11yViolations(page), [], 'the phone step is accessible');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a wrong code is refused on the field, in Spanish', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.stack.urls.app}/auth`);
    await page.getByLabel('Número de móvil').fill('612000103');
    await page.getByLabel('Aceptar todo').check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Sí, enviar el código' }).click();
    const code = (await page.getByText(/Modo de pruebas/).textContent())?.match(/\d{4}/)?.[0] ?? '0000';
    await page.getByLabel('Código de 4 cifras').fill(String((Number(code) + 1) % 10000).padStart(4, '0'));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('El código no es correcto').waitFor();
    await page.close();
  });

  /** Opens an operator's link in a fresh browser: it lands on the account showing `banner`; a second use is refused. */
  async function openLinkOnce(link: string, banner: string | RegExp, checkA11y = false) {
    const first = await site.browser.newContext();
    const page = await first.newPage();
    await page.goto(link.replace(`http://localhost:${testPort(3500)}`, site.stack.urls.app));
    await page.waitForURL(/\/account$/);
    await page.getByText(banner).waitFor();
    if (checkA11y) assert.deepEqual(await seriousA11yViolations(page), []);
    // The account's page as the server sends it in this session: its first paint already holds the banner and
    // the customer's cards, before any script.
    const html = await (await first.request.get(`${site.stack.urls.app}/account`)).text();
    const paint = html.slice(html.indexOf('<div id="first-paint"'), html.indexOf('<div id="root"'));
    const words = paint.replace(/<[^>]+>/g, ' ');
    assert.ok(
      typeof banner === 'string' ? words.includes(banner) : new RegExp(banner.source.replace(/^\^/, '')).test(words),
      'the first paint holds the banner',
    );
    assert.match(paint, /data-screen="account"/);
    await first.close();
    const second = await site.browser.newContext();
    const again = await second.newPage();
    await again.goto(link.replace(`http://localhost:${testPort(3500)}`, site.stack.urls.app));
    await again.getByText(LINK_INVALID).waitFor();
    await second.close();
  }

  test('an agent link opens the customer session once, and fails the second time', async () => {
    await openLinkOnce(agentLink, 'Sesión asistida por laura para el cliente +34 612 00 01 01.');
  });

  test('an admin link opens a marked impersonation session once, and fails the second time', async () => {
    await openLinkOnce(
      adminLink,
      /^Sesión de soporte: marta está viendo la cuenta del cliente \+34 612 00 01 01/,
      true,
    );
  });
});
