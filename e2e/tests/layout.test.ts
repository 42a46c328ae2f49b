import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { ROUTES, type ScreenRoute } from '@credimo/shared/paths';
import type { BrowserContext, Page } from 'playwright-core';
import { tokenOf } from '../src/browser';
import { appShown } from '../src/first-paint';
import { takeLoanThroughPages } from '../src/journey';
import { operatorCommand } from '../src/loan';
import { registerThroughPages } from '../src/registration';
import { signInThroughPages } from '../src/session';
import { loanStackEnv, withStack } from '../src/stack-hooks';

/** The narrowest phones in use, and the one the issue was seen on (its screenshots are kept). */
const WIDTHS = [320, 360, 390] as const;
const SCREENSHOT_WIDTH = 390;
/** Where the browser tests keep what they produce (git-ignored). */
const SCREENSHOTS = path.resolve(__dirname, '../../test-results/layout');
const OPERATOR_SECRET = 'e2e-layout-operator-secret';
/** A long address, longer than the 29 characters that once pushed personal information to 496 px. */
const LONG_EMAIL = 'maria.fernandez.garcia-lopez@correo-de-ejemplo.es';

/** Every customer screen of the route table that has an address of its own (no parameter to invent). */
const SCREEN_PATHS = ROUTES.filter(
  (route): route is ScreenRoute => route.kind === 'screen' && !route.path.includes(':'),
).map((route) => route.path);

/** What sticks out to the right of the screen: the deepest such elements, named for the failure message. */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const sticking = [...document.querySelectorAll<HTMLElement>('body *')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > width + 0.5;
    });
    const deepest = sticking.filter(
      (element) => !sticking.some((other) => other !== element && element.contains(other)),
    );
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: width,
      culprits: deepest.slice(0, 4).map((element) => {
        const name = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
        return `${name} "${(element.textContent ?? '').trim().slice(0, 40)}" right ${Math.round(element.getBoundingClientRect().right)}`;
      }),
    };
  });
}

/** The customer's main pages, where every control a finger uses is checked for its size. */
const MAIN_PAGES = new Set([
  '/auth',
  '/registration/personal-data',
  '/registration/additional-information',
  '/account',
  '/account/history',
  '/account/personal_info',
  '/account/payment-methods',
  '/account/payment/failed',
  '/ayuda/como-devolver',
]);
/** WCAG 2.5.5 (target size, enhanced): 44 by 44 CSS pixels. */
const TARGET_PX = 44;

/**
 * The controls and links a finger uses that are smaller than 44 by 44 px. A checkbox or radio button counts with
 * its label (a tap on either ticks it); a link within a sentence is exempt, as WCAG's inline exception says.
 */
function smallTargetsOf(page: Page) {
  return page.evaluate((min) => {
    const controls = [
      ...document.querySelectorAll<HTMLElement>('a[href], button, select, input:not([type="hidden"]), textarea'),
    ];
    const small: string[] = [];
    for (const control of controls) {
      if (control.closest('[aria-hidden="true"], [hidden]')) continue;
      const style = getComputedStyle(control);
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      const parentText = control.parentElement?.textContent?.trim() ?? '';
      if (control.tagName === 'A' && style.display === 'inline' && parentText !== control.textContent?.trim()) continue;
      const input = control as HTMLInputElement;
      const target =
        input.type === 'checkbox' || input.type === 'radio'
          ? (input.closest('label') ?? input.parentElement ?? control).getBoundingClientRect()
          : box;
      if (target.width + 0.5 < min || target.height + 0.5 < min) {
        const name = control.getAttribute('aria-label') || control.textContent?.trim() || input.name || input.type;
        small.push(
          `${control.tagName.toLowerCase()} "${name.slice(0, 30)}" ${Math.round(target.width)}x${Math.round(target.height)}`,
        );
      }
    }
    return small;
  }, TARGET_PX);
}

/** Opens an address and waits until the app, not the server's first paint, shows its screen and its data. */
async function openSettled(page: Page, url: string) {
  await page.goto(url);
  await screenSettled(page);
  // The account's cards arrive with their data; the polls every few seconds never let the network rest for long.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
}

async function screenSettled(page: Page) {
  await appShown(page);
  // A screen that only passes the customer on (a session being opened, a redirect) may have no heading.
  await page
    .locator('main h1, main h2')
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => {});
}

/**
 * The requests a page has open, for waiting until none has been for half a second, as Playwright's networkidle
 * does after a load: a route the app opens itself loads nothing, so that event never comes again.
 */
