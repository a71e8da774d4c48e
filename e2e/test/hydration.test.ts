import type {Browser, Page} from 'playwright-core';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {
  launchChromium,
  unexpectedExternal,
  watchedContext,
  type WatchedContext,
} from '../fixtures/browser';
import {signInContext, startGate, type RunningGate} from '../fixtures/gate';

/**
 * What a doc page becomes once hydrated, now that the first window size arrives in a transition
 * (site/src/hydration/, issue 27): the server's markup carries the desktop sidebar and table of
 * contents, which a phone drops and a desktop keeps, and every code block gets its buttons.
 */

let browser: Browser;
let gate: RunningGate;
let watched: WatchedContext;

beforeAll(async () => {
  [browser, gate] = await Promise.all([launchChromium(), startGate()]);
});
afterAll(async () => {
  await browser?.close();
  await gate?.app.close();
});
afterEach(async () => {
  expect(unexpectedExternal(watched.externalRequests)).toEqual([]);
  await watched.context.close();
});

async function docPage(width: number, height: number): Promise<Page> {
  watched = await watchedContext(browser);
  await signInContext(watched.context, gate.baseUrl, 'alice@studio.example');
  const page = watched.watch(await watched.context.newPage());
  await page.setViewportSize({width, height});
  await page.goto(`${gate.baseUrl}/docs/tools/git`);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  return page;
}

const COPY = 'button[aria-label="Copy code to clipboard"]';
/** The sidebar beside the page (a phone's menu in the navbar uses the same list class). */
const DESKTOP_SIDEBAR = '.theme-doc-sidebar-container .theme-doc-sidebar-menu';

describe('a doc page after hydration', () => {
  it('on a phone drops the desktop sidebar and table of contents the server sent, and keeps the mobile ones', async () => {
    const page = await docPage(390, 844);
    const html = await (
      await fetch(`${gate.baseUrl}/docs/tools/git`, {
        headers: {
          cookie: (await watched.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; '),
        },
      })
    ).text();
    // The server's page holds both (CSS hides the desktop ones on a phone)...
    expect(html).toContain('theme-doc-sidebar-menu');
    expect(html).toContain('theme-doc-toc-desktop');
    // ...and the hydrated one only what a phone shows.
    await expect.poll(() => page.locator(DESKTOP_SIDEBAR).count()).toBe(0);
    await expect.poll(() => page.locator('.theme-doc-toc-desktop').count()).toBe(0);
    expect(await page.locator('.theme-doc-toc-mobile').count()).toBe(1);
    await page.locator('.navbar__toggle').click();
    await expect
      .poll(() => page.locator('.navbar-sidebar .menu__link', {hasText: 'Git'}).count())
      .toBeGreaterThan(0);
  });

  it('on a desktop keeps the sidebar and table of contents, and drops them when the window narrows to a phone', async () => {
    const page = await docPage(1280, 800);
    const blocks = await page.locator('.theme-code-block').count();
    expect(blocks).toBeGreaterThan(0);
    // `useIsBrowser()` turned true: every code block has its copy button.
    await expect.poll(() => page.locator(COPY).count()).toBe(blocks);
    expect(await page.locator(DESKTOP_SIDEBAR).count()).toBe(1);
    expect(await page.locator('.theme-doc-toc-desktop').count()).toBe(1);
    await page.setViewportSize({width: 390, height: 844});
    await expect.poll(() => page.locator(DESKTOP_SIDEBAR).count()).toBe(0);
    await expect.poll(() => page.locator('.theme-doc-toc-desktop').count()).toBe(0);
  });
});
