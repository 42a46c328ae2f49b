import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { type Stack, startStack } from '../../scripts/stack';
import { launchTestBrowser, seriousA11yViolations } from '../src/browser';
import { stackPorts, testPort } from '../src/ports';
import { credimoSettingsPhp, startWordPress, type WordPress } from '../src/wordpress';
import { hasNativePhp, startNativeWordPress } from '../src/wordpress-native';

const WP_PORT = testPort(8889);
const WP_URL = `http://127.0.0.1:${WP_PORT}`;
const PASSWORD = 'una-clave-de-prueba-larga';
const SETTINGS = `${WP_URL}/wp-admin/options-general.php?page=credimo`;

/**
 * An editor's WordPress, in Spanish, at 1280 px: Settings > Credimo checks what is typed and whether the addresses
 * answer, the "Credimo" blocks preview their widget and check their values against the product's ranges, editors
 * (never visitors) are told on the page what a shortcode will not do as written, and uninstalling leaves nothing.
 */
describe('editors place the Credimo widgets in WordPress with confidence', () => {
  let stack: Stack;
  let wordpress: WordPress;
  let browser: Browser;
  const playground = process.env.E2E_WORDPRESS === 'playground' || !hasNativePhp();

  before(async () => {
    stack = await startStack({
      env: { ...stackPorts(4520), CORS_ORIGINS: `${WP_URL},http://localhost:${testPort(4520)}` },
      log: () => {},
    });
    const avisos = [
      '[credimo widget="nope"]',
      '[credimo widget="Calculadora" amount="abc" term="-5" promocode="NOEXISTE"]',
      '[credimo widget="calculator" amount="5000" term="90"]',
      '[credimo widget="Mi préstamo"]',
    ].join('\n');
    wordpress = await (playground ? startWordPress : startNativeWordPress)({
      port: WP_PORT,
      setupPhp: `
        ${credimoSettingsPhp(stack.urls)}
        update_option('admin_email_lifespan', time() + YEAR_IN_SECONDS);
        foreach (array('lucia' => 'administrator', 'pablo' => 'editor') as $login => $role) {
          $id = wp_insert_user(array('user_login' => $login, 'user_pass' => '${PASSWORD}',
            'user_email' => $login . '@credimo.es', 'role' => $role));
          // No welcome guide over the block editor.
          update_user_meta($id, $GLOBALS['wpdb']->get_blog_prefix() . 'persisted_preferences',
            array('core/edit-post' => array('welcomeGuide' => false), 'core' => array('welcomeGuide' => false), '_modified' => gmdate('c')));
        }
        wp_insert_post(array('post_title' => 'Avisos', 'post_name' => 'avisos', 'post_status' => 'publish',
          'post_type' => 'page', 'post_content' => ${JSON.stringify(avisos)}));
      `,
    });
    browser = await launchTestBrowser();
  });
  after(async () => {
    await browser?.close();
    await wordpress?.stop();
    await stack?.stop();
  });

  async function signedIn(login: string, width = 1280): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    page.setDefaultTimeout(playground ? 180_000 : 30_000);
    await page.goto(`${WP_URL}/wp-login.php`);
    await page.locator('#user_login').fill(login);
    await page.locator('#user_pass').fill(PASSWORD);
    // A busy host's PHP server (four workers, WordPress's cron among them) may take longer than a page wait; a
    // refused login names WordPress's own reason rather than a bare time-out.
    const admin = page.waitForURL(/\/wp-admin\//, { waitUntil: 'commit', timeout: playground ? 180_000 : 60_000 });
    await page.locator('#wp-submit').click();
    await admin.catch(async (error: Error) => {
      const refused = await page
        .locator('#login_error')
        .textContent({ timeout: 1000 })
        .catch(() => null);
      throw new Error(`${login} was not signed in at ${page.url()}: ${refused?.trim() || error.message}`);
    });
    return page;
  }

  /** A field's message, found through the field's aria-describedby. */
  async function messageOf(page: Page, label: string): Promise<string> {
    const field = page.getByLabel(label, { exact: true });
    const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ');
    const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
    return texts.join(' ');
  }

  test('Settings > Credimo explains each field, refuses bad values by the field and saves only addresses that answer', async () => {
    const page = await signedIn('lucia');
    await page.goto(SETTINGS);
    // In Spanish, each field explained, with the documentation, the connection's state and the product's limits.
    assert.match(
      await messageOf(page, 'Producto por defecto'),
      /El producto de préstamo de la API que muestran las calculadoras/,
    );
    assert.ok(await page.getByRole('link', { name: 'Documentación del plugin' }).first().isVisible());
    const state = page.locator('#credimo-connection');
    assert.match(
      (await state.locator('[data-credimo-check="api_base_url"]').textContent()) ?? '',
      /URL de la API \(.*\) responde\./,
    );
    assert.match(
      (await state.locator('[data-credimo-check="remotes_manifest_url"]').textContent()) ?? '',
      /responde\./,
    );
    assert.equal(
      await state.locator('[data-credimo-check="default_product"]').textContent(),
      'Producto 1: importes de 50 a 1.000 €, plazos de 5 a 30 días.',
    );
    assert.deepEqual(await seriousA11yViolations(page, '.wrap'), []);

    // An empty address, an ftp: address and product 0: three messages, nothing saved, the form as typed.
    await page.getByLabel('URL de la API', { exact: true }).fill('');
    await page.getByLabel('URL de la aplicación de clientes', { exact: true }).fill('ftp://app.credimo.es');
    await page.getByLabel('Producto por defecto', { exact: true }).fill('0');
    await Promise.all([
      page.waitForURL(/settings-updated/),
      page.getByRole('button', { name: 'Guardar cambios' }).click(),
    ]);
    await page.getByText('No se ha guardado nada: corrige los campos marcados (3 errores).').waitFor();
    assert.match(await messageOf(page, 'URL de la API'), /Escribe la dirección: es obligatoria\./);
    assert.match(
      await messageOf(page, 'URL de la aplicación de clientes'),
      /La dirección no es válida: debe empezar por https:\/\//,
    );
    assert.match(await messageOf(page, 'Producto por defecto'), /El producto debe ser un número entero mayor que 0/);
    assert.equal(
      await page.getByLabel('URL de la aplicación de clientes', { exact: true }).inputValue(),
      'ftp://app.credimo.es',
    );
    assert.equal(await page.getByLabel('URL de la API', { exact: true }).getAttribute('aria-invalid'), 'true');

    // Well-formed but wrong: the app's address given as the API's, and a product the API does not have.
    await page.getByLabel('URL de la API', { exact: true }).fill(stack.urls.app);
    await page.getByLabel('URL de la aplicación de clientes', { exact: true }).fill(stack.urls.app);
    await page.getByLabel('Producto por defecto', { exact: true }).fill('1');
    await Promise.all([
      page.waitForURL(/settings-updated/),
      page.getByRole('button', { name: 'Guardar cambios' }).click(),
    ]);
    assert.match(await messageOf(page, 'URL de la API'), /(no es la API de Credimo|estado HTTP \d+)/);
    await page.getByLabel('URL de la API', { exact: true }).fill(stack.urls.api);
    await page.getByLabel('Producto por defecto', { exact: true }).fill('999');
    await Promise.all([
      page.waitForURL(/settings-updated/),
      page.getByRole('button', { name: 'Guardar cambios' }).click(),
    ]);
    assert.match(await messageOf(page, 'Producto por defecto'), /La API no tiene el producto 999\./);

    // What was saved all along is what the set-up saved.
    await page.goto(SETTINGS);
    assert.equal(await page.getByLabel('URL de la API', { exact: true }).inputValue(), stack.urls.api);
    assert.equal(await page.getByLabel('Producto por defecto', { exact: true }).inputValue(), '1');

    // Correct values save, with the API's address written with a trailing slash.
    await page.getByLabel('URL de la API', { exact: true }).fill(`${stack.urls.api}/`);
    await Promise.all([
      page.waitForURL(/settings-updated/),
      page.getByRole('button', { name: 'Guardar cambios' }).click(),
    ]);
    assert.equal(await page.locator('.credimo-field-error').count(), 0);
    assert.equal(await page.getByLabel('URL de la API', { exact: true }).inputValue(), stack.urls.api);

    // Site Health runs the connection test; the Plugins list links the settings and shows the Spanish description.
    await page.goto(`${WP_URL}/wp-admin/site-health.php`);
    await page.getByText('Los widgets de Credimo llegan a la API y a su configuración').waitFor({ state: 'attached' });
    await page.goto(`${WP_URL}/wp-admin/plugins.php`);
    const row = page.locator('tr[data-slug="credimo"]');
    assert.equal(
      await row.getByRole('link', { name: 'Ajustes' }).getAttribute('href'),
      `${WP_URL}/wp-admin/options-general.php?page=credimo`,
    );
    assert.match(
      (await row.locator('.plugin-description').textContent()) ?? '',
      /^Widgets de Credimo \(calculadora de préstamos/,
    );
    await page.close();
  });

  test('an unknown widget, a Spanish name and values the calculator will not use: editors are told on the page, visitors are not', async () => {
    const page = await signedIn('pablo');
    await page.goto(`${WP_URL}/avisos/`, { waitUntil: 'domcontentloaded' });
    const notices = page.locator('.credimo-editor-notice');
    assert.equal(await notices.count(), 3);
    assert.match(
      (await notices.nth(0).textContent()) ?? '',
      /El widget «nope» no existe, así que los visitantes no ven nada aquí\. Widgets válidos: calculator \(Calculadora\), registration \(Registro\), my-loan \(Mi préstamo\)\./,
    );
    const second = (await notices.nth(1).textContent()) ?? '';
    assert.match(second, /«abc» no es un importe en euros/);
    assert.match(second, /«-5» no es un plazo en días/);
    assert.match(second, /El código promocional «NOEXISTE» no existe: la calculadora se abre sin él\./);
    const third = (await notices.nth(2).textContent()) ?? '';
    assert.match(third, /5\.000 € no es un importe del producto 1 \(de 50 € a 1\.000 €, de 10 € en 10 €\)/);
    assert.match(third, /90 días no es un plazo del producto 1 \(de 5 días a 30 días, de 1 día en 1 día\)/);
    // Styled as a notice, not a bare line.
    assert.equal(await notices.nth(0).evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(252, 249, 232)');
    // The Spanish names are widgets.
    assert.deepEqual(
      await page
        .locator('[data-credimo-widget]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-credimo-widget'))),
      ['calculator', 'calculator', 'my-loan'],
    );
    await page.close();

    const visitor = await browser.newPage();
    await visitor.goto(`${WP_URL}/avisos/`, { waitUntil: 'domcontentloaded' });
    assert.equal(await visitor.locator('.credimo-editor-notice').count(), 0);
    assert.equal(await visitor.getByText('no existe').count(), 0);
    assert.equal(await visitor.locator('[data-credimo-widget]').count(), 3);
    await visitor.close();
  });

  test('in the block editor: one inserter entry per widget with a preview, the widget previewed in the page, its values checked, List View telling blocks apart', async () => {
    const page = await signedIn('pablo');
    await page.goto(`${WP_URL}/wp-admin/post-new.php?post_type=page`);
    const canvas: FrameLocator = page.frameLocator('iframe[name="editor-canvas"]');
    // A new page opens on the theme's patterns: start from the empty page.
    await page.getByRole('dialog', { name: 'Choose a pattern' }).getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Toggle block inserter' }).click();
    await page.getByPlaceholder('Search').fill('Credimo');
    const results = page.getByRole('listbox', { name: 'Blocks' }).getByRole('option');
    await results.first().waitFor();
    assert.deepEqual((await results.allTextContents()).sort(), [
      'Credimo: calculadora',
      'Credimo: mi préstamo',
      'Credimo: registro',
    ]);
    const calculatorEntry = page.getByRole('option', { name: 'Credimo: calculadora' });
    await calculatorEntry.hover();
    const inserterPreview = page.locator('.block-editor-inserter__preview-container');
    await inserterPreview
      .getByText('La calculadora de préstamos: el cliente elige importe y plazo y lo solicita.')
      .waitFor();
    assert.equal(await inserterPreview.getByText('No preview available').count(), 0);
    await inserterPreview
      .frameLocator('iframe')
      .locator('[data-credimo-preview="calculator"]')
      .getByText('¿Cuánto necesitas?')
      .waitFor();
    await calculatorEntry.click();
    await page.getByRole('button', { name: 'Toggle block inserter' }).click();
    const settings = page.getByRole('button', { name: 'Settings', exact: true });
    if ((await settings.getAttribute('aria-pressed')) !== 'true') await settings.click();

    // The canvas previews the widget as the page will show it.
    const preview = canvas.locator('[data-credimo-preview="calculator"]');
    await preview.getByText('¿Cuánto necesitas?').waitFor();
    await page.getByText('Producto 1: importes de 50 a 1.000 €, plazos de 5 a 30 días.').waitFor();

    // Values the calculator would not use are refused by the field, with the product's ranges.
    const amount = page.getByLabel('Importe inicial (€)');
    const term = page.getByLabel('Plazo inicial (días)');
    await amount.fill('abc');
    await page.getByText('Escribe un importe en euros, solo con cifras (por ejemplo 300).').first().waitFor();
    await amount.fill('-5');
    await page.getByText('Escribe un importe en euros, solo con cifras (por ejemplo 300).').first().waitFor();
    await amount.fill('5000');
    await page.getByText('Escribe un importe de 50 a 1.000 €, de 10 en 10 €.').first().waitFor();
    await term.fill('¡no vale!');
    await page.getByText('Escribe un plazo en días, solo con cifras (por ejemplo 30).').first().waitFor();
    await page.getByLabel('Código promocional').fill('NOEXISTE');
    await page.getByText('Este código promocional no existe: la calculadora se abriría sin él.').first().waitFor();
    // The canvas warns too, and the server's preview carries the notice the page will show editors.
    await canvas.locator('.credimo-block-warning').waitFor();
    await canvas
      .locator('.credimo-editor-notice')
      .getByText(/5\.000 € no es un importe del producto 1/)
      .waitFor();

    await amount.fill('300');
    await term.fill('30');
    await page.getByLabel('Código promocional').fill('CREDIMO10');
    await preview.getByText('300 €').waitFor();
    await page.waitForTimeout(800);
    assert.equal(await canvas.locator('.credimo-block-warning').count(), 0);
    assert.equal(await page.locator('[role="alert"]', { hasText: 'Escribe' }).count(), 0);

    // A second block, the registration, previewed with its first screen; List View names both apart.
    await page.getByRole('button', { name: 'Toggle block inserter' }).click();
    await page.getByPlaceholder('Search').fill('Registro');
    await page.getByRole('option', { name: 'Credimo: registro' }).click();
    await canvas.locator('[data-credimo-preview="registration"]').getByText('Accede con tu móvil').waitFor();
    await page.getByRole('button', { name: 'Document Overview' }).click();
    const listView = page.getByRole('treegrid', { name: 'Block navigation structure' });
    await listView.getByText('Credimo: calculadora · 300 € · 30 días').waitFor();
    await listView.getByText('Credimo: registro').waitFor();
    await page.screenshot({ path: '/tmp/editor-block-editor.png' });
    await page.close();
  });

  test("uninstalling removes the settings, the site content, the kept price tables and remotes' manifests and the capability", {
    skip: !!playground,
  }, () => {
    const before = wordpress.runPhp?.(`
      update_option('credimo_content', array('phone' => '+34 911 000 000'));
      update_option('credimo_prices_1', array('kept' => 1));
      update_option('credimo_kept_remotes', array('kept' => 1));
      update_option('credimo_api_server_url', 'http://127.0.0.1:1');
      echo json_encode(array(get_option('credimo_settings') !== false, get_role('editor')->has_cap('credimo_edit_content')));
    `);
    assert.equal(before, '[true,true]');
    const afterwards = wordpress.runPhp?.(`
      uninstall_plugin('credimo/credimo.php');
      wp_cache_flush();
      echo json_encode(array(get_option('credimo_settings'), get_option('credimo_content'),
        get_option('credimo_prices_1'), get_option('credimo_kept_remotes'), get_option('credimo_api_server_url'),
        get_role('editor')->has_cap('credimo_edit_content'), get_role('administrator')->has_cap('credimo_edit_content')));
    `);
    assert.equal(afterwards, '[false,false,false,false,false,false,false]');
  });
});
