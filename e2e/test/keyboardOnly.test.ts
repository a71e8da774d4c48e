import type {Browser, Page} from 'playwright-core';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {
  currentRingProblems,
  focusedMatches,
  tabThroughPage,
  tabTo,
} from '../accessibility/keyboard';
import {ROLLBACK_QUESTION} from '../accessibility/screens';
import {
  launchChromium,
  unexpectedExternal,
  watchedContext,
  type WatchedContext,
} from '../fixtures/browser';
import {signInContext, startGate, type RunningGate} from '../fixtures/gate';

/**
 * Issue 31, item 4: a reader with a keyboard and no mouse signs in locally, searches, asks Ask
 * AI, opens the language menu, switches the colour mode, copies code and signs out. Every
 * control on the way shows a focus ring of at least 3:1 against what surrounds it and is not
 * hidden when focused; Escape closes what it opened and puts focus back where it was.
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

const SEARCH_BUTTON = '.DocSearch-Button';
const QUERY_INPUT = '.DocSearch-Input';
const LANGUAGE_TOGGLE = '.navbar .dropdown > .navbar__link';
const THEME_TOGGLE = '.navbar button[aria-label*="dark and light mode"]';
const COPY_CODE = '.theme-code-block button[aria-label="Copy code to clipboard"]';
const LOGOUT = '.navbar a[href="#logout"]';

async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
}

describe('the keyboard-only walk', () => {
  it('signs in, searches, asks, opens the menus, copies code and signs out without a mouse', async () => {
    watched = await watchedContext(browser);
    await watched.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: gate.baseUrl,
    });
    const page = watched.watch(await watched.context.newPage());
    await page.setViewportSize({width: 1280, height: 800});
    const problems: string[] = [];

    // Local sign-in (the emulator's): Tab to its button, past "Login with Google" and the
    // address field, which holds a company address already.
    await page.goto(`${gate.baseUrl}/docs/tools/git`);
    await page.getByRole('button', {name: 'Sign in locally'}).waitFor();
    problems.push(...(await tabTo(page, 'button.signin__localButton', {limit: 5})));
    await press(page, 'Enter');
    await page.getByRole('heading', {level: 1, name: 'Git'}).waitFor();
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});

    // Search: the navbar's button opens the dialog with focus in the query; the arrow keys
    // pass the "Ask AI" row to the first page, Enter opens it.
    problems.push(...(await tabTo(page, SEARCH_BUTTON)));
    await press(page, 'Enter');
    await page.locator(QUERY_INPUT).waitFor();
    expect(await focusedMatches(page, QUERY_INPUT)).toBe(true);
    problems.push(...(await currentRingProblems(page)));
    await page.keyboard.type('kong');
    await page.locator('.DocSearch-Hit a[href^="/docs/"]').first().waitFor();
    await press(page, 'ArrowDown');
    await press(page, 'Enter');
    await page.waitForURL(/\/docs\/tools\/kong/);
    await page.locator('.DocSearch-Modal').waitFor({state: 'detached'});
    await page.getByRole('heading', {level: 1, name: /Kong/}).waitFor();

    // Ask AI: Enter on the first row asks the question; when the answer is complete focus is
    // back in the question box, and its first citation is reachable with Tab. (The new page
    // starts focus at its top, as a page load does: Tab leads to the search button again.)
    problems.push(...(await tabTo(page, SEARCH_BUTTON)));
    await press(page, 'Enter');
    await page.locator(QUERY_INPUT).waitFor();
    // The modal focuses its input a moment after it mounts; keys typed before land elsewhere.
    await expect.poll(() => focusedMatches(page, QUERY_INPUT)).toBe(true);
    await page.keyboard.type(ROLLBACK_QUESTION);
    await page.locator('.DocSearch-Hit', {hasText: ROLLBACK_QUESTION}).first().waitFor();
    await press(page, 'Enter');
    await page.locator('.DocSearch-AskAiScreen-Actions').waitFor();
    await expect.poll(() => focusedMatches(page, QUERY_INPUT)).toBe(true);
    problems.push(...(await tabTo(page, '.DocSearch-Markdown-Content a', {limit: 10})));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(
      'Rollback with Helm',
    );
    // Escape leaves Ask AI for the search, with focus in the query; Escape again closes it.
    await press(page, 'Escape');
    await page.locator('.DocSearch-AskAiScreen').waitFor({state: 'detached'});
    await expect.poll(() => focusedMatches(page, QUERY_INPUT)).toBe(true);
    await press(page, 'Escape');
    await page.locator('.DocSearch-Modal').waitFor({state: 'detached'});
    expect(await focusedMatches(page, SEARCH_BUTTON)).toBe(true);

    // The language menu: Enter opens it, Tab reaches its item, Escape closes it and returns
    // to its toggle.
    problems.push(...(await tabTo(page, LANGUAGE_TOGGLE, {limit: 5})));
    await press(page, 'Enter');
    const toggle = page.locator(LANGUAGE_TOGGLE);
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.locator('.dropdown__menu a').waitFor();
    problems.push(...(await tabTo(page, '.dropdown__menu a', {limit: 2})));
    await press(page, 'Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await focusedMatches(page, LANGUAGE_TOGGLE)).toBe(true);

    // The colour mode, the very next Tab stop: the closed menu's item is not one, even while
    // the menu would still be fading out (a Tab pressed then used to land on a link that then
    // vanished; the CI runs of sessions 23 to 25 caught it as "English: hidden from view").
    // Enter switches the mode, and the rings still hold in the dark.
    problems.push(...(await tabTo(page, THEME_TOGGLE, {limit: 1})));
    await press(page, 'Enter');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
      .toBe('dark');
    problems.push(...(await currentRingProblems(page)));

    // Copy code: the first code block's button, reached with Tab through the page.
    problems.push(...(await tabTo(page, COPY_CODE, {limit: 200})));
    const code = await page.locator('.theme-code-block code').first().innerText();
    await press(page, 'Enter');
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(code.trimEnd());

    // Sign-out: back up to the navbar, which shows itself again for the focus it gets.
    problems.push(...(await tabTo(page, LOGOUT, {backwards: true, limit: 250})));
    await press(page, 'Enter');
    await page.getByRole('button', {name: 'Login with Google'}).waitFor();

    expect(problems).toEqual([]);
    expect(watched.consoleErrors).toEqual([]);
  }, 120_000);

  it.each(['light', 'dark'] as const)(
    'shows a ring of 3:1 on every Tab stop of a doc page, footer included, in %s mode',
    async (theme) => {
      watched = await watchedContext(browser);
      await signInContext(watched.context, gate.baseUrl, 'alice@studio.example');
      const page = watched.watch(await watched.context.newPage());
      await page.setViewportSize({width: 1280, height: 800});
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto(`${gate.baseUrl}/docs/tools/git`);
      await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
      const {problems, stops} = await tabThroughPage(page);
      // Skip link, announcement, navbar, sidebar, page, table of contents, pager, footer.
      expect(stops).toBeGreaterThan(60);
      expect(await page.locator('footer a[data-tab-visited]').count()).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    },
    60_000,
  );
});
