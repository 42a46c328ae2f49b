/**
 * `npm run bench:calculator`: the calculator alone on a real WordPress page, in Chromium throttled to 4x CPU
 * and 1.6 Mbit/s. Prints all JavaScript downloaded (gzipped as sent), the time from navigation to a
 * calculator that answers a slider, and the time from a slider step to the new price on screen (p95).
 */

import { launchChromium } from '../../e2e/src/browser';
import { stackPorts } from '../../e2e/src/ports';
import { startWordPress } from '../../e2e/src/wordpress';
import { startStack } from '../../scripts/stack';
import { report } from './budgets';

const WP_PORT = 8895;
const BUDGET = { calculatorPageJs: 110 * 1024, interactiveSeconds: 2.5, sliderFrameMs: 16 };

async function main() {
  const stack = await startStack({
    env: { ...stackPorts(3800), CORS_ORIGINS: `http://127.0.0.1:${WP_PORT}` },
    log: () => {},
  });
  const wordpress = await startWordPress({
    port: WP_PORT,
    setupPhp: `
      update_option('credimo_settings', array('api_base_url' => '${stack.urls.api}', 'app_url' => '${stack.urls.app}',
        'remotes_manifest_url' => '${stack.urls.app}/config.json', 'default_product' => 1));
      wp_insert_post(array('post_title' => 'Calculadora', 'post_name' => 'calculadora', 'post_status' => 'publish',
        'post_type' => 'page', 'post_content' => '[credimo widget="calculator" amount="300" term="30"]'));`,
  });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    // Warm WordPress and the servers once, unthrottled, so the measure is of the page and not of first starts.
    await page.goto(`${wordpress.url}/calculadora/`);
    await page.getByRole('slider', { name: 'Importe' }).waitFor();
    await page.close();

    const context = await browser.newContext();
    const measured = await context.newPage();
    const cdp = await context.newCDPSession(measured);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const scriptBytes = new Map<string, number>();
    const scriptIds = new Set<string>();
    const ours = new Set<string>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type !== 'Script') return;
      scriptIds.add(event.requestId);
      if (event.response.url.includes('credimo') || !event.response.url.startsWith(wordpress.url))
        ours.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (scriptIds.has(event.requestId)) scriptBytes.set(event.requestId, event.encodedDataLength);
    });

    const started = Date.now();
    // BENCH_TRACE=1 prints when each response finished, to see where the time goes.
    if (process.env.BENCH_TRACE) {
      measured.on('requestfinished', (request) =>
        console.log(`  +${((Date.now() - started) / 1000).toFixed(2)} s  ${request.url().slice(0, 110)}`),
      );
    }
    await measured.goto(`${wordpress.url}/calculadora/`, { waitUntil: 'commit' });
    const amount = measured.getByRole('slider', { name: 'Importe' });
    await amount.waitFor();
    const before = await amount.getAttribute('aria-valuetext');
    await amount.focus();
    await measured.keyboard.press('ArrowRight');
    await measured.waitForFunction(
      (previous) => document.querySelector('input[type="range"]')?.getAttribute('aria-valuetext') !== previous,
      before,
    );
    const interactive = (Date.now() - started) / 1000;
    // The Playground's PHP (WebAssembly, one worker) is slow to render the page itself; count from its arrival too.
    const htmlReceived = await measured.evaluate('performance.getEntriesByType("navigation")[0].responseEnd');
    const afterHtml = interactive - Number(htmlReceived) / 1000;

    // A string, not a function: the TypeScript runner would add helpers the page does not have.
    const stepTimes = (await measured.evaluate(`(() => {
      const slider = document.querySelector('input[type="range"]');
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      const times = [];
      for (let i = 0; i < 60; i++) {
        const shown = document.querySelector('dl').textContent;
        const t0 = performance.now();
        setValue.call(slider, String((i * 7) % Number(slider.max)));
        slider.dispatchEvent(new Event('input', { bubbles: true }));
        if (document.querySelector('dl').textContent !== shown) times.push(performance.now() - t0);
      }
      return times.sort((a, b) => a - b);
    })()`)) as number[];
    const p95 = stepTimes[Math.floor(stepTimes.length * 0.95)] ?? Number.NaN;
    const jsBytes = [...scriptBytes.values()].reduce((sum, n) => sum + n, 0);
    const ourBytes = [...scriptBytes].filter(([id]) => ours.has(id)).reduce((sum, [, n]) => sum + n, 0);

    const ok = report('The calculator alone on a WordPress page (4x CPU, 1.6 Mbit/s)', [
      {
        name: `Credimo JavaScript (${ours.size} scripts, as sent)`,
        value: ourBytes,
        budget: BUDGET.calculatorPageJs,
        unit: 'KB',
      },
      { name: `all JavaScript on the page, the theme's too (${scriptBytes.size})`, value: jsBytes, unit: 'KB' },
      {
        name: 'navigation to a calculator that answers a slider',
        value: interactive,
        budget: BUDGET.interactiveSeconds,
        unit: 's',
      },
      { name: 'page HTML received to a calculator that answers', value: afterHtml, unit: 's' },
      {
        name: `slider step to new price, p95 of ${stepTimes.length}`,
        value: p95,
        budget: BUDGET.sliderFrameMs,
        unit: 'ms',
      },
    ]);
    if (!ok) process.exitCode = 1;
  } finally {
    await browser.close();
    await wordpress.stop();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
