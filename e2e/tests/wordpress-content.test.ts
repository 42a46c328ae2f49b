import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type Stack, startStack } from '../../scripts/stack';
import { launchTestBrowser, seriousA11yViolations } from '../src/browser';
import { stackPorts, testPort } from '../src/ports';
import { registerThroughPages } from '../src/registration';
import { signInThroughPages } from '../src/session';
import { credimoSettingsPhp, startWordPress, type WordPress } from '../src/wordpress';
import { hasNativePhp, startNativeWordPress } from '../src/wordpress-native';

const WP_PORT = testPort(8893);
const WP_URL = `http://127.0.0.1:${WP_PORT}`;
const ADMIN = { login: 'lucia', password: 'una-clave-de-prueba-larga' };
const NEW_PHONE = '+34 911 222 333';

interface Content {
  header: { contacts: { phone: string } };
  menu: Array<{ title: string; url: string }>;
  documents: Array<{ title: string; url: string }>;
}
const savedContent = async () => (await (await fetch(`${WP_URL}/wp-json/react/v2/data`)).json()) as Content;

/** Editors edit header, menu, contacts, footer and documents in WordPress admin, previewed in the editor. */
describe('the site content, edited in WordPress admin and shown by the customer app', () => {
  let stack: Stack;
  let wordpress: WordPress;
  let browser: Browser;
  // The machine's PHP when it has one; the Playground otherwise (E2E_WORDPRESS=playground forces it).
  const playground = process.env.E2E_WORDPRESS === 'playground' || !hasNativePhp();

  before(async () => {
    const base = testPort(3640);
    stack = await startStack({
      // The app reads its header and footer content from this WordPress (and lets its admin frame the preview).
      env: { ...stackPorts(3640), PUBLIC_WP_URL: WP_URL, CORS_ORIGINS: `${WP_URL},http://localhost:${base}` },
      log: () => {},
    });
    wordpress = await (playground ? startWordPress : startNativeWordPress)({
      port: WP_PORT,
      setupPhp: `
        ${credimoSettingsPhp(stack.urls)}
        // No "is the admin email still right?" screen between sign-in and the admin.
        update_option('admin_email_lifespan', time() + YEAR_IN_SECONDS);
        wp_insert_user(array('user_login' => '${ADMIN.login}', 'user_pass' => '${ADMIN.password}',
          'user_email' => 'lucia@credimo.es', 'role' => 'administrator'));
        wp_insert_user(array('user_login' => 'pablo', 'user_pass' => '${ADMIN.password}',
          'user_email' => 'pablo@credimo.es', 'role' => 'editor'));
        wp_insert_user(array('user_login' => 'ana', 'user_pass' => '${ADMIN.password}',
          'user_email' => 'ana@credimo.es', 'role' => 'author'));
      `,
    });
    browser = await launchTestBrowser();
  });
  after(async () => {
    await browser?.close();
    await wordpress?.stop();
    await stack?.stop();
  });

  const contentPage = `${WP_URL}/wp-admin/options-general.php?page=credimo-content`;
  const row = (page: Page, list: string) => page.locator(`[data-list="${list}"] .credimo-rows .credimo-row`).last();

  /** Signs in on wp-login.php and lands on the content page (no dashboard between: the Playground is slow). */
  async function signInToWordPress(page: Page, login: string) {
    await page.goto(`${WP_URL}/wp-login.php?redirect_to=${encodeURIComponent(contentPage)}`);
    await page.locator('#user_login').fill(login);
    await page.locator('#user_pass').fill(ADMIN.password);
    await Promise.all([page.waitForURL(/\/wp-admin\//, { waitUntil: 'commit' }), page.locator('#wp-submit').click()]);
  }

  /** A page whose waits allow for the Playground's WebAssembly PHP (seconds per request). */
  async function newPage(options?: Parameters<Browser['newPage']>[0]) {
    const page = await browser.newPage(options);
    page.setDefaultTimeout(playground ? 180_000 : 30_000);
    return page;
  }

  test('an admin changes the phone, adds a menu link and a document, sees them in the preview, and a bad address saves nothing', async () => {
    const page = await newPage({ viewport: { width: 1400, height: 1000 } });
    await signInToWordPress(page, ADMIN.login);
    const preview = page.frameLocator('#credimo-content-preview');
    await preview.locator('[data-content-preview="live"]').waitFor();
    const previewHeader = preview.getByRole('banner');
    const previewFooter = preview.getByRole('contentinfo');
    await previewHeader.getByRole('link', { name: '+34 900 000 000' }).waitFor();

    await page.getByLabel('Teléfono').fill(NEW_PHONE);
    await page.getByRole('button', { name: 'Añadir a «Menú principal»' }).click();
    await row(page, 'menu').getByLabel('Título').fill('Blog');
    await row(page, 'menu').getByLabel('Dirección').fill('/blog');
    await page.getByRole('button', { name: 'Añadir a «Documentos»' }).click();
    await row(page, 'documents').getByLabel('Título').fill('Tarifas 2027');
    await row(page, 'documents').getByLabel('Dirección').fill('/documentos/tarifas-2027.pdf');

    // Before saving, the preview shows the app's own header and footer with the edits.
    await previewHeader.getByRole('link', { name: NEW_PHONE }).waitFor();
    // The preview column is phone-wide: the header's menu is in its burger, as on a phone.
    await previewHeader.getByRole('button', { name: 'Menú' }).click();
    await previewHeader.getByRole('navigation', { name: 'Menú' }).getByRole('link', { name: 'Blog' }).waitFor();
    await previewFooter.getByRole('link', { name: NEW_PHONE }).waitFor();
    await previewFooter
      .getByRole('navigation', { name: 'Documentos' })
      .getByRole('link', { name: 'Tarifas 2027' })
      .waitFor();
    assert.equal((await savedContent()).header.contacts.phone, '+34 900 000 000', 'nothing is saved by previewing');

    // A bad address: the Spanish message next to that field, and nothing saved at all.
    await page.getByRole('button', { name: 'Añadir a «Segundo menú»' }).click();
    await row(page, 'menu_2').getByLabel('Título').fill('Roto');
    await row(page, 'menu_2').getByLabel('Dirección').fill('javascript:alert(1)');
    await Promise.all([
      page.waitForURL(/settings-updated/),
      page.getByRole('button', { name: 'Guardar cambios' }).click(),
    ]);
    await page.getByText('No se ha guardado nada: corrige el campo marcado (1 error).').waitFor();
    // The form comes back as typed (with an empty row to add to): the row the editor wrote is marked.
    const badRow = page
      .locator('[data-list="menu_2"] .credimo-row')
      .filter({ has: page.locator('input[data-part="title"][value="Roto"]') });
    const bad = badRow.getByLabel('Dirección');
    assert.equal(await bad.inputValue(), 'javascript:alert(1)');
    assert.equal(await bad.getAttribute('aria-invalid'), 'true');
    const messageId = (await bad.getAttribute('aria-describedby')) ?? '';
    assert.match(
      (await page.locator(`[id="${messageId}"]`).textContent()) ?? '',
      /La dirección no es válida: escribe una ruta del sitio que empiece por \//,
    );
    const saved = await savedContent();
    assert.equal(saved.header.contacts.phone, '+34 900 000 000');
    assert.equal(
      saved.menu.some((link) => link.title === 'Blog'),
      false,
    );
    // What was typed comes back for correcting, not lost.
    assert.equal(await page.getByLabel('Teléfono').inputValue(), NEW_PHONE);
    assert.equal(await row(page, 'documents').getByLabel('Título').inputValue(), '', 'an empty row to add to');

    // Without the bad row, it saves.
    await badRow.getByRole('button', { name: 'Quitar' }).click();
    await Promise.all([
      page.waitForURL(/settings-updated/),
      page.getByRole('button', { name: 'Guardar cambios' }).click(),
    ]);
    assert.equal(await page.locator('.credimo-field-error').count(), 0);
    const now = await savedContent();
    assert.equal(now.header.contacts.phone, NEW_PHONE);
    assert.deepEqual(
      now.menu.find((link) => link.title === 'Blog'),
      { title: 'Blog', url: '/blog' },
    );
    assert.deepEqual(now.documents.at(-1), { title: 'Tarifas 2027', url: '/documentos/tarifas-2027.pdf' });
    await page.close();
  });

  test("the customer app's header and footers show the saved phone, link and document, axe-clean", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stack.urls.app}/auth`);
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: NEW_PHONE }).waitFor();
    await header.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Blog' }).waitFor();
    const documents = page.getByRole('contentinfo').getByRole('navigation', { name: 'Documentos' });
    // A document's address written as a path is the content site's, not the app's.
    assert.equal(
      await documents.getByRole('link', { name: 'Tarifas 2027' }).getAttribute('href'),
      `${WP_URL}/documentos/tarifas-2027.pdf`,
    );
    assert.deepEqual(await seriousA11yViolations(page), []);
    await context.close();

    // The account's big footer: contacts, the menus and the documents.
    const customer = await browser.newContext();
    const account = await customer.newPage();
    await signInThroughPages(account, stack.urls.app, '612554401');
    await registerThroughPages(account, '612554401');
    await account.waitForURL(/\/account$/);
    const footer = account.getByRole('contentinfo');
    await footer.getByRole('link', { name: NEW_PHONE }).waitFor();
    await footer.getByRole('link', { name: 'Blog' }).waitFor();
    await footer.getByRole('navigation', { name: 'Documentos' }).getByRole('link', { name: 'Tarifas 2027' }).waitFor();
    assert.deepEqual(await seriousA11yViolations(account), []);
    await customer.close();
  });

  test("an editor (WordPress's Editor role, not an administrator) edits the content; an author can neither open nor save it", async () => {
    const page = await newPage({ viewport: { width: 1280, height: 900 } });
    await signInToWordPress(page, 'pablo');
    const answer = await page.goto(contentPage);
    assert.equal(answer?.status(), 200);
    await page.getByLabel('Horario').fill('Lunes a sábado de 9:00 a 21:00');
    await Promise.all([
      page.waitForURL(/settings-updated/),
      page.getByRole('button', { name: 'Guardar cambios' }).click(),
    ]);
    assert.equal(await page.locator('.credimo-field-error').count(), 0);
    const saved = (await savedContent()) as unknown as { header: { contacts: { schedule: string } } };
    assert.equal(saved.header.contacts.schedule, 'Lunes a sábado de 9:00 a 21:00');
    await page.close();

    const author = await newPage();
    await signInToWordPress(author, 'ana');
    const refused = await author.goto(contentPage);
    assert.equal(refused?.status(), 403);
    assert.equal(await author.locator('.credimo-content-form').count(), 0);
    // options.php refuses the group without the content's capability (and without a valid nonce).
    const posted = await author.request.post(`${WP_URL}/wp-admin/options.php`, {
      form: { option_page: 'credimo_content', action: 'update', 'credimo_content[phone]': '+34 600 000 000' },
    });
    assert.notEqual(posted.status(), 200);
    assert.equal((await savedContent()).header.contacts.phone, NEW_PHONE);
    await author.close();
  });
});
