import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { type Stack, startStack } from '../../scripts/stack';
import { launchTestBrowser, seriousA11yViolations, tokenOf, watchConsole, watchCspViolations } from '../src/browser';
import { appShown, firstPaintBesideApp } from '../src/first-paint';
import { stackPorts } from '../src/ports';
import { registerThroughPages } from '../src/registration';
import { signInThroughPages } from '../src/session';

const FALLBACK = 'Este contenido no está disponible ahora mismo. Inténtalo de nuevo más tarde.';

/** A new customer signed in and registered through the pages, without a loan; answers their session. */
async function registeredThroughPages(browser: Browser, appUrl: string, phone: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughPages(page, appUrl, phone);
  await registerThroughPages(page, phone);
  await page.waitForURL(/\/account$/);
  const token = await tokenOf(page);
  await context.close();
  return token;
}

describe('the federated customer app in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  before(async () => {
    // A busy CI machine may take longer than the product's 300 ms for the account's first paint.
    stack = await startStack({ env: { ...stackPorts(3200), ACCOUNT_PAINT_TIMEOUT_MS: '5000' }, log: () => {} });
    browser = await launchTestBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  test('the shell opens /auth with the registration remote mounted, and it is accessible', async () => {
    const page = await browser.newPage();
    const errors = watchConsole(page);
    const violations = await watchCspViolations(page);
    const answer = await page.goto(`${stack.urls.app}/`);
    // The page is served under a strict policy, and nothing on it breaks that policy.
    assert.match(answer?.headers()['content-security-policy'] ?? '', /script-src 'self' [^;]*http:\/\/localhost/);
    assert.doesNotMatch(answer?.headers()['content-security-policy'] ?? '', /unsafe-inline|unsafe-eval/);
    assert.equal(answer?.headers()['x-frame-options'], 'DENY');
    await page.waitForURL(/\/auth$/);
    // The heading is painted from the page itself; the remote's screen replaces it once mounted.
    await page.locator('[data-layout="login"] [data-remote="registration"] [data-screen="auth"]').waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Accede con tu móvil' }).count(), 1);
    assert.equal(await page.locator('#first-paint').count(), 0, "the server's first paint is gone");
    // The styles of the shell and of the remote reached the page (CSS modules through style-loader).
    const logoColor = await page
      .getByRole('link', { name: 'Credimo, inicio' })
      .evaluate((el) => getComputedStyle(el).color);
    assert.equal(logoColor, 'rgb(11, 92, 59)');
    const buttonBackground = await page
      .getByRole('button', { name: 'Continuar' })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.equal(buttonBackground, 'rgb(11, 92, 59)');
    assert.deepEqual(await seriousA11yViolations(page), []);
    assert.deepEqual(errors, []);
    assert.deepEqual(violations, [], 'no Content-Security-Policy violation');
    await page.close();
  });

  test("the first screen's frame, heading and intro are in the page before any script runs", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${stack.urls.app}/auth`);
    await page.getByRole('heading', { name: 'Accede con tu móvil' }).waitFor();
    await page.getByText('Te enviaremos un código por SMS para entrar o crear tu cuenta.').waitFor();
    // Drawn by the layout's own rules: the logo in the brand's colour, the text in the layout's font size.
    const logoColor = await page
      .getByRole('link', { name: 'Credimo, inicio' })
      .evaluate((el) => getComputedStyle(el).color);
    assert.equal(logoColor, 'rgb(11, 92, 59)');
    await context.close();
  });

  test('the app draws the heading and intro where the first paint drew them, on a phone and a desktop', async () => {
    const boxes = async (width: number, javaScriptEnabled: boolean) => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${stack.urls.app}/auth`);
      if (javaScriptEnabled) await page.locator('[data-screen="auth"]').waitFor();
      const drawn = [
        await page.getByRole('banner').boundingBox(),
        await page.getByRole('heading', { name: 'Accede con tu móvil' }).boundingBox(),
        await page.getByText('Te enviaremos un código por SMS para entrar o crear tu cuenta.').boundingBox(),
      ];
      await context.close();
      return drawn;
    };
    for (const width of [412, 1280])
      assert.deepEqual(await boxes(width, true), await boxes(width, false), `${width} px`);
  });

  test("the account's cards are painted from the customer's data where the app then draws them", async () => {
    const phone = '612000202';
    const token = await registeredThroughPages(browser, stack.urls.app, phone);
    for (const width of [412, 1280]) {
      const pairs = await firstPaintBesideApp(browser, `${stack.urls.app}/account`, { width, token });
      // A registered customer without a loan, a card or an earned discount (no promo codes of their own): the
      // auto-debit offer, whose paragraph is the screen's largest text.
      assert.deepEqual(
        pairs.map(({ painted }) => painted.text),
        [
          'Activa el pago automático',
          'Añade tu tarjeta para pagar automáticamente en la fecha de devolución y consigue un 15 % de descuento en tu próximo préstamo.',
          'Añadir tarjeta',
        ],
      );
      for (const { painted, app } of pairs) assert.deepEqual(app?.box, painted.box, `${width} px: ${painted.text}`);
    }
  });

  test('each remote mounts on its own route, sharing one React', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = watchConsole(page);
    const violations = await watchCspViolations(page);
    // Signed in and registered through the pages, the customer lands on the account.
    await signInThroughPages(page, stack.urls.app, '612000201');
    await registerThroughPages(page, '612000201');
    await page.waitForURL(/\/account$/);
    // A customer without a loan: the account remote's screen and the calculator beside it (the server paints a copy
    // of the account's screen first, with the same marks: the remote's own is the app's).
    await appShown(page);
    await page.locator('[data-remote="account"] [data-screen="account"]').waitFor();
    await page.getByRole('heading', { name: 'Calcula tu préstamo' }).waitFor();
    await page.getByRole('link', { name: 'Historial de préstamos' }).click();
    await page.getByRole('heading', { name: 'Historial de préstamos' }).waitFor();
    // The payments remote's help page, from the footer (payment-methods opens only through a loan's button).
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cómo devolver tu préstamo' }).click();
    await page.getByRole('heading', { name: 'Cómo devolver tu préstamo' }).waitFor();
    const reactCopies = await page.evaluate(() => {
      const federation = (
        globalThis as {
          __FEDERATION__?: {
            __SHARE__?: Record<string, { default?: { react?: Record<string, { loaded?: boolean }> } }>;
          };
        }
      ).__FEDERATION__;
      const versions = new Set<string>();
      for (const scopes of Object.values(federation?.__SHARE__ ?? {})) {
        for (const [version, shared] of Object.entries(scopes?.default?.react ?? {})) {
          if (shared.loaded) versions.add(version);
        }
      }
      return versions.size;
    });
    assert.equal(reactCopies, 1, 'one React is loaded for the shell and every remote');
    assert.deepEqual(await seriousA11yViolations(page), []);
    assert.deepEqual(errors, []);
    assert.deepEqual(violations, [], 'no Content-Security-Policy violation');
    await context.close();
  });

  test('remote entries are revalidated and chunks are immutable', async () => {
    const entry = await fetch(stack.urls.remotes.calculator.replace('mf-manifest.json', 'remoteEntry.js'));
    assert.equal(entry.headers.get('cache-control'), 'no-cache');
    const manifest = (await (await fetch(stack.urls.remotes.calculator)).json()) as {
      exposes: Array<{ assets: { js: { sync: string[] } } }>;
    };
    const chunk = manifest.exposes[0]?.assets.js.sync[0];
    assert.ok(chunk);
    const chunkResponse = await fetch(stack.urls.remotes.calculator.replace('mf-manifest.json', chunk));
    assert.equal(chunkResponse.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });
});

