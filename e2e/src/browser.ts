import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Frame, type Page } from 'playwright-core';
import { SHARED_BROWSER_VARIABLE } from './lane-env';

/** Debian's Chromium, never a downloaded browser (the machine has no internet). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The flags every headless run takes (the e2e tests, the benches, Lighthouse). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's chromium-headless-shell, the build Playwright itself runs headless tests on. */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * What the browser tests drive: CHROMIUM_PATH when it is set, else the headless shell where it is installed: the
 * same Blink, V8 and network stack without the desktop browser around them, which took about a third less CPU
 * for the same file (the browser is most of the browser tests' CPU); else Chromium. The benches keep Chromium,
 * so that their figures compare with their history.
 */
export const TEST_BROWSER_PATH =
  process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

let sharedBrowser: Promise<Browser> | null = null;

/**
 * What a file gets of the lane's one browser: the same browser, but `close()` closes only the contexts (and so the
 * pages) this handle opened, as closing a browser of its own would have. Contexts share no cookies, storage or
 * cache, so files that follow meet a browser as fresh as a new one, without its start (about a second of CPU).
 */
function handleOn(browser: Browser): Browser {
  const opened = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  const own: Partial<Browser> = {
    newContext: async (options) => track(await browser.newContext(options)),
    newPage: async (options) => {
      const page = await browser.newPage(options);
      track(page.context());
      return page;
    },
    contexts: () => [...opened],
    close: async () => {
      await Promise.all([...opened].map((context) => context.close()));
    },
  };
  return new Proxy(browser, {
    get(target, key) {
      if (key in own) return own[key as keyof Browser];
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The browser a browser test drives (`TEST_BROWSER_PATH`): a new one, or in a lane of the runner a handle on the
 * lane's one browser.
 */
export async function launchTestBrowser(): Promise<Browser> {
  const launch = () => chromium.launch({ executablePath: TEST_BROWSER_PATH, headless: true, args: CHROMIUM_ARGS });
  if (!process.env[SHARED_BROWSER_VARIABLE]) return launch();
  sharedBrowser ??= launch();
  return handleOn(await sharedBrowser);
}

/** Closes the lane's browser once its last file is done. */
export async function closeSharedBrowser(): Promise<void> {
  await (await sharedBrowser)?.close();
  sharedBrowser = null;
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * axe-core on the current page, or on the parts matching `include` (on a WordPress page, our widgets, not
 * the theme): the serious and critical violations.
 */
export async function seriousA11yViolations(page: Page | Frame, include?: string): Promise<string[]> {
  // Evaluated through the DevTools protocol, not as an inline <script>: the app's CSP rightly refuses those.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (context?: unknown) => Promise<{ violations: AxeViolation[] }> } })
      .axe;
    return (await axe.run(selector ? { include: [[selector]] } : undefined)).violations;
  }, include);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Collects console errors and failed requests, to assert a page loaded cleanly. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // Failed loads are reported below with their address, which says more than the console's text.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  return errors;
}

/**
 * Content-Security-Policy violations the page reports (the DOM event, recorded from before any script of the
 * page runs). Call before navigating; read the array after.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__credimoCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __credimoCspViolation: (t: string) => void }).__credimoCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return violations;
}

/** Asserts the page (or a frame of it) has no serious or critical axe violation, naming the screen in the failure. */
export async function accessible(page: Page | Frame, what: string): Promise<void> {
  assert.deepEqual(await seriousA11yViolations(page), [], `${what} is accessible`);
}

/** The customer's API token, from the cookie the app keeps it in. */
export const tokenOf = async (page: Page): Promise<string> =>
  (await page.context().cookies()).find((c) => c.name === 'credimo_access_token')?.value ?? '';
