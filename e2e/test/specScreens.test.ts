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
 * SPEC §2 screens and the layout around them, in Chromium against the production build behind
 * the real gate: the navbar's two sections, the crash screen, the footer on short pages, the
 * announcement bar in dark mode, the doc layout once hydrated on a phone and a desktop, and the
 * stale-page notice.
 */

let browser: Browser;
let gate: RunningGate;
let watched: WatchedContext | undefined;

beforeAll(async () => {
  [browser, gate] = await Promise.all([launchChromium(), startGate()]);
});
afterAll(async () => {
  await browser?.close();
  await gate?.app.close();
});
afterEach(async () => {
  if (watched === undefined) return;
  expect(unexpectedExternal(watched.externalRequests)).toEqual([]);
  await watched.context.close();
  watched = undefined;
});

type PageSetup = (page: Page) => Promise<unknown>;

async function signedInPage(path: string, setup?: PageSetup): Promise<Page> {
  watched = await watchedContext(browser);
  await signInContext(watched.context, gate.baseUrl, 'alice@studio.example');
  const page = watched.watch(await watched.context.newPage());
  await setup?.(page);
  await page.goto(`${gate.baseUrl}${path}`);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  return page;
}

const leftLinks = (page: Page) =>
  page.locator('.navbar__items:not(.navbar__items--right) > a.navbar__link');

async function leftLinkStates(page: Page): Promise<Record<string, boolean>> {
  return leftLinks(page).evaluateAll((links) =>
    Object.fromEntries(
      links.map((link) => [link.textContent, link.classList.contains('navbar__link--active')]),
    ),
  );
}

describe('the navbar', () => {
  it('has exactly two left links, Docs and Convention, and the blog is in the footer', async () => {
    const page = await signedInPage('/docs/tools/kong');
    expect(await leftLinks(page).allTextContents()).toEqual(['Docs', 'Convention']);
    expect(await page.locator('.navbar').getByRole('link', {name: 'Blog'}).count()).toBe(0);
    expect(await page.locator('footer').getByRole('link', {name: 'Blog'}).count()).toBe(1);
    expect(watched?.consoleErrors).toEqual([]);
  });

  it('highlights only Docs on a guide, and only Convention in the conventions', async () => {
    const page = await signedInPage('/docs/tools/kong');
    expect(await leftLinkStates(page)).toEqual({Docs: true, Convention: false});

    // A client-side navigation, as a reader clicks: the highlight follows the section.
    await leftLinks(page).filter({hasText: 'Convention'}).click();
    await page.waitForURL(/\/docs\/convention\/intro$/);
    await expect.poll(() => leftLinkStates(page)).toEqual({Docs: false, Convention: true});

    await page.goto(`${gate.baseUrl}/docs/category/convention`);
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    expect(await leftLinkStates(page)).toEqual({Docs: false, Convention: true});
  });
});

describe('the crash screen', () => {
  it('is titled "Page Error" and offers Try again, the message and its causes', async () => {
    // A real render failure: a code block's word-wrap hook (theme-common's
    // useShallowMemoObject) sorts its options with String.prototype.localeCompare while the
    // page hydrates, and here that throws.
    const page = await signedInPage('/docs/tools/kong', (setup) =>
      setup.addInitScript(() => {
        String.prototype.localeCompare = function brokenLocaleCompare(): never {
          throw new Error('string comparison is broken in this browser');
        };
      }),
    );
    await page.getByRole('heading', {name: 'This page crashed.'}).waitFor();
    expect(await page.title()).toBe('Page Error');
    await page.getByRole('button', {name: 'Try again'}).waitFor();
    expect(await page.locator('main').innerText()).toContain(
      'string comparison is broken in this browser',
    );
  });
});

describe('the layout', () => {
  it('keeps the footer at the bottom of the window on the short 404 page', async () => {
    const page = await signedInPage('/no/such/page', (setup) =>
      setup.setViewportSize({width: 1280, height: 1400}),
    );
    await page.getByRole('heading', {name: 'Page Not Found'}).waitFor();
    const footer = await page.locator('footer.footer').boundingBox();
    expect(footer).not.toBeNull();
    expect(Math.round((footer?.y ?? 0) + (footer?.height ?? 0))).toBe(1400);
  });

  it('darkens the announcement bar in dark mode', async () => {
    const page = await signedInPage('/docs/documentation', (setup) =>
      setup.addInitScript(() => localStorage.setItem('theme', 'dark')),
    );
    const bar = page.getByRole('banner').filter({hasText: 'Docs Day'});
    await bar.waitFor();
    const colors = await bar.evaluate((element) => {
      const style = getComputedStyle(element);
      return {background: style.backgroundColor, text: style.color};
    });
    expect(luminance(colors.background)).toBeLessThan(0.2);
    expect(luminance(colors.text)).toBeGreaterThan(0.6);
  });
});

