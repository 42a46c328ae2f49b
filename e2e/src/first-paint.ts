import type { Browser, Page } from 'playwright-core';

/** An element of a page's main column: what it is, what it says, where it is drawn. */
export interface DrawnElement {
  tag: string;
  text: string;
  box: { x: number; y: number; width: number; height: number };
}

/** The headings, paragraphs, selects and buttons of the first paint's main column, in order. */
const PAINTED = 'main h1, main h2, main p, main select, main button';

/**
 * Waits until the app has replaced the server's first paint: the frame gone, the root shown. Until then a locator
 * may find the painted copy of what it looks for while the app is still asking the API for its data, so a test
 * that changes the customer's data next must wait for this first (else the app's calls race the change).
 */
export async function appShown(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('first-paint') && !document.getElementById('root')?.hidden);
}

/**
 * A page's server-drawn first paint, read with scripts off, beside the same elements as the app draws
 * them the moment it replaces the first paint: for each painted element, the app's element of the same tag and
 * text (null where the app has none). With a session cookie for signed-in pages.
 */
export async function firstPaintBesideApp(
  browser: Browser,
  url: string,
  { width, token }: { width: number; token?: string },
): Promise<Array<{ painted: DrawnElement; app: DrawnElement | null }>> {
  const open = async (javaScriptEnabled: boolean) => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled });
    if (token) await context.addCookies([{ name: 'credimo_access_token', value: token, url }]);
    return { context, page: await context.newPage() };
  };
  // No named functions inside: the test runner's transform would wrap them in a helper the page lacks.
  const read = (selector: string) =>
    [...document.querySelectorAll<HTMLElement>(selector)].map((element) => {
      const box = element.getBoundingClientRect();
      return {
        tag: element.tagName.toLowerCase(),
        text: (element.textContent ?? '').replace(/\s+/g, ' ').trim(),
        box: {
          x: Math.round(box.x * 10) / 10,
          y: Math.round(box.y * 10) / 10,
          width: Math.round(box.width * 10) / 10,
          height: Math.round(box.height * 10) / 10,
        },
      };
    });

  const still = await open(false);
  await still.page.goto(url);
  const painted = await still.page.evaluate(
    read,
    `#first-paint ${PAINTED.replaceAll(', main', ', #first-paint main')}`,
  );
  await still.context.close();

  const live = await open(true);
  await live.page.goto(url);
  // Read in the very task the app shows.
  await appShown(live.page);
  const drawn = await live.page.evaluate(read, `#root ${PAINTED.replaceAll(', main', ', #root main')}`);
  await live.context.close();

  const used = new Set<number>();
  return painted.map((element) => {
    const index = drawn.findIndex((d, i) => !used.has(i) && d.tag === element.tag && d.text === element.text);
    if (index < 0) return { painted: element, app: null };
    used.add(index);
    return { painted: element, app: drawn[index] ?? null };
  });
}
