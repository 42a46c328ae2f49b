import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type Stack, startStack } from '../../scripts/stack';
import { launchTestBrowser, seriousA11yViolations, watchConsole } from '../src/browser';
import { takeLoanThroughPages } from '../src/journey';
import { stackPorts, testPort } from '../src/ports';
import { registerOnWordPress, registerThroughPages } from '../src/registration';
import { signInThroughPages } from '../src/session';
import { credimoSettingsPhp, startWordPress, type WordPress } from '../src/wordpress';
import { hasNativePhp, startNativeWordPress } from '../src/wordpress-native';

const WP_PORT = testPort(8897);

/** How a request the test refuses on purpose fails (Playwright's `blockedbyclient`, said by the inspector). */
const HELD_OUT = 'net::ERR_BLOCKED_BY_CLIENT';

/** Console errors and failed requests of a page, in one list. */
function watchFailures(page: Page): string[] {
  const errors = watchConsole(page);
  page.on('requestfailed', (request) => {
    // Leaving the WordPress page for the app cancels what that page still had in flight, and the fonts the shift
    // watch holds out are refused on purpose: neither is a failure.
    const error = request.failure()?.errorText ?? '';
    if (error !== 'net::ERR_ABORTED' && !error.startsWith(HELD_OUT)) errors.push(`${error} ${request.url()}`);
  });
  return errors;
}

/** Chromium's warnings of a preloaded file the page did not use. */
function watchPreloadWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' && /preload/i.test(message.text())) warnings.push(message.text());
  });
  return warnings;
}

/**
 * Layout shifts of the page (not caused by input) that a widget can have caused, summed as CLS counts them: a shift
 * counts unless every element it moved comes before every widget on the page, outside them (the theme's header and
 * navigation above them, which a widget's box cannot push), or holds every widget (a box whose top moved because
 * something above it changed). Every shift is listed, with where each box was and went, for the failure message.
 *
 * The theme's web fonts are held out: on a busy machine one can arrive after the first paint and swap in
 * (font-display: fallback), so the theme's text above a widget grows and pushes the widget down, a shift of the
 * theme's (0.013 and 0.0055 once each in CI), not the widgets'.
 */
async function watchShifts(page: Page) {
  await page.route(/\.woff2$/, (route) => route.abort('blockedbyclient'));
  await page.addInitScript(`window.__shift = 0; window.__shifted = []; new PerformanceObserver((list) => {
    // A box before every widget, or one holding them all, moves only when something above the widgets changes
    // (the theme's navigation, its fonts): a widget mounting moves what comes after it, never where its own
    // container starts.
    const theThemesBox = (node) => {
      const widgets = document.querySelectorAll('[data-credimo-widget]');
      if (!node || widgets.length === 0) return false;
      const holdsEvery = [...widgets].every((widget) => node !== widget && node.contains(widget));
      return holdsEvery || [...widgets].every((widget) => !node.contains(widget) && (widget.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_PRECEDING));
    };
    const rect = (r) => r ? Math.round(r.y) + '+' + Math.round(r.height) : '?';
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) {
      const sources = entry.sources || [];
      const theThemes = sources.length > 0 && sources.every((s) => theThemesBox(s.node));
      if (!theThemes) window.__shift += entry.value;
      window.__shifted.push(entry.value.toFixed(4) + (theThemes ? ' (the theme) ' : ' ') + sources.map((s) => (s.node ? (s.node.nodeName + '.' + (s.node.className || '')) : '?') + ' y ' + rect(s.previousRect) + ' to ' + rect(s.currentRect)).join(','));
    }
  }).observe({ type: 'layout-shift', buffered: true });`);
  return async () => {
    const [total, shifted] = (await page.evaluate('[window.__shift, window.__shifted]')) as [number, string[]];
    return { total, said: `the page shifted ${total}: ${JSON.stringify(shifted)}` };
  };
}

/** The placeholder's height, then the mounted widget's: the same when the placeholder reserved the final box. */
async function reservedThenMounted(page: Page, widget: string, mounted: () => Promise<void>) {
  const box = () =>
    page.evaluate(`document.querySelector('[data-credimo-widget="${widget}"]').getBoundingClientRect().height`);
  const reserved = await box();
  await mounted();
  await page.waitForTimeout(300);
  return [reserved, await box()];
}