/** The sidebar beside the page (a phone's menu in the navbar uses the same list class). */
const DESKTOP_SIDEBAR = '.theme-doc-sidebar-container .theme-doc-sidebar-menu';
const COPY = 'button[aria-label="Copy code to clipboard"]';
/** A phone's navbar menu (theme-classic's Navbar/MobileSidebar), rendered closed until toggled. */
const MOBILE_MENU = '.navbar-sidebar';

// The first window size after hydration arrives in a transition (site/src/hydration/, issue 27):
// the server's markup carries the desktop sidebar and table of contents, which a phone drops and
// a desktop keeps; a phone's navbar menu is rendered after it, deferred.
describe('a doc page after hydration', () => {
  it('on a phone drops the desktop sidebar and table of contents the server sent, and keeps the mobile ones', async () => {
    const page = await signedInPage('/docs/tools/git', (setup) =>
      setup.setViewportSize({width: 390, height: 844}),
    );
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const html = await (await fetch(`${gate.baseUrl}/docs/tools/git`, {headers: {cookie}})).text();
    // The server's page holds both (CSS hides the desktop ones on a phone)...
    expect(html).toContain('theme-doc-sidebar-menu');
    expect(html).toContain('theme-doc-toc-desktop');
    // ...and the hydrated one only what a phone shows.
    await expect.poll(() => page.locator(DESKTOP_SIDEBAR).count()).toBe(0);
    await expect.poll(() => page.locator('.theme-doc-toc-desktop').count()).toBe(0);
    expect(await page.locator('.theme-doc-toc-mobile').count()).toBe(1);
    // The closed menu is rendered once the phone's size is known (deferred, in slices), so the
    // toggle opens one that is already there.
    await expect.poll(() => page.locator(MOBILE_MENU).count()).toBe(1);
    expect(await page.locator('.navbar.navbar-sidebar--show').count()).toBe(0);
    await page.locator('.navbar__toggle').click();
    expect(await page.locator('.navbar.navbar-sidebar--show').count()).toBe(1);
    await expect
      .poll(() => page.locator('.navbar-sidebar .menu__link', {hasText: 'Git'}).count())
      .toBeGreaterThan(0);
  });

  it('on a desktop keeps the sidebar and table of contents, and drops them when the window narrows to a phone', async () => {
    const page = await signedInPage('/docs/tools/git', (setup) =>
      setup.setViewportSize({width: 1280, height: 800}),
    );
    const blocks = await page.locator('.theme-code-block').count();
    expect(blocks).toBeGreaterThan(0);
    // `useIsBrowser()` turned true: every code block has its copy button.
    await expect.poll(() => page.locator(COPY).count()).toBe(blocks);
    expect(await page.locator(DESKTOP_SIDEBAR).count()).toBe(1);
    expect(await page.locator('.theme-doc-toc-desktop').count()).toBe(1);
    expect(await page.locator(MOBILE_MENU).count()).toBe(0);
    await page.setViewportSize({width: 390, height: 844});
    await expect.poll(() => page.locator(DESKTOP_SIDEBAR).count()).toBe(0);
    await expect.poll(() => page.locator('.theme-doc-toc-desktop').count()).toBe(0);
    await expect.poll(() => page.locator(MOBILE_MENU).count()).toBe(1);
  });
});

describe('the stale-page notice', () => {
  async function pageAt(offsetMonths: number): Promise<Page> {
    // The notice is decided on the reader's date: move the browser's clock relative to the
    // page's own "Last updated" date.
    const probe = await signedInPage('/docs/tools/kong');
    const updated = await probe.locator('.theme-last-updated time').getAttribute('datetime');
    expect(updated).toBeTruthy();
    await watched?.context.close();
    const now = new Date(updated ?? '');
    now.setUTCMonth(now.getUTCMonth() + offsetMonths);
    return signedInPage('/docs/tools/kong', (setup) => setup.clock.setFixedTime(now));
  }

  it('asks readers to check with the owner of a page not updated for 12 months', async () => {
    const page = await pageAt(13);
    const notice = page.getByTestId('stale-page-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/more than 12 months ago\. Check with its owner, .+,/);
  });

  it('stays away from a page updated 11 months ago', async () => {
    const page = await pageAt(11);
    await page.locator('.theme-last-updated').waitFor();
    expect(await page.getByTestId('stale-page-notice').count()).toBe(0);
  });
});

/** Relative luminance (0 black … 1 white) of an `rgb(…)` colour. */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  const linear = (value: number) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}
