import type {Browser, BrowserContext, Page} from 'playwright-core';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {inkPixels} from '../accessibility/pixels';
import {ROLLBACK_QUESTION} from '../accessibility/screens';
import {
  launchChromium,
  unexpectedExternal,
  watchedContext,
  type WatchedContext,
} from '../fixtures/browser';
import {signInContext, startGate, type RunningGate} from '../fixtures/gate';

/**
 * Issue 31, item 5. With `prefers-reduced-motion: reduce` nothing slides, fades, shimmers or
 * scrolls smoothly. In forced colours (Windows High Contrast, light and dark), no control, icon
 * or focus ring disappears: each is still drawn in pixels of at least 3:1 against its
 * background, in Chromium's own forced-colours rendering.
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

type Motion = {readonly what: string; readonly seconds: number};

/** Records every CSS transition and animation that starts, with its longest duration. */
function recordMotion(): void {
  const motions: Motion[] = [];
  (window as unknown as {motions: Motion[]}).motions = motions;
  const seconds = (durations: string) =>
    Math.max(
      0,
      ...durations
        .split(',')
        .map((value) => value.trim())
        .map((value) => (value.endsWith('ms') ? parseFloat(value) / 1000 : parseFloat(value))),
    );
  const describe = (target: EventTarget | null, detail: string) => {
    const element = target as Element;
    return `${element.tagName?.toLowerCase()}.${String(element.className).split(' ').join('.')} ${detail}`;
  };
  document.addEventListener(
    'transitionrun',
    (event) => {
      const style = getComputedStyle(event.target as Element, event.pseudoElement || null);
      motions.push({
        what: describe(event.target, event.propertyName),
        seconds: seconds(style.transitionDuration),
      });
    },
    true,
  );
  document.addEventListener(
    'animationstart',
    (event) => {
      const style = getComputedStyle(event.target as Element, event.pseudoElement || null);
      const iterations = style.animationIterationCount === 'infinite' ? Infinity : 1;
      motions.push({
        what: describe(event.target, event.animationName),
        seconds: seconds(style.animationDuration) * iterations,
      });
    },
    true,
  );
}

async function signedInPage(
  options: Parameters<Page['emulateMedia']>[0],
  path = '/docs/tools/git',
): Promise<Page> {
  watched = await watchedContext(browser);
  await signInContext(watched.context, gate.baseUrl, 'alice@studio.example');
  const page = watched.watch(await watched.context.newPage());
  await page.setViewportSize({width: 1280, height: 800});
  await page.emulateMedia(options);
  await page.addInitScript(recordMotion);
  await page.goto(`${gate.baseUrl}${path}`);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  return page;
}

/** A reader's tour of everything that moves: sidebar, navbar, search, Ask AI, menus, theme. */
async function moveEverything(page: Page): Promise<void> {
  const category = page.locator('.menu__caret').first();
  await category.click();
  await category.click();
  await page.mouse.wheel(0, 900);
  await page.waitForTimeout(300);
  await page.mouse.wheel(0, -900);
  await page.waitForTimeout(300);
  await page.locator('.navbar .dropdown').hover();
  await page.locator('.theme-code-block').first().hover();
  await page.locator('.DocSearch-Button').click();
  await page.locator('.DocSearch-Input').fill(ROLLBACK_QUESTION);
  await page.locator('.DocSearch-Hit', {hasText: ROLLBACK_QUESTION}).first().click();
  await page.locator('.DocSearch-AskAiScreen-Actions').waitFor();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.locator('.DocSearch-Modal').waitFor({state: 'detached'});
  await page.locator('button[aria-label*="dark and light mode"]').click();
  await page.waitForTimeout(300);
}

const motions = (page: Page) =>
  page.evaluate(() => (window as unknown as {motions: Motion[]}).motions);

describe('reduced motion', () => {
  it('moves nothing for more than a millisecond, and scrolls without smoothing', async () => {
    const page = await signedInPage({reducedMotion: 'reduce'});
    await moveEverything(page);
    const recorded = await motions(page);
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.filter(({seconds}) => seconds > 0.001)).toEqual([]);
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior),
    ).toBe('auto');
    expect(watched.consoleErrors).toEqual([]);
  });

  it('leaves the transitions on for readers who did not ask (the recorder sees them)', async () => {
    const page = await signedInPage({reducedMotion: 'no-preference'});
    await moveEverything(page);
    expect((await motions(page)).filter(({seconds}) => seconds >= 0.1).length).toBeGreaterThan(0);
  });
});

