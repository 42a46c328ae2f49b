/**
 * @jest-environment node
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { customer } from '@credimo/shared/testing/customers';
import { cacheControlFor, IMMUTABLE, NO_CACHE, PERSONAL } from './cache-policy';
import { paintFirstScreen } from './first-paint';
import { aggregationPolicyOf, appCspDirectives } from './security-headers';
import { startStaticServer } from './static-server';

// Each test starts a real server; on a busy 2-core machine that can take longer than jest's default 5 s.
jest.setTimeout(30_000);

describe('the cache policy', () => {
  test.each([
    ['remoteEntry.js', NO_CACHE],
    ['mf-manifest.json', NO_CACHE],
    ['index.html', NO_CACHE],
    ['main.3f2a9c0d1e.js', IMMUTABLE],
    ['__federation_expose_App.26686e99ba.js', IMMUTABLE],
    ['main.js', NO_CACHE],
  ])('%s is served %s', (file, policy) => {
    expect(cacheControlFor(`/dist/x/${file}`)).toBe(policy);
  });
});

describe('the static server of an app', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'credimo-static-'));
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Credimo</title>');
  writeFileSync(path.join(root, 'remoteEntry.js'), 'var x;');
  writeFileSync(path.join(root, 'chunk.0123456789.js'), 'var y;');

  test('serves files with their cache policy and client routes with index.html', async () => {
    const server = await startStaticServer({
      root,
      port: 0,
      spaFallback: true,
      json: { '/config.json': { ok: true } },
      allowAnyOrigin: true,
    });
    const address = server.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const entry = await fetch(`${base}/remoteEntry.js`);
      expect(entry.headers.get('cache-control')).toBe(NO_CACHE);
      expect(entry.headers.get('access-control-allow-origin')).toBe('*');
      const chunk = await fetch(`${base}/chunk.0123456789.js`);
      expect(chunk.headers.get('cache-control')).toBe(IMMUTABLE);
      const route = await fetch(`${base}/account/history`);
      expect(route.status).toBe(200);
      expect(await route.text()).toContain('<title>Credimo</title>');
      expect((await fetch(`${base}/missing.js`)).status).toBe(404);
      const config = await fetch(`${base}/config.json`);
      expect(config.headers.get('cache-control')).toBe(NO_CACHE);
      expect(await config.json()).toEqual({ ok: true });
    } finally {
      await server.close();
    }
  });

  test("a connection a browser opened ahead (a preconnect) and never used does not hold the server's stop", async () => {
    const server = await startStaticServer({ root, port: 0, allowAnyOrigin: true });
    const address = server.server.address();
    const preconnect = connect(typeof address === 'object' && address ? address.port : 0, '127.0.0.1');
    await new Promise((resolve) => preconnect.once('connect', resolve));
    // Held, Node's close waits for the socket's headers timeout (a minute), past npm start's stop budget.
    const held = new Promise((resolve) => setTimeout(() => resolve('held'), 10_000).unref());
    const outcome = await Promise.race([server.close().then(() => 'closed'), held]);
    preconnect.destroy();
    expect(outcome).toBe('closed');
  });

  test('a missing build folder answers 404 instead of crashing (a remote whose files are gone)', async () => {
    const server = await startStaticServer({ root: path.join(root, 'nothing-here'), port: 0, allowAnyOrigin: true });
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      expect((await fetch(`http://127.0.0.1:${port}/mf-manifest.json`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('security headers of the customer app and the remotes', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'credimo-static-csp-'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><style>body{margin:0}</style><title>Credimo</title></head><body></body></html>',
  );
  writeFileSync(path.join(root, 'remoteEntry.js'), 'var x;');
  const policy = {
    remotes: ['http://localhost:3001/mf-manifest.json', 'https://cdn.credimo.es/account/mf-manifest.json'],
    apiUrl: 'https://api.credimo.es',
    contentUrl: 'https://www.credimo.es',
    alternativeApis: ['https://api.staging.credimo.es/'],
  };
  const start = async (options: Partial<Parameters<typeof startStaticServer>[0]>) => {
    const server = await startStaticServer({ root, port: 0, ...options });
    const address = server.server.address();
    return { server, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
  };

  test('the page allows scripts only from its own and the remotes origins, never inline or eval', async () => {
    const { server, base } = await start({ spaFallback: true, appPolicy: policy });
    try {
      for (const url of ['/', '/index.html', '/account/history']) {
        const page = await fetch(`${base}${url}`);
        const csp = page.headers.get('content-security-policy') ?? '';
        const script = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
        expect(script).toContain("'self'");
        expect(script).toContain('http://localhost:3001');
        expect(script).toContain('https://cdn.credimo.es');
        expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
        // The allow-listed APIs (apiurl) are reachable, and nothing else is.
        expect(csp).toMatch(
          /connect-src 'self' https:\/\/api\.credimo\.es https:\/\/www\.credimo\.es https:\/\/api\.staging\.credimo\.es /,
        );
        expect(csp).toContain("frame-ancestors 'none'");
        expect(page.headers.get('x-frame-options')).toBe('DENY');
        expect(page.headers.get('x-content-type-options')).toBe('nosniff');
        expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(page.headers.get('permissions-policy')).toBe('camera=(self)');
        expect(page.headers.get('strict-transport-security')).toBeNull();
        // The inline styles carry this answer's nonce, which the policy names.
        const nonce = /'nonce-([^']+)'/.exec(csp.split(';').find((d) => d.includes('style-src')) ?? '')?.[1];
        expect(nonce).toBeTruthy();
        const html = await page.text();
        expect(html).toContain(`<style nonce="${nonce}">`);
        expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      }
    } finally {
      await server.close();
    }
  });

  test('only the content preview may be framed, and only by the content site (WordPress admin)', async () => {
    const { server, base } = await start({ spaFallback: true, appPolicy: policy });
    try {
      const preview = await fetch(`${base}/content-preview`);
      const csp = preview.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'self' https://www.credimo.es");
      expect(csp).not.toContain("frame-ancestors 'none'");
      expect(preview.headers.get('x-frame-options')).toBeNull();
      // The rest of its policy is the app's.
      expect(csp).toMatch(/script-src 'self' http:\/\/localhost:3001/);
      const other = await fetch(`${base}/content-preview/more`);
      expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(other.headers.get('x-frame-options')).toBe('DENY');
    } finally {
      await server.close();
    }
  });

  test('each page answer has its own nonce', async () => {
    const { server, base } = await start({ spaFallback: true, appPolicy: policy });
    try {
      const nonceOf = async () => /nonce="([^"]+)"/.exec(await (await fetch(`${base}/`)).text())?.[1];
      expect(await nonceOf()).not.toBe(await nonceOf());
    } finally {
      await server.close();
    }
  });

  test("the aggregation provider gets exactly what it needs: unnax's widget script and calls, or kontomatik's frame", () => {
    const directive = (csp: Record<string, string[]>, name: string) => csp[name] ?? [];
    const none = appCspDirectives(policy);
    expect(none['frame-src']).toBeUndefined();
    expect(directive(none, 'script-src')).not.toContain('https://bank-widget.example');

    const unnax = appCspDirectives({
      ...policy,
      aggregation: { provider: 'unnax', url: 'https://bank-widget.example/' },
    });
    expect(directive(unnax, 'script-src')).toContain('https://bank-widget.example');
    expect(directive(unnax, 'connect-src')).toContain('https://bank-widget.example');
    expect(unnax['frame-src']).toBeUndefined();

    const kontomatik = appCspDirectives({
      ...policy,
      aggregation: { provider: 'kontomatik', url: 'https://bank-widget.example/x' },
    });
    expect(kontomatik['frame-src']).toEqual(['https://bank-widget.example']);
    expect(directive(kontomatik, 'script-src')).not.toContain('https://bank-widget.example');
    expect(directive(kontomatik, 'connect-src')).not.toContain('https://bank-widget.example');

    // The same environment the API reads: the API itself is the sandbox providers' address.
    expect(aggregationPolicyOf({}, 'http://localhost:8080')).toEqual({
      provider: 'unnax',
      url: 'http://localhost:8080',
    });
    expect(
      aggregationPolicyOf(
        { AGGREGATION_PROVIDER: 'kontomatik', AGGREGATION_PROVIDER_URL: 'https://k.example' },
        'http://localhost:8080',
      ),
    ).toEqual({ provider: 'kontomatik', url: 'https://k.example' });
  });

  test("kontomatik's frame and Google's reCAPTCHA frame are allowed together when both are configured", () => {
    const both = appCspDirectives({
      ...policy,
      recaptchaSiteKey: '6Lc-real',
      aggregation: { provider: 'kontomatik', url: 'https://bank-widget.example/x' },
    });
    expect(both['frame-src']).toEqual([
      'https://bank-widget.example',
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ]);
  });

  test('HSTS is sent when the public address is HTTPS', async () => {
    const { server, base } = await start({ spaFallback: true, appPolicy: { ...policy, https: true } });
    try {
      const page = await fetch(`${base}/`);
      expect(page.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    } finally {
      await server.close();
    }
  });

  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? '';

  test("in sandbox mode (no reCAPTCHA key, or a sandbox one) nothing of Google's is allowed", async () => {
    for (const recaptchaSiteKey of [undefined, 'sandbox-site-key']) {
      const { server, base } = await start({ spaFallback: true, appPolicy: { ...policy, recaptchaSiteKey } });
      try {
        const csp = (await fetch(`${base}/`)).headers.get('content-security-policy') ?? '';
        expect(csp).not.toMatch(/google|gstatic/);
        expect(directive(csp, 'frame-src')).toBe('');
      } finally {
        await server.close();
      }
    }
  });

  test("with a real reCAPTCHA key the page allows Google's reCAPTCHA script, frame and calls, and nothing wider", async () => {
    const { server, base } = await start({ spaFallback: true, appPolicy: { ...policy, recaptchaSiteKey: '6Lc-real' } });
    try {
      const csp = (await fetch(`${base}/auth`)).headers.get('content-security-policy') ?? '';
      // (helmet adds its per-answer nonce at the end; no script of ours uses it)
      expect(directive(csp, 'script-src')).toMatch(
        /^script-src 'self' http:\/\/localhost:3001 https:\/\/cdn\.credimo\.es https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\/ 'nonce-[^']+'$/,
      );
      expect(directive(csp, 'frame-src')).toBe(
        "frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
      );
      expect(directive(csp, 'connect-src')).toContain('https://www.google.com/recaptcha/');
      expect(directive(csp, 'connect-src')).toContain('https://api.credimo.es');
      // Styles stay nonce-only: Google's badge is hidden by our own stylesheet, not allowed inline styles.
      expect(directive(csp, 'style-src')).toMatch(/^style-src 'self' 'nonce-[^']+'$/);
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https:\/\/www\.google\.com[ ;]/);
    } finally {
      await server.close();
    }
  });

  test('a remote serves remoteEntry.js loadable from any site, nosniff, itself allowing nothing', async () => {
    const { server, base } = await start({ allowAnyOrigin: true });
    try {
      const entry = await fetch(`${base}/remoteEntry.js`);
      expect(entry.status).toBe(200);
      // Read to the end: a response left unread keeps its connection, which the server's close then waits on.
      expect(await entry.text()).toBe('var x;');
      expect(entry.headers.get('x-content-type-options')).toBe('nosniff');
      expect(entry.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(entry.headers.get('content-security-policy')).toContain("default-src 'none'");
    } finally {
      await server.close();
    }
  });
});

describe("the page's head carries what its first screen needs", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'credimo-static-head-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><title>Credimo</title></head></html>');

  test('each client route gets the links its path asks for, before the end of the head', async () => {
    const server = await startStaticServer({
      root,
      port: 0,
      spaFallback: true,
      headFor: (pathname) => `<link rel="preload" href="https://cdn.credimo.es${pathname}.js" as="script" />`,
    });
    const address = server.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      expect(await (await fetch(`${base}/auth?phone=1`)).text()).toContain(
        '<link rel="preload" href="https://cdn.credimo.es/auth.js" as="script" /></head>',
      );
      expect(await (await fetch(`${base}/account`)).text()).toContain('https://cdn.credimo.es/account.js');
    } finally {
      await server.close();
    }
  });
});

describe("the page carries its first screen's frame", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'credimo-static-paint-'));
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html><html><head><title>Credimo</title></head><body><div id="root"></div></body></html>',
  );

  test("per request and per session, its styles under the answer's nonce", async () => {
    const server = await startStaticServer({
      root,
      port: 0,
      spaFallback: true,
      appPolicy: { remotes: ['http://localhost:3002/mf-manifest.json'], apiUrl: 'http://localhost:3010' },
      firstPaint: (html, request) => paintFirstScreen(html, request),
    });
    const address = server.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const answer = await fetch(`${base}/registration/personal-data`, {
        headers: { cookie: 'credimo_access_token=abc' },
      });
      const html = await answer.text();
      const csp = answer.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp.split(';').find((d) => d.includes('style-src')) ?? '')?.[1];
      expect(html).toContain(`<style nonce="${nonce}">.fp-layout-page`);
      expect(html).toContain('Tus datos personales');
      expect(html).toContain('<div id="root" hidden></div>');
      // Without the session, the same address paints the sign-in screen the app will send the visitor to.
      expect(await (await fetch(`${base}/registration/personal-data`)).text()).toContain('Accede con tu móvil');
    } finally {
      await server.close();
    }
  });

  test("/account carries the customer's cards, asked of the API with the session's token, and no cache keeps it", async () => {
    const user = customer(null, { payment_cards: [], payment_card_request_status: null });
    const tokens: string[] = [];
    const api = createServer((request, response) => {
      tokens.push(request.headers.authorization ?? '');
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(request.url === '/v2/user' ? user : ['ES9121000418450200051332']));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const apiAddress = api.address();
    const apiUrl = `http://127.0.0.1:${typeof apiAddress === 'object' && apiAddress ? apiAddress.port : 0}`;
    const server = await startStaticServer({
      root,
      port: 0,
      spaFallback: true,
      appPolicy: { remotes: ['http://localhost:3002/mf-manifest.json'], apiUrl },
      firstPaint: (html, request) => paintFirstScreen(html, request, apiUrl),
    });
    const address = server.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const answer = await fetch(`${base}/account`, { headers: { cookie: 'credimo_access_token=abc' } });
      const html = await answer.text();
      expect(html).toContain('Activa el pago automático');
      expect(html).toContain('ES91 2100 0418 4502 0005 1332');
      expect(html).toMatch(/<style nonce="[^"]+">[^<]*\.fp-account-card \{[^<]*\.fp-kit-button \{/);
      expect(answer.headers.get('cache-control')).toBe(PERSONAL);
      expect(tokens).toEqual(['Bearer abc', 'Bearer abc']);
      // Another page asks nothing and keeps the usual policy.
      const other = await fetch(`${base}/registration/personal-data`, {
        headers: { cookie: 'credimo_access_token=abc' },
      });
      expect(other.headers.get('cache-control')).toBe(NO_CACHE);
      expect(await other.text()).not.toContain('fp-account-card');
      expect(tokens).toHaveLength(2);
    } finally {
      await server.close();
      await new Promise((resolve) => api.close(resolve));
    }
  });
});
