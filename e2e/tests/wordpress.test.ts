import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { type Stack, startStack } from '../../scripts/stack';
import { launchTestBrowser, seriousA11yViolations, watchConsole, watchCspViolations } from '../src/browser';
import { stackPorts, testPort } from '../src/ports';
import { credimoSettingsPhp, keepRemotes, startWordPress, type WordPress } from '../src/wordpress';
import { hasNativePhp, startNativeWordPress } from '../src/wordpress-native';

const WP_PORT = testPort(8891);
const XSS = '"><script>window.__credimoPwned=1</script>';

const originOf = (url: string) => new URL(url).origin;

/**
 * A site with its own strict policy, as wordpress-plugin/README.md tells site owners to write it: scripts only
 * from the site, the widgets' origin and this page's nonce (given to inline scripts through core's filters), no
 * 'unsafe-inline' or 'unsafe-eval' for scripts. Written as a must-use plugin, so every page is served with it.
 */
function strictCspMuPlugin(stack: Stack): string {
  const widgets = [...new Set(Object.values(stack.urls.remotes).map(originOf))].join(' ');
  const config = originOf(stack.urls.app);
  const api = originOf(stack.urls.api);
  const php = `<?php
function credimo_test_nonce() { static $n = null; return $n ?: ($n = base64_encode(random_bytes(16))); }
add_filter('wp_inline_script_attributes', function ($a) { $a['nonce'] = credimo_test_nonce(); return $a; });
add_filter('wp_script_attributes', function ($a) { $a['nonce'] = credimo_test_nonce(); return $a; });
// Core's emoji check starts a worker from a blob: (it would need worker-src blob:), nothing of Credimo's.
remove_action('wp_head', 'print_emoji_detection_script', 7);
add_action('send_headers', function () {
  header("Content-Security-Policy: default-src 'self'; script-src 'self' 'nonce-" . credimo_test_nonce() . "' ${widgets}; connect-src 'self' ${config} ${api} ${widgets}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'");
});`;
  return `wp_mkdir_p(WP_CONTENT_DIR . '/mu-plugins');
        file_put_contents(WP_CONTENT_DIR . '/mu-plugins/strict-csp.php', base64_decode('${Buffer.from(php).toString('base64')}'));`;
}

