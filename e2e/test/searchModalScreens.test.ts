import {mkdirSync} from 'node:fs';
import path from 'node:path';
import type {Browser, Locator, Page} from 'playwright-core';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {
  launchChromium,
  unexpectedExternal,
  watchedContext,
  type WatchedContext,
} from '../fixtures/browser';
import {signInContext, startGate, type RunningGate} from '../fixtures/gate';

/**
 * The search modal's screens (SPEC §2 and §8) and how they look, in light and dark mode, in
 * Chromium against the production build behind the real gate: the start screen without
 * history, the no-results screen with real suggestions and the search page link, the error
 * screen, and a footer that credits no outside service.
 *
 * Set SCREENSHOT_DIR to keep a picture of every screen for a designer's look.
 */

let browser: Browser;
let gate: RunningGate;
let watched: WatchedContext;
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

beforeAll(async () => {
  [browser, gate] = await Promise.all([launchChromium(), startGate()]);
  if (SCREENSHOT_DIR) mkdirSync(SCREENSHOT_DIR, {recursive: true});
});
afterAll(async () => {
  await browser?.close();
  await gate?.app.close();
});
afterEach(async () => {
  expect(unexpectedExternal(watched.externalRequests)).toEqual([]);
  await watched.context.close();
});

type Theme = 'light' | 'dark';
/** A hit that is a handbook page (the "Ask AI" row is a hit too). */
const DOC_HIT = '.DocSearch-Hit a[href^="/docs/"]';

async function signedInPage(theme: Theme = 'light'): Promise<Page> {
  watched = await watchedContext(browser);
  await signInContext(watched.context, gate.baseUrl, 'alice@studio.example');
  const page = watched.watch(await watched.context.newPage());
  await page.setViewportSize({width: 1280, height: 800});
  // Docusaurus reads the reader's choice from localStorage before the first paint.
  await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
  await page.goto(`${gate.baseUrl}/docs/documentation`);
  await page.getByRole('heading', {level: 1}).first().waitFor();
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  return page;
}

async function openModal(page: Page): Promise<Locator> {
  // The screens are under test here, not the shortcut (search.test.ts covers Ctrl+K): the
  // search button opens the modal even when a key press lands before the listener is attached.
  await page.locator('.DocSearch-Button').click();
  const input = page.locator('.DocSearch-Input');
  await input.waitFor();
  return input;
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  await page.waitForTimeout(250); // the modal's open transition
  await page.screenshot({path: path.join(SCREENSHOT_DIR, `${name}.png`)});
}

/** How much of the dropdown's visible height its content leaves empty, 0 to 1. */
async function emptyShare(page: Page): Promise<number> {
  return page.locator('.DocSearch-Dropdown').evaluate((dropdown) => {
    const box = dropdown.getBoundingClientRect();
    let bottom = box.top;
    for (const element of Array.from(dropdown.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.height > 0 && rect.width > 0 && element.textContent?.trim())
        bottom = Math.max(bottom, Math.min(rect.bottom, box.bottom));
    }
    return (box.bottom - bottom) / box.height;
  });
}