function networkWatch(page: Page) {
  let open = 0;
  let changed = Date.now();
  const settle = () => {
    open -= 1;
    changed = Date.now();
  };
  page.on('request', () => {
    open += 1;
    changed = Date.now();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return async function rested(timeoutMs = 5_000) {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until && (open > 0 || Date.now() - changed < 500)) await page.waitForTimeout(100);
  };
}

/**
 * Goes to a route the way the app's own links do, through its router (history and a popstate), and waits until
 * the route's screen, or the one the redirect rules send it to, has its data. The app is already running: the
 * page lays out as it does after a typed address, for a fraction of a load's work.
 */
async function openInApp(page: Page, route: string, rested: () => Promise<void>) {
  await page.evaluate((to) => {
    const index = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: `layout-${index}`, idx: index }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, route);
  await rested();
  await screenSettled(page);
  await rested();
}

/**
 * Every width of every page one customer's state leads to: the page is never wider than the screen. The first
 * address is typed (the state was set up before), the app then opens each of the others through its router;
 * where the redirect rules send a route to a page already seen, it is not measured twice. Answers what each page
 * measured at each width.
 */
async function everyPageAt(
  context: BrowserContext,
  appUrl: string,
  state: string,
  paths: readonly string[],
  targets: string[],
) {
  const page = await context.newPage();
  const rested = networkWatch(page);
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const [index, route] of paths.entries()) {
    await page.setViewportSize({ width: SCREENSHOT_WIDTH, height: 800 });
    if (index === 0) await openSettled(page, `${appUrl}${route}`);
    else await openInApp(page, route, rested);
    const shown = new URL(page.url()).pathname;
    if (seen.has(shown)) continue;
    seen.add(shown);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      // A resize lays the page out again on the next frame.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const measured = await overflowOf(page);
      if (measured.scrollWidth > measured.innerWidth) {
        problems.push(
          `${state} ${shown} at ${width} px is ${measured.scrollWidth} px wide: ${measured.culprits.join('; ')}`,
        );
      }
      if (width === SCREENSHOT_WIDTH && MAIN_PAGES.has(shown)) {
        for (const target of await smallTargetsOf(page)) targets.push(`${state} ${shown}: ${target}`);
      }
      if (width === SCREENSHOT_WIDTH) {
        const file = `${state}${shown.replace(/\//g, '_')}.png`;
        await page.screenshot({ path: path.join(SCREENSHOTS, file), fullPage: true, timeout: 10_000 });
      }
    }
  }
  await page.close();
  return problems;
}

describe('phone-sized pages: every customer route at 320, 360 and 390 px fits the screen; fingers find 44 px targets', () => {
  const site = withStack(loanStackEnv(3740, OPERATOR_SECRET));
  before(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
  });

  const newContext = () => site.browser.newContext({ viewport: { width: SCREENSHOT_WIDTH, height: 800 } });

  test('a visitor, a customer mid-registration, a registered one, one with a loan in service and one who repaid', async () => {
    const problems: string[] = [];
    const targets: string[] = [];

    const visitor = await newContext();
    problems.push(...(await everyPageAt(visitor, site.stack.urls.app, 'visitor', SCREEN_PATHS, targets)));
    await visitor.close();

    // Signed in through the pages, the registration not begun.
    const newcomer = await newContext();
    const signingIn = await newcomer.newPage();
    await signInThroughPages(signingIn, site.stack.urls.app, '612000741');
    await signingIn.waitForURL(/\/registration\/personal-data$/);
    await signingIn.close();
    problems.push(...(await everyPageAt(newcomer, site.stack.urls.app, 'registering', SCREEN_PATHS, targets)));
    await newcomer.close();

    const phone = '612000742';
    const registered = await newContext();
    const customer = await registered.newPage();
    await signInThroughPages(customer, site.stack.urls.app, phone);
    await registerThroughPages(customer, phone, LONG_EMAIL);
    problems.push(...(await everyPageAt(registered, site.stack.urls.app, 'registered', SCREEN_PATHS, targets)));

    // The customer comes back to their account and takes a loan there.
    await customer.reload();
    await takeLoanThroughPages(customer, { amount: 30_000, term: 30 });
    const token = await tokenOf(customer);
    await customer.close();
    const loan = await (
      await fetch(`${site.stack.urls.api}/v2/loan`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    assert.equal(loan.status, 2, 'Active');
    problems.push(...(await everyPageAt(registered, site.stack.urls.app, 'active', SCREEN_PATHS, targets)));
    // The payment methods open only from the repayment card's button, as the customer reaches them.
    const page = await registered.newPage();
    await openSettled(page, `${site.stack.urls.app}/account`);
    await page.getByRole('button', { name: 'Pagar el total' }).click();
    await page.getByRole('button', { name: /^Pagar \d/ }).click();
    await page.getByRole('heading', { name: 'Elige cómo pagar' }).waitFor({ timeout: 30_000 });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      const measured = await overflowOf(page);
      if (measured.scrollWidth > measured.innerWidth) {
        problems.push(`active payment methods at ${width} px: ${measured.scrollWidth} px, ${measured.culprits}`);
      }
    }
    await page.setViewportSize({ width: SCREENSHOT_WIDTH, height: 800 });
    for (const target of await smallTargetsOf(page)) targets.push(`active payment methods: ${target}`);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'active_account_payment-methods.png'), fullPage: true });
    await page.close();

    await operatorCommand(site.stack.urls.api, OPERATOR_SECRET, 'payment-received', [
      String(loan.public_id),
      String(loan.calculations.today.amount),
      'e2e-layout-transfer',
    ]);
    problems.push(
      ...(await everyPageAt(registered, site.stack.urls.app, 'repaid', ['/account', '/account/history'], targets)),
    );
    await registered.close();

    assert.deepEqual(
      { sideways: problems, smallTargets: targets },
      { sideways: [], smallTargets: [] },
      'no page scrolls sideways, and every control a finger uses is 44 by 44 px',
    );
  });
});