describe('the calculator on a real WordPress page', () => {
  let stack: Stack;
  let wordpress: WordPress;
  let browser: Browser;

  before(async () => {
    const env = { ...stackPorts(3600), CORS_ORIGINS: `http://127.0.0.1:${WP_PORT},http://localhost:${testPort(3600)}` };
    stack = await startStack({ env, log: () => {} });
    const content = `<!-- wp:paragraph --><p>Pide tu préstamo</p><!-- /wp:paragraph -->[credimo widget="calculator" amount="300" term="30"]<p>Otra calculadora:</p>[credimo widget="calculator" amount="500" term="15" promocode='${XSS}']`;
    // The machine's PHP serves WordPress as a host does (and fast); the Playground where PHP is missing.
    wordpress = await (hasNativePhp() ? startNativeWordPress : startWordPress)({
      port: WP_PORT,
      setupPhp: `
        ${credimoSettingsPhp(stack.urls)}
        wp_insert_post(array('post_title' => 'Préstamos', 'post_name' => 'prestamos', 'post_status' => 'publish',
          'post_type' => 'page', 'post_content' => ${JSON.stringify(content).replace(/\$/g, '\\$')}));
        ${strictCspMuPlugin(stack)}
        wp_insert_post(array('post_title' => 'Registro', 'post_name' => 'registro', 'post_status' => 'publish',
          'post_type' => 'page', 'post_content' => '[credimo widget="registration"]'));
        wp_insert_post(array('post_title' => 'Sin widgets', 'post_name' => 'sin-widgets', 'post_status' => 'publish',
          'post_type' => 'page', 'post_content' => '<p>Hola</p>'));
      `,
    });
    // A site that has served a page has the remotes' config and manifests kept (its cron fetched them).
    await keepRemotes(wordpress);
    browser = await launchTestBrowser();
  });
  after(async () => {
    await browser?.close();
    await wordpress?.stop();
    await stack?.stop();
  });

  test('two calculators work, with one React and one federation runtime, and an attribute stays inert', async () => {
    const page = await browser.newPage();
    const violations = await watchCspViolations(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const answer = await page.goto(`${wordpress.url}/prestamos/`);
    // The site's strict policy is in force on the page (scripts: no 'unsafe-inline').
    assert.match(answer?.headers()['content-security-policy'] ?? '', /script-src 'self' 'nonce-[^']+' http:/);
    // The mounted calculators (data-screen): the painted ones are in the page before them.
    const amounts = page.locator('[data-screen="calculator"]').getByRole('slider', { name: 'Importe' });
    await amounts.nth(0).waitFor();
    // The second calculator mounts as it nears the viewport.
    await page.locator('[data-credimo-widget]').nth(1).scrollIntoViewIfNeeded();
    await amounts.nth(1).waitFor();
    assert.equal(await amounts.count(), 2);
    assert.equal(await amounts.nth(0).getAttribute('aria-valuetext'), '300\u00a0€');
    assert.equal(await amounts.nth(1).getAttribute('aria-valuetext'), '500\u00a0€');
    // Moving one slider changes that calculator only.
    await amounts.nth(1).focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await amounts.nth(1).getAttribute('aria-valuetext'), '510\u00a0€');
    assert.equal(await amounts.nth(0).getAttribute('aria-valuetext'), '300\u00a0€');

    const remoteEntries = scripts.filter((url) => url.endsWith('/remoteEntry.js'));
    assert.equal(remoteEntries.length, 1, `one federation runtime: ${remoteEntries.join(', ')}`);
    const manifest = (await (await fetch(stack.urls.remotes.calculator)).json()) as {
      shared: Array<{ name: string; assets: { js: { sync: string[] } } }>;
    };
    const reactDom = manifest.shared.find((s) => s.name === 'react-dom/client')?.assets.js.sync ?? [];
    for (const file of reactDom) assert.equal(scripts.filter((url) => url.endsWith(`/${file}`)).length, 1, file);
    assert.equal(await page.locator('script#credimo-loader').count(), 1, 'the loader is printed once, inline');
    const head = await page.locator('head').innerHTML();
    // The calculators were painted from the table the plugin keeps, which their props carry: no request for it.
    assert.doesNotMatch(head, /\/v2\/products\/1\/prices/);

    assert.equal(await page.evaluate(() => (window as { __credimoPwned?: number }).__credimoPwned), undefined);
    const props = await page.locator('[data-credimo-widget]').nth(1).getAttribute('data-props');
    // The shortcode's clean attributes; a painted calculator adds the table it was painted from and its id.
    const { seed, paint, ...attributes } = JSON.parse(props ?? '');
    assert.deepEqual(attributes, { amount: 500, term: 15 });
    assert.ok(seed === undefined || typeof seed.prices === 'object', 'a painted calculator carries its table');
    assert.ok(paint === undefined || typeof paint === 'string');
    assert.deepEqual(await seriousA11yViolations(page, '[data-credimo-widget]'), []);
    assert.deepEqual(violations, [], 'the widgets work under the strict policy, breaking none of it');
    await page.close();
  });

  test('the page loads cleanly, theme included: no console error and no failed request', async () => {
    const page = await browser.newPage();
    const errors = watchConsole(page);
    page.on('requestfailed', (request) => errors.push(`${request.failure()?.errorText} ${request.url()}`));
    await page.goto(`${wordpress.url}/prestamos/`, { waitUntil: 'networkidle' });
    const mounted = page.locator('[data-screen="calculator"]');
    await mounted.first().waitFor();
    await page.locator('[data-credimo-widget]').nth(1).scrollIntoViewIfNeeded();
    await mounted.nth(1).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("the calculator's first files are asked for from the head, and every preload is used", async () => {
    const page = await browser.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' && /preload/i.test(message.text())) warnings.push(message.text());
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const answer = await page.goto(`${wordpress.url}/prestamos/`, { waitUntil: 'load' });
    // As the plugin sent them (the loader adds its own links to the head later, for what it was not handed).
    const head = (await answer?.text())?.split('</head>')[0] ?? '';
    const preloads = [...head.matchAll(/<link rel="preload" href="([^"]+)" as="script"[^>]*>/g)].map(
      (found) => found[1],
    );
    const base = new URL('.', stack.urls.remotes.calculator).href;
    const manifest = (await (await fetch(stack.urls.remotes.calculator)).json()) as {
      exposes: Array<{ path: string; firstLoad: string[] }>;
    };
    const firstLoad = manifest.exposes.find((expose) => expose.path === './mount')?.firstLoad ?? [];
    // The container and what its mount needs first, known to the plugin before the page is sent.
    assert.deepEqual(preloads.sort(), [`${base}remoteEntry.js`, ...firstLoad.map((file) => base + file)].sort());
    await page.locator('[data-screen="calculator"]').first().waitFor();
    // Chromium warns of a preload left unused a few seconds after the page's load.
    await page.waitForTimeout(4000);
    assert.deepEqual(warnings, []);
    // Each file once: the preload is the script's download.
    for (const href of preloads) assert.equal(scripts.filter((url) => url === href).length, 1, href);
    await page.close();
  });

  test('a widget whose remote borrows the federation runtime reads its fresh manifest: a kept one may name a runtime file a deploy removed', async () => {
    const page = await browser.newPage();
    const errors = watchConsole(page);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await page.goto(`${wordpress.url}/registro/`);
    await page.locator('[data-credimo-widget="registration"]').getByLabel('Número de móvil').waitFor();
    // The config came with the page; the manifest, which names the runtime's hashed file, is asked for.
    assert.deepEqual(
      asked.filter((url) => url.endsWith('/config.json')),
      [],
    );
    assert.equal(asked.filter((url) => url.endsWith('/mf-manifest.json')).length, 1);
    assert.ok(
      asked.some((url) => /federation-runtime\.[0-9a-f]+\.js$/.test(url)),
      'the runtime it borrows ran first',
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  test("the placeholder reserves the calculator's final box at each width: mounting moves nothing (CLS 0.00)", async () => {
    for (const width of [360, 414, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.addInitScript(`window.__shift = 0; new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });`);
      await page.goto(`${wordpress.url}/prestamos/`, { waitUntil: 'domcontentloaded' });
      const box = () => page.evaluate(`document.querySelector('[data-credimo-widget]').getBoundingClientRect().height`);
      const reserved = await box();
      await page.locator('[data-screen="calculator"]').first().waitFor();
      await page.waitForTimeout(300);
      assert.equal(await box(), reserved, `at ${width} px the widget keeps the placeholder's height`);
      const shift = (await page.evaluate('window.__shift')) as number;
      assert.ok(shift < 0.005, `at ${width} px the page shifted ${shift}`);
      await page.close();
    }
  });

  test('the plugin paints the calculator from the HTML; the widget takes the same box with the same figures', async () => {
    for (const width of [320, 414, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const failures = watchConsole(page);
      await page.addInitScript(`window.__shift = 0; window.__lcp = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            window.__lcp.push(entry.element && entry.element.closest('[data-screen]') ? 'widget' : 'page');
        }).observe({ type: 'largest-contentful-paint', buffered: true });`);
      // The calculator's container is held until the painted calculator is measured: the measure is of the paint.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(new URL('remoteEntry.js', stack.urls.remotes.calculator).href, async (route) => {
        await held;
        await route.continue();
      });
      // What a visitor reads and where: every word, figure and control of the first calculator, with its box and font.
      const read = () =>
        page.evaluate(() =>
          [
            ...(document
              .querySelector('[data-credimo-widget] section')
              ?.querySelectorAll('h2, label, output, input, dt, dd, button, p, a') ?? []),
          ].map((el) => {
            const { x, y, width, height } = el.getBoundingClientRect();
            const text =
              el instanceof HTMLInputElement ? (el.getAttribute('aria-valuetext') ?? el.value) : el.textContent;
            return { tag: el.tagName, text, x, y, width, height, font: getComputedStyle(el).font };
          }),
        );
      await page.goto(`${wordpress.url}/prestamos/`, { waitUntil: 'domcontentloaded' });
      assert.equal(await page.locator('.credimo-painted section').count(), 2, 'both calculators are painted');
      const painted = await read();
      const figures = (painted ?? []).filter((el) => el.tag === 'DD').map((el) => el.text);
      assert.equal(figures.length, 4, 'due date, commission, total and TAE are painted');
      assert.match(figures[0] ?? '', /^\d{2}\/\d{2}\/\d{4}$/);
      release();
      await page.locator('[data-screen="calculator"]').first().waitFor();
      await page.waitForTimeout(300);
      assert.equal(await page.locator('[data-credimo-widget] >> nth=0 >> .credimo-painted').count(), 0);
      assert.deepEqual(await read(), painted, `at ${width} px the widget shows what was painted, where it was painted`);
      assert.ok(((await page.evaluate('window.__shift')) as number) < 0.005, `at ${width} px the page shifted`);
      const lcp = (await page.evaluate('window.__lcp')) as string[];
      assert.ok(!lcp.includes('widget'), `at ${width} px the widget made a larger paint: ${lcp.join(', ')}`);
      assert.deepEqual(failures, []);
      await page.close();
    }
  });

  test('a painted slider answers before the widget arrives, and the widget starts where the visitor left it', async () => {
    const page = await browser.newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(new URL('remoteEntry.js', stack.urls.remotes.calculator).href, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${wordpress.url}/prestamos/`, { waitUntil: 'domcontentloaded' });
    const painted = page.locator('.credimo-painted').first().getByRole('slider', { name: 'Importe' });
    const figures = () => page.locator('[data-credimo-widget] section dl').first().textContent();
    const painted300 = await figures();
    await painted.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await painted.getAttribute('aria-valuetext'), '320\u00a0€');
    assert.equal(await page.locator('.credimo-painted output').first().textContent(), '320\u00a0€');
    // Its figures answer too, before the widget: those of 320 €, which the widget then shows.
    const answered = await figures();
    assert.notEqual(answered, painted300, 'the painted figures follow the slider');
    release();
    const mounted = page.locator('[data-screen="calculator"]').first().getByRole('slider', { name: 'Importe' });
    await mounted.waitFor();
    assert.equal(await mounted.getAttribute('aria-valuetext'), '320\u00a0€');
    assert.equal(await figures(), answered);
    await page.close();
  });

  test('a page without widgets gets no Credimo script', async () => {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${wordpress.url}/sin-widgets/`);
    assert.equal(scripts.filter((url) => url.includes('credimo')).length, 0);
    await page.close();
  });

  test('the content endpoint serves header, menu, contacts, footer and documents', async () => {
    const response = await fetch(`${wordpress.url}/wp-json/react/v2/data`);
    assert.equal(response.status, 200);
    const data = (await response.json()) as Record<string, unknown>;
    assert.deepEqual(Object.keys(data).sort(), ['contacts', 'documents', 'footer', 'header', 'menu']);
    assert.equal((data.contacts as { phone: string }).phone, '+34 900 000 000');
  });
});
