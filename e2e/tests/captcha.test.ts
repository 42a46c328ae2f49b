import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import type { Page, Request } from 'playwright-core';
import { watchConsole, watchCspViolations } from '../src/browser';
import { stackPorts, testPort } from '../src/ports';
import { withStack } from '../src/stack-hooks';

/** A key shaped as Google's (40 characters, starting 6L): anything not `sandbox…` is a real key to the app. */
const SITE_KEY = '6LcE2eReCaptchaSiteKeyForTheTestsOnly0000';
const SECRET = 'e2e-recaptcha-secret';
const GOOGLE_TOKEN = 'google-token-for-login';

/**
 * What Google's api.js does, as far as the app and the page's CSP can tell (the machine is offline): it defines
 * grecaptcha, loads its code from www.gstatic.com, puts the badge with its frame on the page and calls
 * www.google.com/recaptcha/ from the page. ready() waits for that code, as Google's does.
 */
const FAKE_API_JS = `(() => {
  const queue = [];
  let ready = false;
  window.__recaptchaExecutions = [];
  window.grecaptcha = {
    ready(callback) { ready ? callback() : queue.push(callback); },
    execute(key, options) {
      window.__recaptchaExecutions.push({ key, action: options.action });
      return fetch('https://www.google.com/recaptcha/api2/reload?k=' + key, { method: 'POST' })
        .then(() => '${GOOGLE_TOKEN}'.replace('login', options.action));
    },
  };
  const code = document.createElement('script');
  code.src = 'https://www.gstatic.com/recaptcha/releases/e2e/recaptcha__es.js';
  code.onload = () => {
    const badge = document.createElement('div');
    badge.className = 'grecaptcha-badge';
    const frame = document.createElement('iframe');
    frame.title = 'reCAPTCHA';
    frame.src = 'https://www.google.com/recaptcha/api2/anchor?k=${SITE_KEY}&size=invisible';
    badge.appendChild(frame);
    document.body.appendChild(badge);
    ready = true;
    queue.splice(0).forEach((callback) => callback());
  };
  document.head.appendChild(code);
})();`;

describe("Google's reCAPTCHA v3 with a real site key, in Chromium", () => {
  const env = {
    ...stackPorts(3800),
    PUBLIC_APP_URL: `http://localhost:${testPort(3800)}`,
    RECAPTCHA_SITE_KEY: SITE_KEY,
    RECAPTCHA_SECRET: SECRET,
  };
  /** The API's siteverify calls, answered as Google would for the token the fake api.js gives. */
  const verifications: URLSearchParams[] = [];
  let siteverify: Server;

  const site = withStack(async () => {
    siteverify = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const form = new URLSearchParams(body);
        verifications.push(form);
        const good = form.get('secret') === SECRET && form.get('response') === GOOGLE_TOKEN;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(good ? { success: true, score: 0.9, action: 'login' } : { success: false }));
      });
    });
    await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
    const { port } = siteverify.address() as AddressInfo;
    return { ...env, RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify` };
  });
  after(async () => {
    await new Promise((resolve) => siteverify?.close(resolve));
  });

  /** Google's addresses answered by the fake (or refused, while `googleDown`); every request to Google recorded. */
  async function fakeGoogle(page: Page) {
    const state = { googleDown: false, requests: [] as string[] };
    await page.route(/^https:\/\/(www\.google\.com|www\.gstatic\.com|recaptcha\.google\.com)\//, (route) => {
      const url = route.request().url();
      state.requests.push(url);
      if (state.googleDown) return route.abort('internetdisconnected');
      if (url.startsWith('https://www.google.com/recaptcha/api.js'))
        return route.fulfill({ contentType: 'text/javascript', body: FAKE_API_JS });
      if (url.includes('/recaptcha__es.js')) return route.fulfill({ contentType: 'text/javascript', body: ';' });
      if (url.includes('/api2/anchor')) return route.fulfill({ contentType: 'text/html', body: '<!doctype html>' });
      return route.fulfill({ contentType: 'application/json', body: '{}' });
    });
    return state;
  }

  async function askForCode(page: Page, phone: string) {
    await page.getByLabel('Número de móvil').fill(phone);
    await page.getByLabel('Aceptar todo').check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Sí, enviar el código' }).click();
  }

  test("the sign-in sends Google's token, loaded when first needed, and the app's CSP lets reCAPTCHA run", async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const errors = watchConsole(page);
    const violations = await watchCspViolations(page);
    const google = await fakeGoogle(page);

    // Opening the sign-in asks nothing of Google yet: the script loads when a token is first needed.
    await page.goto(`${site.stack.urls.app}/auth`);
    await page.getByText('Este sitio está protegido por reCAPTCHA.').waitFor();
    assert.equal(google.requests.length, 0, 'no Google request before a token is needed');

    const login = page.waitForRequest(
      (request: Request) => request.url().endsWith('/v2/user/login') && request.method() === 'POST',
    );
    await askForCode(page, '612 00 08 01');
    const body = (await login).postDataJSON() as { recaptcha_token?: string; mobile_phone?: string };
    assert.equal(body.recaptcha_token, GOOGLE_TOKEN);
    assert.equal(body.mobile_phone, '612000801');
    await page.waitForURL(/\/auth\/confirm$/);

    // Google's script was loaded once, with the key; the API checked the token with Google (here, the fake).
    assert.deepEqual(
      google.requests.filter((url) => url.startsWith('https://www.google.com/recaptcha/api.js')),
      [`https://www.google.com/recaptcha/api.js?render=${SITE_KEY}`],
    );
    assert.deepEqual(
      await page.evaluate(() => (window as unknown as { __recaptchaExecutions: unknown }).__recaptchaExecutions),
      [{ key: SITE_KEY, action: 'login' }],
    );
    assert.deepEqual(
      verifications.map((form) => [form.get('secret'), form.get('response')]),
      [[SECRET, GOOGLE_TOKEN]],
    );
    // The page's CSP let the script, its code, its frame and its calls through, and hid nothing else.
    assert.ok(
      google.requests.some((url) => url.includes('/recaptcha__es.js')),
      'the code from www.gstatic.com',
    );
    assert.ok(
      google.requests.some((url) => url.includes('/api2/anchor')),
      'the frame',
    );
    assert.ok(
      google.requests.some((url) => url.includes('/api2/reload')),
      'the call from the page',
    );
    assert.deepEqual(violations, []);
    // The badge is hidden; the form said the site is protected by reCAPTCHA instead.
    assert.equal(
      await page.locator('.grecaptcha-badge').evaluate((badge) => getComputedStyle(badge).visibility),
      'hidden',
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('Google unreachable: the form says so in Spanish, sends nothing, and a second try signs in', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    const google = await fakeGoogle(page);
    google.googleDown = true;
    let logins = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/v2/user/login')) logins += 1;
    });
    await page.goto(`${site.stack.urls.app}/auth`);
    await askForCode(page, '612 00 08 02');
    await page
      .getByText(
        'No hemos podido cargar la comprobación de seguridad (reCAPTCHA). Revisa tu conexión e inténtalo de nuevo.',
      )
      .waitFor();
    assert.equal(logins, 0);

    google.googleDown = false;
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Sí, enviar el código' }).click();
    await page.waitForURL(/\/auth\/confirm$/);
    assert.equal(logins, 1);
    await context.close();
  });
});
