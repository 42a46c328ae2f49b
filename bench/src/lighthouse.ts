/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile preset, simulated slow 4G and 4x CPU) in Debian's Chromium on
 * each widget (calculator, registration, "my loan") on a WordPress page and the theme's page alone, on /auth, on
 * the registration screen of a signed-in customer and on the account screen of a registered customer and of one
 * with a loan in service. Prints the four category scores and LCP, CLS and TBT per page, and what
 * Lighthouse found wanting, then fails when a page misses the customer pages' goals. Each page is measured in a
 * fresh browser profile, so nothing is cached; the customer's session cookie is set in that profile before
 * Lighthouse navigates (Lighthouse is told not to clear storage, which would sign the customer out).
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/src/browser';
import { activeLoanThroughApi } from '../../e2e/src/loan';
import { opsLink } from '../../e2e/src/ops';
import { stackPorts, testPort } from '../../e2e/src/ports';
import { adminSessionThroughApi, completeRegistration, signInThroughApi } from '../../e2e/src/session';
import { credimoSettingsPhp, startWordPress } from '../../e2e/src/wordpress';
import { hasNativePhp, startNativeWordPress } from '../../e2e/src/wordpress-native';
import { startStack } from '../../scripts/stack';

const WP_PORT = testPort(8897);
const DEBUGGING_PORT = testPort(9297);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** The customer pages' goals. LCP's goal is for customer pages; the WordPress page's LCP is the theme's. */
const GOALS = { performance: 0.95, accessibility: 1, 'best-practices': 1, lcpSeconds: 2.5, cls: 0.02 };

interface Target {
  name: string;
  url: string;
  /** The session's token, set as the app's cookie before the run. */
  token?: string;
  /** The cookie it goes in: the customer's own session's, unless said (an admin's impersonation). */
  tokenCookie?: string;
  customerPage: boolean;
  /** Not ours: the theme's page without the widget, measured beside it to show what the widget costs. */
  reference?: boolean;
}

interface Audit {
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  details?: { type?: string; overallSavingsMs?: number; items?: Array<{ url?: unknown }> };
}

interface Result {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
}

async function runLighthouse(target: Target, appUrl: string): Promise<Result> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'credimo-lighthouse-'));
  // A persistent context is the browser's default one: the tab Lighthouse opens sees the cookie set here.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUGGING_PORT}`],
  });
  try {
    if (target.token)
      await context.addCookies([
        { name: target.tokenCookie ?? 'credimo_access_token', value: target.token, url: appUrl },
      ]);
    // Lighthouse is an ES module; this package is CommonJS.
    const { default: lighthouse } = await import('lighthouse');
    const run = await lighthouse(
      target.url,
      {
        port: DEBUGGING_PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // The profile is new for each page (nothing cached); clearing storage would remove the session cookie.
        disableStorageReset: true,
      },
      undefined,
    );
    if (!run) throw new Error(`Lighthouse returned nothing for ${target.url}`);
    return run.lhr as unknown as Result;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

const score = (result: Result, category: string) => Math.round((result.categories[category]?.score ?? 0) * 100);
const numeric = (result: Result, audit: string) => result.audits[audit]?.numericValue ?? Number.NaN;

/** The audits that cost points: failed ones in the scored categories, and performance's opportunities. */
function findings(result: Result): string[] {
  const lines: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of result.categories[category]?.auditRefs ?? []) {
      const audit = result.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual') continue;
      if (category === 'performance' && ref.weight === 0 && !audit.details?.overallSavingsMs) continue;
      lines.push(`${category}: ${ref.id} (${audit.title})${audit.displayValue ? `: ${audit.displayValue}` : ''}`);
      // The addresses an opportunity names say what to change.
      for (const item of (audit.details?.items ?? []).slice(0, 3))
        if (typeof item.url === 'string') lines.push(`    ${item.url}`);
    }
  }
  return [...new Set(lines)];
}

function misses(target: Target, result: Result): string[] {
  const missed: string[] = [];
  if (target.reference) return missed;
  if (score(result, 'performance') < GOALS.performance * 100) missed.push('performance');
  if (target.customerPage && score(result, 'accessibility') < 100) missed.push('accessibility');
  if (score(result, 'best-practices') < 100) missed.push('best practices');
  if (target.customerPage && numeric(result, 'largest-contentful-paint') / 1000 > GOALS.lcpSeconds) missed.push('LCP');
  if (numeric(result, 'cumulative-layout-shift') > GOALS.cls) missed.push('CLS');
  return missed;
}