describe.each(['dark', 'light'] as const)('forced colours on a %s system palette', (scheme) => {
  const media = {forcedColors: 'active', colorScheme: scheme} as const;
  const ink = (context: BrowserContext, page: Page, selector: string) =>
    inkPixels(context, page.locator(selector).first());

  it('draws every navbar, sidebar and code block control', async () => {
    const page = await signedInPage(media);
    const {context} = watched;
    for (const selector of [
      '.DocSearch-Button',
      'button[aria-label*="dark and light mode"]',
      '.navbar .dropdown > .navbar__link',
      '.navbar a[href="#logout"]',
      '.menu__caret',
      '.theme-announcement-bar button[aria-label="Close"]',
      '.theme-doc-sidebar-container button[title="Collapse sidebar"]',
    ]) {
      expect(await ink(context, page, selector), selector).toBeGreaterThan(30);
    }
    // A code block's copy button shows when it has keyboard focus.
    await page
      .locator('.theme-code-block button[aria-label="Copy code to clipboard"]')
      .first()
      .focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(
      await ink(context, page, '.theme-code-block button[aria-label="Copy code to clipboard"]'),
    ).toBeGreaterThan(30);
  });

  it('draws a focus ring around the focused control', async () => {
    const page = await signedInPage(media);
    const {context} = watched;
    const link = page.locator('.menu__link').nth(2);
    const box = await link.boundingBox();
    const before = await inkPixels(context, link);
    await link.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const after = await inkPixels(context, link);
    // At least a one-pixel line around the whole control.
    expect(after - before).toBeGreaterThan(2 * ((box?.width ?? 0) + (box?.height ?? 0)));
  });

  it('draws the search dialog, its selected hit and the "Answering…" heading', async () => {
    const page = await signedInPage(media);
    const {context} = watched;
    await page.locator('.DocSearch-Button').click();
    await page.locator('.DocSearch-Input').fill('kong');
    await page.locator('.DocSearch-Hit a[href^="/docs/"]').first().waitFor();
    await page.keyboard.press('ArrowDown');
    const selected = page.locator('.DocSearch-Hit a[aria-selected="true"]');
    const unselected = page.locator('.DocSearch-Hit a[aria-selected="false"]').first();
    expect(await inkPixels(context, selected)).toBeGreaterThan(
      (await inkPixels(context, unselected)) + 100,
    );
    expect(await ink(context, page, '.DocSearch-Close')).toBeGreaterThan(30);
    // The matched words, highlighted in the "Ask AI" row and in each hit.
    expect(await ink(context, page, '.DocSearch-Hit-AskAIButton-title-query')).toBeGreaterThan(50);
    expect(await ink(context, page, '.DocSearch-Commands')).toBeGreaterThan(100);

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/__askai/chat', async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({response});
    });
    await page.locator('.DocSearch-Input').fill(ROLLBACK_QUESTION);
    await page.locator('.DocSearch-Hit', {hasText: ROLLBACK_QUESTION}).first().click();
    await page.locator('.DocSearch-Modal-heading').waitFor();
    expect(await ink(context, page, '.DocSearch-Modal-heading')).toBeGreaterThan(100);
    expect(await ink(context, page, '.DocSearch-StopStreaming')).toBeGreaterThan(30);
    release();
    await page.locator('.DocSearch-AskAiScreen-Actions').waitFor();
    expect(await ink(context, page, '.DocSearch-Menu-trigger')).toBeGreaterThan(10);
  });

  it('draws the sign-in page controls', async () => {
    watched = await watchedContext(browser);
    const page = watched.watch(await watched.context.newPage());
    await page.emulateMedia(media);
    await page.goto(`${gate.baseUrl}/docs/tools/git`);
    await page.getByRole('button', {name: 'Sign in locally'}).waitFor();
    for (const selector of ['.signin__button', '#local-email', '.signin__localButton']) {
      expect(await inkPixels(watched.context, page.locator(selector)), selector).toBeGreaterThan(
        100,
      );
    }
  });
});