describe.each(['light', 'dark'] as const)('the search modal in %s mode', (theme) => {
  it('says "No recent searches" on the start screen of a reader without history', async () => {
    const page = await signedInPage(theme);
    const input = await openModal(page);
    await page.getByText('No recent searches').waitFor();
    await screenshot(page, `modal-start-${theme}`);

    // Once a hit is opened from the modal, the start screen lists it instead.
    await input.fill('kong');
    await page.locator(DOC_HIT).first().waitFor();
    await screenshot(page, `modal-results-${theme}`);
    // The first row offers to ask the question instead; the next one is the first page.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/docs\/tools\/kong/);
    await openModal(page);
    await page.locator('.DocSearch-Hit').first().waitFor();
    expect(await page.locator('.DocSearch-Hits').first().textContent()).toMatch(/kong/i);
    expect(await page.getByText('No recent searches').count()).toBe(0);
    expect(watched.consoleErrors).toEqual([]);
  });

  it('suggests up to 3 real queries and the search page when nothing matches', async () => {
    const page = await signedInPage(theme);
    const input = await openModal(page);
    // Three typos in a seven-letter word: beyond the typo tolerance (two), so no hit, but near
    // "postgres".
    await input.fill('pstgrzz');
    const screen = page.locator('.DocSearch-NoResults');
    await screen.waitFor();
    await screen.getByText('Try searching for').waitFor();
    const suggestions = await screen.locator('.DocSearch-Prefill').allTextContents();
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(3);
    expect(
      suggestions.some((text) => /postgres/i.test(text)),
      suggestions.join(', '),
    ).toBe(true);

    const searchPage = screen.locator('a[href="/search?q=pstgrzz"]');
    await searchPage.waitFor();
    expect(await emptyShare(page)).toBeLessThan(0.45);
    await screenshot(page, `modal-no-results-${theme}`);

    // A suggestion is a real query: choosing it shows hits.
    await screen
      .locator('.DocSearch-Prefill', {hasText: /postgres/i})
      .first()
      .click();
    await page.locator(DOC_HIT).first().waitFor();
    await expect.poll(() => page.locator('.DocSearch-NoResults').count()).toBe(0);
    expect(watched.consoleErrors).toEqual([]);
  });

  it('still suggests sections of the handbook for a query near nothing in it', async () => {
    const page = await signedInPage(theme);
    const input = await openModal(page);
    await input.fill('zzqxqv');
    const screen = page.locator('.DocSearch-NoResults');
    await screen.getByText('Try searching for').waitFor();
    const suggestions = await screen.locator('.DocSearch-Prefill').allTextContents();
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(3);
    expect(watched.consoleErrors).toEqual([]);
  });

  it('shows the error screen with its whole icon in view, clear of the query bar', async () => {
    const page = await signedInPage(theme);
    await page.route('**/1/indexes/**', (route) => route.abort('failed'));
    const input = await openModal(page);
    await input.fill('kong');
    const screen = page.locator('.DocSearch-ErrorScreen');
    await screen.getByText('Unable to fetch results').waitFor({timeout: 15_000});
    const geometry = await page.locator('.DocSearch-Dropdown').evaluate((dropdown) => {
      const icon = dropdown.querySelector('.DocSearch-Screen-Icon svg')?.getBoundingClientRect();
      const box = dropdown.getBoundingClientRect();
      return icon
        ? {
            gapAbove: icon.top - box.top,
            gapBelow: box.bottom - icon.bottom,
            scrollTop: dropdown.scrollTop,
          }
        : null;
    });
    // Flush against the query bar the icon reads as cut off: it needs room above it.
    expect(geometry?.gapAbove).toBeGreaterThanOrEqual(16);
    expect(geometry?.gapBelow).toBeGreaterThan(0);
    expect(geometry?.scrollTop).toBe(0);
    await screenshot(page, `modal-error-${theme}`);
  });

  it('gives a 390 px phone the whole screen for hits, with no empty footer band under them', async () => {
    const page = await signedInPage(theme);
    await page.setViewportSize({width: 390, height: 844});
    const input = await openModal(page);
    await input.fill('kong');
    await page.locator(DOC_HIT).first().waitFor();
    await screenshot(page, `${theme}-phone-hits`);
    const layout = await page.evaluate(() => ({
      dropdownBottom: document.querySelector('.DocSearch-Dropdown')?.getBoundingClientRect().bottom,
      footerHeight:
        document.querySelector('.DocSearch-Footer')?.getBoundingClientRect().height ?? 0,
      viewport: window.innerHeight,
    }));
    expect(layout.footerHeight).toBe(0);
    expect(layout.dropdownBottom).toBeGreaterThanOrEqual(layout.viewport - 1);
  });

  it('credits no outside service and links nowhere outside the handbook', async () => {
    const page = await signedInPage(theme);
    await openModal(page);
    await page.locator('.DocSearch-Footer').waitFor();
    expect(await page.locator('.DocSearch-Modal').textContent()).not.toMatch(/algolia/i);
    expect(await page.locator('.DocSearch-Modal svg[aria-label="Algolia"]').count()).toBe(0);
    const hrefs = await page
      .locator('.DocSearch-Modal a[href]')
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(hrefs.filter((href) => new URL(href).origin !== new URL(gate.baseUrl).origin)).toEqual(
      [],
    );
  });
});