async function main() {
  const env = stackPorts(3750);
  const stack = await startStack({
    env: { ...env, CORS_ORIGINS: `http://127.0.0.1:${WP_PORT},http://localhost:${env.APP_PORT}` },
    log: () => {},
  });
  let wordpress: { url: string; stop: () => Promise<void> } | undefined;
  try {
    const native = process.env.BENCH_WORDPRESS !== 'playground' && hasNativePhp();
    const servedBy = native ? 'native PHP' : 'Playground';
    wordpress = await (native ? startNativeWordPress : startWordPress)({
      port: WP_PORT,
      setupPhp: `
        ${credimoSettingsPhp(stack.urls)}
        wp_insert_post(array('post_title' => 'Calculadora', 'post_name' => 'calculadora', 'post_status' => 'publish',
          'post_type' => 'page', 'post_content' => '[credimo widget="calculator" amount="300" term="30"]'));
        wp_insert_post(array('post_title' => 'Calculadora', 'post_name' => 'sin-calculadora', 'post_status' => 'publish',
          'post_type' => 'page', 'post_content' => ''));
        wp_insert_post(array('post_title' => 'Registro', 'post_name' => 'registro', 'post_status' => 'publish',
          'post_type' => 'page', 'post_content' => '[credimo widget="registration"]'));
        wp_insert_post(array('post_title' => 'Mi préstamo', 'post_name' => 'mi-prestamo', 'post_status' => 'publish',
          'post_type' => 'page', 'post_content' => '[credimo widget="my-loan"]'));`,
    });
    // One customer half-way (signed in, no personal data yet), one registered and one with a loan in service.
    const newcomer = await signInThroughApi(stack.urls.api, '612000401');
    const registeredPhone = '612000402';
    const registered = await signInThroughApi(stack.urls.api, registeredPhone);
    await completeRegistration(stack.urls.api, registered, registeredPhone);
    const borrowerPhone = '612000403';
    const borrower = await signInThroughApi(stack.urls.api, borrowerPhone);
    await completeRegistration(stack.urls.api, borrower, borrowerPhone);
    await activeLoanThroughApi(stack.urls.api, borrower);
    // An admin's support session on the borrower's account, opened from an operator's link.
    const support = await adminSessionThroughApi(stack.urls.api, opsLink(['admin-link', 'marta', borrowerPhone], env));

    const app = stack.urls.app;
    const targets: Target[] = [
      {
        name: `calculator on WordPress (${servedBy})`,
        url: `${wordpress.url}/calculadora/`,
        customerPage: false,
      },
      // Every widget type measured the same way: a visitor, not signed in on the marketing site.
      {
        name: `registration widget on WordPress (${servedBy})`,
        url: `${wordpress.url}/registro/`,
        customerPage: false,
      },
      {
        name: `"my loan" widget on WordPress (${servedBy})`,
        url: `${wordpress.url}/mi-prestamo/`,
        customerPage: false,
      },
      {
        name: 'the same WordPress page without the widget (the theme alone, for reference)',
        url: `${wordpress.url}/sin-calculadora/`,
        customerPage: false,
        reference: true,
      },
      { name: '/auth', url: `${app}/auth`, customerPage: true },
      {
        name: '/registration/personal-data',
        url: `${app}/registration/personal-data`,
        token: newcomer,
        customerPage: true,
      },
      { name: '/account', url: `${app}/account`, token: registered, customerPage: true },
      { name: '/account (a loan in service)', url: `${app}/account`, token: borrower, customerPage: true },
      {
        name: "/account (an admin's support session, a loan in service)",
        url: `${app}/account`,
        token: support,
        tokenCookie: 'credimo_impersonate_token',
        customerPage: true,
      },
    ];
    // A first unmeasured load of each page warms the servers (WordPress's PHP, the API), not the browser.
    for (const target of targets) await fetch(target.url).catch(() => undefined);

    // BENCH_PAGES=auth,account measures only the pages whose names hold one of the words.
    const only = process.env.BENCH_PAGES?.split(',').filter(Boolean);
    const measured = only ? targets.filter((target) => only.some((word) => target.name.includes(word))) : targets;
    const rows: string[] = [];
    let failed = false;
    for (const target of measured) {
      const result = await runLighthouse(target, app);
      if (result.runtimeError) throw new Error(`${target.name}: ${result.runtimeError.message}`);
      // BENCH_REPORTS=dir keeps each page's full Lighthouse report (open it in the Lighthouse viewer).
      if (process.env.BENCH_REPORTS) {
        mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
        const file = `${target.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'page'}.json`;
        writeFileSync(path.join(process.env.BENCH_REPORTS, file), JSON.stringify(result));
      }
      const missed = misses(target, result);
      if (missed.length) failed = true;
      rows.push(
        `| ${target.name} | ${score(result, 'performance')} | ${score(result, 'accessibility')} | ${score(result, 'best-practices')} | ${score(result, 'seo')} | ${(numeric(result, 'largest-contentful-paint') / 1000).toFixed(1)} s | ${numeric(result, 'cumulative-layout-shift').toFixed(3)} | ${Math.round(numeric(result, 'total-blocking-time'))} ms |${missed.length ? ` misses: ${missed.join(', ')}` : ''}`,
      );
      console.log(`\n${target.name} (${target.url})`);
      for (const line of findings(result)) console.log(`  ${line}`);
    }
    console.log(`\nLighthouse 12, mobile preset (simulated slow 4G, 4x CPU), Chromium ${CHROMIUM_PATH}`);
    console.log('| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    if (failed) process.exitCode = 1;
  } finally {
    await wordpress?.stop();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