describe('with one remote down', () => {
  let stack: Stack;
  let browser: Browser;
  before(async () => {
    stack = await startStack({ env: stackPorts(3300), brokenRemotes: ['account'], log: () => {} });
    browser = await launchTestBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  test('its place shows the Spanish fallback and the rest of the app works', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Sign-in and registration are the registration remote's; then the account's place.
    await signInThroughPages(page, stack.urls.app, '612000202');
    await registerThroughPages(page, '612000202');
    await page.waitForURL(/\/account$/);
    await page.locator('[data-remote="account"] [role="alert"]').getByText(FALLBACK).waitFor();
    // The calculator on the same page still works, and navigation to another remote works.
    await page.getByRole('heading', { name: 'Calcula tu préstamo' }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cómo devolver tu préstamo' }).click();
    await page.getByRole('heading', { name: 'Cómo devolver tu préstamo' }).waitFor();
    await context.close();
  });
});

describe('with a malformed remote config', () => {
  let stack: Stack;
  let browser: Browser;
  before(async () => {
    stack = await startStack({
      env: stackPorts(3400),
      configOverride: { apiBaseUrl: 42, remotes: 'nope' },
      startApi: false,
      log: () => {},
    });
    browser = await launchTestBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
  });

  test('the app still renders its layout, with the fallback where remotes would be', async () => {
    const page = await browser.newPage();
    await page.goto(`${stack.urls.app}/auth`);
    await page.getByRole('link', { name: 'Credimo, inicio' }).waitFor();
    await page.locator('[data-remote="registration"] [role="alert"]').getByText(FALLBACK).waitFor();
    await page.close();
  });
});
