import {load} from 'cheerio';
import type {Browser, Page} from 'playwright-core';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {focusedMatches} from '../accessibility/keyboard';
import {ROLLBACK_QUESTION, UNCOVERED_QUESTION} from '../accessibility/screens';
import {
  launchChromium,
  unexpectedExternal,
  watchedContext,
  type WatchedContext,
} from '../fixtures/browser';
import {signInContext, startGate, type RunningGate} from '../fixtures/gate';

/**
 * Issue 31, item 3: Ask AI for a screen reader. The answer is announced once it is complete,
 * from a polite status region inside the dialog (never a token at a time), and so is the
 * refusal; focus stays inside the dialog while the answer streams and comes back to the
 * question box; every citation link is named by the section it opens and says it opens a tab.
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
  expect(watched.consoleErrors).toEqual([]);
  await watched.context.close();
});

const REGION = '[role="dialog"] .DocSearch-Announcer';
const QUERY_INPUT = '.DocSearch-Input';

/** Every text each live region of the page held, in order, from the first load on. */
function recordLiveRegions(): void {
  const seen: string[] = [];
  (window as unknown as {liveRegionTexts: string[]}).liveRegionTexts = seen;
  new MutationObserver(() => {
    for (const region of Array.from(document.querySelectorAll('.DocSearch-Announcer'))) {
      const text = region.textContent ?? '';
      if (seen[seen.length - 1] !== text) seen.push(text);
    }
  }).observe(document, {childList: true, subtree: true, characterData: true});
}

async function signedInPage(): Promise<Page> {
  watched = await watchedContext(browser);
  await signInContext(watched.context, gate.baseUrl, 'alice@studio.example');
  const page = watched.watch(await watched.context.newPage());
  await page.addInitScript(recordLiveRegions);
  await page.goto(`${gate.baseUrl}/docs/documentation`);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  return page;
}

/** Opens search with Ctrl+K, types the question and takes the "Ask AI" row with Enter. */
async function ask(page: Page, question: string): Promise<void> {
  await page.locator('.DocSearch-Button').focus();
  await page.keyboard.press('Enter');
  await page.locator(QUERY_INPUT).waitFor();
  await page.keyboard.type(question);
  await page.locator('.DocSearch-Hit', {hasText: question}).first().waitFor();
  await page.keyboard.press('Enter');
}

const announced = (page: Page) => page.locator(REGION).textContent();
const liveRegionTexts = (page: Page) =>
  page.evaluate(() => (window as unknown as {liveRegionTexts: string[]}).liveRegionTexts);

describe('Ask AI with a screen reader', () => {
  it('announces the complete answer and its sections once, from a polite region in the dialog', async () => {
    const page = await signedInPage();
    await ask(page, ROLLBACK_QUESTION);
    const region = page.locator(REGION);
    expect(await region.getAttribute('role')).toBe('status');
    expect(await region.getAttribute('aria-live')).toBe('polite');
    expect(await region.getAttribute('aria-atomic')).toBe('true');
    await page.locator('.DocSearch-AskAiScreen-Actions').waitFor();
    await expect.poll(() => announced(page)).toMatch(/^Answer: From Deployment workflow/);
    const text = (await announced(page)) ?? '';
    expect(text).toContain('helm rollback');
    expect(text).toMatch(/Sections in the handbook: Deployment workflow › Rollback with Helm/);
    // Nothing in between: the region went from empty to the whole answer in one step.
    expect((await liveRegionTexts(page)).filter(Boolean)).toEqual([text]);
    // The visible answer itself is not live: it is not read again while it streams.
    expect(
      await page.locator('.DocSearch-AskAiScreen-Response-Container [aria-live]').count(),
    ).toBe(0);
  });

  it('announces the refusal the same way', async () => {
    const page = await signedInPage();
    await ask(page, UNCOVERED_QUESTION);
    // Announced once the answer is complete, as the first test waits for it: polling from the
    // question alone gave a loaded machine one second for the whole answer (a fresh clone's
    // run beside two cross-validations, 2026-11-28).
    await page.locator('.DocSearch-AskAiScreen-Actions').waitFor();
    // The refusal, then the nearest sections the gate names instead of an answer.
    await expect
      .poll(() => announced(page))
      .toMatch(/^Answer: I couldn't find this in the handbook\./);
    expect((await liveRegionTexts(page)).filter(Boolean)).toEqual([await announced(page)]);
  });

  it('keeps focus on the stop button while the answer streams, then on the question box', async () => {
    const page = await signedInPage();
    // The gate answers within milliseconds: hold the answer back so the streaming state lasts.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/__askai/chat', async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({response});
    });
    await ask(page, ROLLBACK_QUESTION);
    await page.locator('button.DocSearch-StopStreaming').waitFor();
    await expect.poll(() => focusedMatches(page, 'button.DocSearch-StopStreaming')).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Stop the answer',
    );
    expect(await announced(page)).toBe('');
    release();
    await page.locator('.DocSearch-AskAiScreen-Actions').waitFor();
    await expect.poll(() => focusedMatches(page, QUERY_INPUT)).toBe(true);

    // Back to search with the keyboard: the back button, then focus is in the query again.
    await page.keyboard.press('Shift+Tab');
    expect(await focusedMatches(page, '.DocSearch-AskAi-Return')).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('.DocSearch-AskAiScreen').waitFor({state: 'detached'});
    await expect.poll(() => focusedMatches(page, QUERY_INPUT)).toBe(true);
    expect(await announced(page)).toBe('');
  });

  it('names every citation by the section it opens, and says it opens a new tab', async () => {
    const page = await signedInPage();
    await ask(page, ROLLBACK_QUESTION);
    await page.locator('.DocSearch-AskAiScreen-Actions').waitFor();
    const links = page.locator('.DocSearch-AskAiScreen-Response-Container a[href]');
    const citations = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => ({
        href: (anchor as HTMLAnchorElement).getAttribute('href') ?? '',
        text: anchor.textContent?.trim() ?? '',
        target: (anchor as HTMLAnchorElement).target,
      })),
    );
    expect(citations.length).toBeGreaterThan(0);
    for (const {href, text, target} of citations) {
      // The section the link opens, by its heading on the page it points to.
      const [pathname = '', anchor = ''] = href.split('#');
      const html = await (await page.request.get(`${gate.baseUrl}${pathname}`)).text();
      const heading = load(html)(`[id="${anchor}"]`);
      heading.find('.hash-link').remove();
      const headingText = heading.text().trim();
      expect(headingText, href).not.toBe('');
      expect(text, href).toContain(headingText);
      expect(target).toBe('_blank');
      // Its accessible name says where it goes and that a tab opens.
      const named = page.getByRole('link', {name: `${text} (opens in a new tab)`, exact: true});
      expect(await named.count(), text).toBeGreaterThan(0);
    }
  });
});
