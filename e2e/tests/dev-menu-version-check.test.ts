import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import webpack from 'webpack';
import { distDir } from '../../scripts/apps';
import { type Stack, startStack } from '../../scripts/stack';
import { createConfig } from '../../webpack.config';
import { launchTestBrowser, seriousA11yViolations, watchConsole } from '../src/browser';
import { stackPorts } from '../src/ports';

const root = path.resolve(__dirname, '../..');
const builds = path.join(root, 'dist/.e2e-dev-menu');
const DEV_MENU_TITLE = 'Menú de desarrollo';
/** ASCII marks of the menu's code (the minifier escapes accented letters, so the title itself is no mark). */
const DEV_MENU_MARKS = ['credimo-dev-menu-title', 'Rellenar el formulario con datos de prueba'];
const hasMenu = (text: string) => DEV_MENU_MARKS.some((mark) => text.includes(mark));

/** Builds the shell alone, for production, into its own folder. */
async function buildShell(folder: string, devMenu: boolean): Promise<string> {
  const outputPath = path.join(builds, folder);
  const compiler = webpack(createConfig('shell', { mode: 'production', devMenu, outputPath }));
  const stats = await new Promise<webpack.Stats | undefined>((resolve, reject) =>
    compiler.run((error, result) => (error ? reject(error) : resolve(result))),
  );
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  assert.ok(stats && !stats.hasErrors(), stats?.toString({ all: false, errors: true }));
  return outputPath;
}

const scripts = (folder: string) =>
  readdirSync(folder)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, text: readFileSync(path.join(folder, file), 'utf8') }));

describe('the developer menu and the version check, in Chromium', () => {
  let plain: string;
  let withMenu: string;
  let stack: Stack;
  let browser: Browser;

  before(async () => {
    // The build every other browser test serves, made by `npm run build` (or by a stack where it was missing) with
    // the production default; this file builds the one that asks for the menu.
    withMenu = await buildShell('dev-menu', true);
    stack = await startStack({ env: stackPorts(3700), shellDir: withMenu, log: () => {} });
    plain = distDir('shell');
    browser = await launchTestBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
    rmSync(builds, { recursive: true, force: true });
  });

  test('a production build without the flag has no developer menu; with it, the menu is a chunk of its own', () => {
    const without = scripts(plain);
    assert.deepEqual(
      without.filter(({ text }) => hasMenu(text)).map(({ file }) => file),
      [],
      `${plain} carries the developer menu: build it without CREDIMO_DEV_MENU=on (npm run build)`,
    );
    assert.ok(!without.some(({ file }) => file.startsWith('dev-menu')), 'no dev-menu chunk');
    const withIt = scripts(withMenu);
    const chunk = withIt.find(({ file }) => file.startsWith('dev-menu.'));
    assert.ok(chunk, `a dev-menu chunk among ${withIt.map((s) => s.file).join(', ')}`);
    assert.ok(
      withIt.some(({ text }) => text.includes(DEV_MENU_MARKS[0] ?? '')),
      'the menu is in the build',
    );
    // Loaded lazily: the entry does not carry the menu itself.
    assert.ok(!withIt.some(({ file, text }) => file.startsWith('main.') && hasMenu(text)));
    // Both builds say their version at /version.json.
    for (const folder of [plain, withMenu]) {
      assert.match(readFileSync(path.join(folder, 'version.json'), 'utf8'), /^\{"version":"[0-9a-f]{8,}"\}$/);
    }
  });

  test('the backtick key shows the developer menu, the tilde hides it, and its cookie keeps it for 30 days', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto(`${stack.urls.app}/auth`);
    // The app itself (its keys), not the heading the server paints first.
    await page.locator('[data-screen="auth"]').waitFor();
    assert.equal(await page.getByRole('heading', { name: DEV_MENU_TITLE }).count(), 0);
    // Outside any field (typed in one, the key is text).
    await page.getByRole('heading', { name: 'Accede con tu móvil' }).click();
    await page.keyboard.press('Backquote');
    await page.getByRole('heading', { name: DEV_MENU_TITLE }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'credimo_dev_menu');
    assert.equal(cookie?.value, 'open');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    assert.ok(days > 29.9 && days <= 30, `expires in ${days} days`);
    assert.deepEqual(await seriousA11yViolations(page), []);
    // The autofill fills the phone form of the screen with a valid number and ticks the consents.
    await page.getByRole('button', { name: 'Rellenar el formulario con datos de prueba' }).click();
    await page.getByRole('status').filter({ hasText: 'campos rellenados' }).waitFor();
    assert.match((await page.locator('input[name="phone"]').inputValue()).replace(/\s/g, ''), /^6\d{8}$/);
    // Open after a reload (the cookie), then hidden with the tilde.
    await page.reload();
    await page.getByRole('heading', { name: DEV_MENU_TITLE }).waitFor();
    await page.getByRole('heading', { name: 'Accede con tu móvil' }).click();
    await page.keyboard.press('Shift+Backquote');
    await page.getByRole('heading', { name: DEV_MENU_TITLE }).waitFor({ state: 'detached' });
    assert.equal(
      (await context.cookies()).find((c) => c.name === 'credimo_dev_menu'),
      undefined,
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a new /version.json while the page is open asks to reload, and OK reloads', async () => {
    const versionFile = path.join(withMenu, 'version.json');
    const original = readFileSync(versionFile, 'utf8');
    const page = await browser.newPage();
    try {
      await page.goto(`${stack.urls.app}/auth`);
      await page.getByRole('heading', { name: 'Accede con tu móvil' }).waitFor();
      // The page has read its own version once; then a deploy replaces the shell.
      await page.waitForResponse((r) => r.url().endsWith('/version.json'));
      writeFileSync(versionFile, JSON.stringify({ version: 'deployed-later' }));
      const dialog = page.getByRole('dialog', { name: 'Nueva versión disponible' });
      await dialog.waitFor({ timeout: 12_000 });
      assert.match(
        (await dialog.textContent()) ?? '',
        /¡Hay una nueva versión de la aplicación! Recarga la página o pulsa Aceptar\./,
      );
      assert.deepEqual(await seriousA11yViolations(page), []);
      await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Aceptar' }).click()]);
      // After the reload the new version is the page's own: no dialog.
      await page.getByRole('heading', { name: 'Accede con tu móvil' }).waitFor();
      assert.equal(await page.getByRole('dialog').count(), 0);
    } finally {
      writeFileSync(versionFile, original);
      await page.close();
    }
  });
});