/**
 * As in production (www., app. and api. of one domain), the site, the app and the API are one site with three hosts:
 * names under credimo.localhost, which Chromium resolves to this machine. Node resolves none of them, so the test's
 * own calls go to the API's loopback address.
 */
const SITE_HOST = 'www.credimo.localhost';

/** The customer's session on the WordPress site (the widgets' own, apart from the app's). */
const siteSession = async (context: BrowserContext, siteUrl: string) =>
  (await context.cookies(siteUrl)).find((c) => c.name === 'credimo_access_token')?.value;

describe('the registration and "my loan" widgets on a real WordPress page', () => {
  let stack: Stack;
  let wordpress: WordPress;
  let browser: Browser;
  let apiUrl: string;

  before(async () => {
    const base = stackPorts(4450);
    apiUrl = `http://127.0.0.1:${base.API_PORT}`;
    const env = {
      ...base,
      PUBLIC_API_URL: `http://api.credimo.localhost:${base.API_PORT}`,
      PUBLIC_APP_URL: `http://app.credimo.localhost:${base.APP_PORT}`,
      API_INTERNAL_URL: apiUrl,
      CORS_ORIGINS: `http://${SITE_HOST}:${WP_PORT},http://app.credimo.localhost:${base.APP_PORT}`,
    };
    stack = await startStack({ env, log: () => {} });
    const pages = {
      registro: '<p>Regístrate sin salir de la página</p>[credimo widget="registration"]',
      // The block offers every widget: "my loan" placed as a block.
      'mi-prestamo': '<!-- wp:credimo/calculator {"widget":"my-loan"} /-->',
      calculadora: '[credimo widget="calculator" amount="300" term="30"]',
      'dos-widgets': '[credimo widget="registration"]<!-- wp:credimo/calculator {"widget":"my-loan"} /-->',
      'calculadora-y-prestamo':
        '<!-- wp:credimo/calculator {"widget":"my-loan"} /--><!-- wp:credimo/calculator {"amount":"300","term":"30"} /-->',
    };
    wordpress = await (hasNativePhp() ? startNativeWordPress : startWordPress)({
      port: WP_PORT,
      host: SITE_HOST,
      setupPhp: `
        ${credimoSettingsPhp(stack.urls, apiUrl)}
        remove_action('wp_head', 'print_emoji_detection_script', 7);
        ${Object.entries(pages)
          .map(
            ([slug, content]) => `wp_insert_post(array('post_title' => '${slug}', 'post_name' => '${slug}',
          'post_status' => 'publish', 'post_type' => 'page', 'post_content' => ${JSON.stringify(content)}));`,
          )
          .join('\n')}
      `,
    });
    browser = await launchTestBrowser();
  });
  after(async () => {
    await browser?.close();
    await wordpress?.stop();
    await stack?.stop();
  });

  test('a visitor signs in and fills the profile on the WordPress page, then lands in the app at the next step', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const failures = watchFailures(page);
    const shifts = await watchShifts(page);
    await page.goto(`${wordpress.url}/registro/`, { waitUntil: 'domcontentloaded' });
    const widget = page.locator('[data-credimo-widget="registration"]');
    const phone = widget.getByLabel('Número de móvil');
    const [reserved, mounted] = await reservedThenMounted(page, 'registration', () => phone.waitFor());
    assert.equal(mounted, reserved, 'the placeholder reserves the sign-in step');
    const shifted = await shifts();
    assert.ok(shifted.total < 0.005, shifted.said);
    assert.deepEqual(await seriousA11yViolations(page, '[data-credimo-widget]'), [], 'the sign-in step is accessible');

    // Bad input: the Spanish message on the field, nothing sent.
    await phone.fill('123');
    await widget.getByRole('button', { name: 'Continuar' }).click();
    await widget.getByText('El teléfono no es válido').waitFor();

    await phone.fill('612000501');
    await widget.getByLabel('Aceptar todo').dispatchEvent('click');
    await widget.getByRole('button', { name: 'Continuar' }).click();
    const sent = page.waitForResponse((r) => r.url().endsWith('/v2/user/login'));
    await page.getByRole('button', { name: 'Sí, enviar el código' }).click();
    const code = (await sent).headers()['x-sms-code'] ?? '';
    const login = JSON.parse((await sent).request().postData() ?? '{}');
    assert.match(login.recaptcha_token, /^sandbox\./, 'the captcha token goes with the sign-in as in the app');
    await widget.locator('input[name="code"]').fill(code);
    await widget.getByRole('button', { name: 'Confirmar' }).click();

    // Still on the WordPress page: the personal data step of the registration remote.
    await widget.getByRole('heading', { name: 'Tus datos personales' }).waitFor();
    assert.equal(new URL(page.url()).origin, new URL(wordpress.url).origin);
    assert.deepEqual(await seriousA11yViolations(page, '[data-credimo-widget]'), [], 'personal data is accessible');
    await widget.getByLabel('Nombre', { exact: true }).fill('Lucía');
    await widget.getByLabel('Primer apellido').fill('Martín');
    await widget.getByLabel('DNI o NIE').fill('12345678Z');
    await widget.getByLabel('Caducidad del documento').fill('01/01/2031');
    await widget.getByLabel('Fecha de nacimiento').fill('15/03/1991');
    await widget.getByLabel('Mujer').dispatchEvent('click');
    await widget.getByLabel('Código postal').fill('28014');
    await widget.getByLabel('Provincia').fill('Madrid');
    await widget.getByLabel('Municipio').fill('Madrid');
    await widget.getByLabel('Calle').fill('Calle de Alcalá');
    await widget.getByLabel('Número', { exact: true }).fill('1');
    await widget.getByRole('button', { name: 'Continuar' }).click();

    await widget.getByRole('heading', { name: 'Información adicional' }).waitFor();
    assert.equal(new URL(page.url()).origin, new URL(wordpress.url).origin);
    await widget.getByLabel('Correo electrónico').fill('lucia@credimo.es');
    await widget.getByLabel('Situación laboral').selectOption({ label: 'Jubilado' });
    await widget.getByLabel('Estudios').selectOption({ label: 'Bachillerato' });
    await widget.getByLabel('¿Tienes ahora otro préstamo?').selectOption({ label: 'No' });
    await widget.getByLabel('Relación').selectOption({ label: 'Amigo/amiga' });
    await widget.getByLabel('Nombre del contacto').fill('Pedro');
    await widget.getByLabel('Teléfono del contacto').fill('634 56 78 12');
    assert.deepEqual(await seriousA11yViolations(page, '[data-credimo-widget]'), [], 'additional data is accessible');
    await widget.getByRole('button', { name: 'Continuar' }).click();

    // Done with what the widget covers: the app, signed in through the one-time code, at the step the redirect
    // rules give a customer registered without a loan (the account, whose calculator asks for a choice).
    await page.waitForURL(`${stack.urls.app}/account`);
    await page.locator('[data-screen="calculator"]').getByRole('slider', { name: 'Importe' }).waitFor();
    assert.ok(!page.url().includes('code='), 'the one-time code is gone from the address');
    const appCookie = (await context.cookies(stack.urls.app)).find((c) => c.name === 'credimo_access_token');
    const siteCookie = (await context.cookies(wordpress.url)).find((c) => c.name === 'credimo_access_token');
    assert.ok(
      appCookie?.value && siteCookie?.value && appCookie.value !== siteCookie.value,
      'the app has its own session',
    );
    assert.deepEqual(failures, []);
    await context.close();
  });

  test('a signed-in customer with a loan sees "my loan" on a WordPress page and goes on to the account', async () => {
    const phone = '612000502';
    const context = await browser.newContext();
    const page = await context.newPage();
    // Registered on the WordPress page, the customer takes the loan in the app, then comes back to the site.
    await registerOnWordPress(page, wordpress.url, stack.urls.app, phone);
    await takeLoanThroughPages(page, { amount: 30_000, term: 30 });
    const failures = watchFailures(page);
    const shifts = await watchShifts(page);
    const preloadWarnings = watchPreloadWarnings(page);
    await page.goto(`${wordpress.url}/mi-prestamo/`, { waitUntil: 'domcontentloaded' });
    const widget = page.locator('[data-credimo-widget="my-loan"]');
    const [reserved, mounted] = await reservedThenMounted(page, 'my-loan', () =>
      widget.getByText('Préstamo activo').waitFor(),
    );
    assert.equal(mounted, reserved, 'the placeholder reserves the loan summary');
    const shifted = await shifts();
    assert.ok(shifted.total < 0.005, shifted.said);
    const fact = async (term: string) =>
      (await widget.locator('dt', { hasText: term }).locator('+ dd').textContent()) ?? '';
    assert.equal(await fact('Importe'), '300,00\u00a0€');
    assert.match(await fact('Fecha de devolución'), /^\d\d\/\d\d\/\d{4}$/);
    assert.match(await fact('A devolver hoy'), /€$/);
    assert.deepEqual(await seriousA11yViolations(page, '[data-credimo-widget]'), [], '"my loan" is accessible');
    // Chromium warns of a preload left unused a few seconds after the page's load.
    await page.waitForTimeout(4000);
    assert.deepEqual(preloadWarnings, [], 'every file the page preloads is used');
    await widget.getByRole('link', { name: 'Ir a mi cuenta' }).click();
    await page.waitForURL(`${stack.urls.app}/account`);
    assert.deepEqual(failures, []);
    await context.close();
  });

  test("a hand-off code asked for in one browser and opened in another signs nobody in there and keeps that browser's session; where it was asked, it opens the account", async () => {
    const customerOf = async (token: string) =>
      (
        (await (await fetch(`${apiUrl}/v2/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          id: string;
        }
      ).id;
    const appToken = async (context: BrowserContext) =>
      (await context.cookies(stack.urls.app)).find((c) => c.name === 'credimo_access_token')?.value;
    const phoneA = '612000503';
    const browserA = await browser.newContext();
    const pageA = await browserA.newPage();
    await registerOnWordPress(pageA, wordpress.url, stack.urls.app, phoneA);
    const tokenA = (await siteSession(browserA, wordpress.url)) ?? '';
    // The attacker's browser: the address the widget opens is kept (the link they would send), not followed.
    const isHandoff = (url: URL) => url.origin === new URL(stack.urls.app).origin && url.pathname === '/auth/handoff';
    await pageA.route(isHandoff, (route) => route.abort());
    await pageA.goto(`${wordpress.url}/mi-prestamo/`, { waitUntil: 'domcontentloaded' });
    const asked = pageA.waitForRequest((request) => isHandoff(new URL(request.url())));
    await pageA.getByRole('link', { name: 'Solicitar un préstamo' }).click();
    const link = (await asked).url();
    assert.match(link, /[?&]code=/);

    // The victim's browser, signed in to the app as another customer, opens the link.
    const phoneB = '612000504';
    const browserB = await browser.newContext();
    const signingIn = await browserB.newPage();
    await signInThroughPages(signingIn, stack.urls.app, phoneB);
    await registerThroughPages(signingIn, phoneB);
    await signingIn.close();
    const tokenB = (await appToken(browserB)) ?? '';
    const customerB = await customerOf(tokenB);
    assert.ok(customerB);
    const pageB = await browserB.newPage();
    await pageB.goto(link);
    await pageB.getByText('Este enlace se pidió en otro navegador').waitFor();
    assert.equal(await appToken(browserB), tokenB, "the victim's session is not dropped");
    assert.equal(await customerOf(tokenB), customerB, 'and it is still theirs');

    // A browser signed in nowhere is not signed in either.
    const browserC = await browser.newContext();
    const pageC = await browserC.newPage();
    await pageC.goto(link);
    await pageC.getByText('Este enlace se pidió en otro navegador').waitFor();
    assert.equal(await appToken(browserC), undefined);
    await pageC.getByRole('link', { name: 'Ir al acceso' }).click();
    await pageC.getByLabel('Número de móvil').waitFor();

    // In the browser that asked for it the hand-off goes on as always (back on the page the kept link left).
    await pageA.unroute(isHandoff);
    await pageA.goto(`${wordpress.url}/mi-prestamo/`, { waitUntil: 'domcontentloaded' });
    await pageA.getByRole('link', { name: 'Solicitar un préstamo' }).click();
    await pageA.waitForURL(`${stack.urls.app}/account`);
    assert.equal(await customerOf((await appToken(browserA)) ?? ''), await customerOf(tokenA));
    await Promise.all([browserA.close(), browserB.close(), browserC.close()]);
  });

  test('signed out, "my loan" is a short sign-in prompt; a page with the calculator alone loads no other widget', async () => {
    const page = await browser.newPage();
    const failures = watchFailures(page);
    await page.goto(`${wordpress.url}/mi-prestamo/`, { waitUntil: 'domcontentloaded' });
    const signIn = page.getByRole('link', { name: 'Iniciar sesión' });
    const [reserved, mounted] = await reservedThenMounted(page, 'my-loan', () => signIn.waitFor());
    assert.equal(mounted, reserved, 'the placeholder reserves the sign-in prompt');
    // Sized to its content: under the button, only the card's padding and border.
    const below = await page.evaluate(() => {
      const card = document.querySelector('[data-credimo-widget="my-loan"] section') as HTMLElement;
      return (
        card.getBoundingClientRect().bottom - (card.querySelector('a') as HTMLElement).getBoundingClientRect().bottom
      );
    });
    assert.ok(below <= 18, `${below} px under the sign-in button`);
    assert.equal(await signIn.getAttribute('href'), `${stack.urls.app}/auth`);
    assert.deepEqual(await seriousA11yViolations(page, '[data-credimo-widget]'), []);

    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${wordpress.url}/calculadora/`);
    await page.locator('[data-screen="calculator"]').getByRole('slider', { name: 'Importe' }).waitFor();
    const others = [stack.urls.remotes.registration, stack.urls.remotes.account].map((url) => new URL(url).origin);
    assert.deepEqual(
      scripts.filter((url) => others.includes(new URL(url).origin)),
      [],
    );
    assert.deepEqual(failures, []);
    await page.close();
  });

  test('"my loan" alone asks for what it shows first: every file the page preloads is used', async () => {
    const page = await browser.newPage();
    const warnings = watchPreloadWarnings(page);
    await page.goto(`${wordpress.url}/mi-prestamo/`);
    await page.locator('[data-credimo-widget="my-loan"]').getByRole('link', { name: 'Iniciar sesión' }).waitFor();
    // Chromium warns of a preload left unused a few seconds after the page's load.
    await page.waitForTimeout(4000);
    assert.deepEqual(warnings, []);
    await page.close();
  });

  test('widgets of two remotes on one page run one federation runtime; the calculator and the app need no file of it', async () => {
    const page = await browser.newPage();
    const failures = watchFailures(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const runtimes = () => scripts.filter((file) => /\/federation-runtime\.[0-9a-f]+\.js$/.test(file));
    await page.goto(`${wordpress.url}/dos-widgets/`);
    await page.getByLabel('Número de móvil').waitFor();
    await page.locator('[data-credimo-widget="my-loan"]').getByRole('link', { name: 'Iniciar sesión' }).waitFor();
    assert.equal(runtimes().length, 1, `one runtime for both containers: ${scripts.join(', ')}`);
    assert.equal(scripts.filter((file) => file.endsWith('/remoteEntry.js')).length, 2);

    scripts.length = 0;
    await page.goto(`${wordpress.url}/calculadora/`);
    await page.locator('[data-screen="calculator"]').getByRole('slider', { name: 'Importe' }).waitFor();
    assert.deepEqual(runtimes(), [], 'the calculator carries its own runtime: one file fewer on the marketing page');

    // In the app the shell lends its runtime to the remotes it loads.
    scripts.length = 0;
    await page.goto(`${stack.urls.app}/auth`);
    await page.getByLabel('Número de móvil').waitFor();
    assert.ok(
      scripts.some((file) => file.endsWith('/remoteEntry.js')),
      'a remote was loaded',
    );
    assert.deepEqual(runtimes(), []);
    assert.deepEqual(failures, []);
    await page.close();
  });

  test("the registration placeholder paints the sign-in's heading and intro where the widget draws them: the page's largest paint is not the widget's", async () => {
    for (const width of [320, 414, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const failures = watchFailures(page);
      await page.addInitScript(`window.__lcp = []; new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const el = entry.element;
          window.__lcp.push(!el ? 'none' : el.closest('.credimo-painted') ? 'painted' : el.closest('[data-widget-step]') ? 'widget' : 'page');
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });`);
      // The remote's entry is held until the painted words are measured, so the measure is of the paint.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(new URL('remoteEntry.js', stack.urls.remotes.registration).href, async (route) => {
        await held;
        await route.continue();
      });
      const words = (frame: string) =>
        page.evaluate(
          (selector) =>
            [...document.querySelectorAll(`${selector} section > h1, ${selector} section > p`)]
              .slice(0, 2)
              .map((el) => {
                const { x, y, width, height } = el.getBoundingClientRect();
                return { text: el.textContent, x, y, width, height, font: getComputedStyle(el).font };
              }),
          frame,
        );
      await page.goto(`${wordpress.url}/registro/`, { waitUntil: 'domcontentloaded' });
      const painted = await words('[data-credimo-widget="registration"] .credimo-painted');
      assert.deepEqual(
        painted.map((word) => word.text),
        ['Accede con tu móvil', 'Te enviaremos un código por SMS para entrar o crear tu cuenta.'],
      );
      release();
      await page.getByLabel('Número de móvil').waitFor();
      await page.waitForTimeout(300);
      assert.equal(await page.locator('.credimo-painted').count(), 0, 'the widget replaced the paint');
      assert.deepEqual(
        await words('[data-widget-step]'),
        painted,
        `at ${width} px the words stay where they were painted`,
      );
      const lcp = (await page.evaluate('window.__lcp')) as string[];
      assert.ok(!lcp.includes('widget'), `at ${width} px the widget made a larger paint: ${lcp.join(', ')}`);
      assert.deepEqual(failures, []);
      await page.close();
    }
  });

  test("at every width the placeholders reserve the widgets' boxes: mounting moves nothing (CLS 0.00)", async () => {
    for (const width of [320, 360, 414, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const shifts = await watchShifts(page);
      await page.goto(`${wordpress.url}/registro/`, { waitUntil: 'domcontentloaded' });
      const registration = await reservedThenMounted(page, 'registration', () =>
        page.getByLabel('Número de móvil').waitFor(),
      );
      assert.equal(registration[1], registration[0], `at ${width} px the sign-in keeps the placeholder's height`);
      await page.goto(`${wordpress.url}/mi-prestamo/`, { waitUntil: 'domcontentloaded' });
      const myLoan = await reservedThenMounted(page, 'my-loan', () =>
        page.getByRole('link', { name: 'Iniciar sesión' }).waitFor(),
      );
      assert.equal(myLoan[1], myLoan[0], `at ${width} px "my loan" keeps the placeholder's height`);
      const shifted = await shifts();
      assert.ok(shifted.total < 0.005, `at ${width} px ${shifted.said}`);
      await page.close();
    }
  });
  test('a page with "my loan" and the calculator keeps its layout (CLS <= 0.02) for a visitor, a customer without a loan and one with a loan', async () => {
    // Each customer registers on the WordPress page (one takes a loan in the app); their site session is then the
    // one each measured browser below opens the page with.
    const sessionOf = async (phone: string, loan: boolean) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await registerOnWordPress(page, wordpress.url, stack.urls.app, phone);
      if (loan) await takeLoanThroughPages(page, { amount: 30_000, term: 30 });
      const token = (await siteSession(context, wordpress.url)) ?? '';
      await context.close();
      return token;
    };
    const withoutLoan = await sessionOf('612000505', false);
    const withLoan = await sessionOf('612000506', true);
    const states: Array<[string, string | null, string]> = [
      ['a visitor', null, 'Iniciar sesión'],
      ['a customer without a loan', withoutLoan, 'Solicitar un préstamo'],
      ['a customer with a loan', withLoan, 'Préstamo activo'],
    ];
    for (const width of [390, 1280]) {
      for (const [who, token, myLoanText] of states) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        if (token) await context.addCookies([{ name: 'credimo_access_token', value: token, url: wordpress.url }]);
        const page = await context.newPage();
        const shifts = await watchShifts(page);
        await page.goto(`${wordpress.url}/calculadora-y-prestamo/`, { waitUntil: 'domcontentloaded' });
        await page.locator('[data-credimo-widget="my-loan"]').getByText(myLoanText).first().waitFor();
        const calculator = page.locator('[data-credimo-widget="calculator"]');
        await calculator.scrollIntoViewIfNeeded();
        if (token === withLoan) await calculator.getByText('Ya tienes un préstamo en curso').waitFor();
        else await calculator.getByRole('slider', { name: 'Importe' }).waitFor();
        await page.waitForTimeout(500);
        const shifted = await shifts();
        assert.ok(shifted.total <= 0.02, `${who} at ${width} px: ${shifted.said}`);
        await context.close();
      }
    }
  });
});
