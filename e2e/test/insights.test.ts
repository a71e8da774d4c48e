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
 * Reader insights end to end, in Chromium against the production build and the real gate
 * (its production timing: events settle and are written in batches): what a reader does in
 * the search modal, Ask AI and a doc page reaches /insights within 5 s, for a viewer only.
 */
const WRITER = 'alice@studio.example';
const READER = 'carol@studio.example';
const REFUSED = "What's the Wi-Fi password in the Jakarta office?";
const NO_RESULT = 'zzqxqv';
const ANSWER_COMMENT = 'It should say who to ask instead <b>bold?</b>';
const PAGE_COMMENT = '<img src=x onerror="window.__pwned=1"> the rebase steps are out of date';

let browser: Browser;
let gate: RunningGate;
const contexts: WatchedContext[] = [];

beforeAll(async () => {
  [browser, gate] = await Promise.all([launchChromium(), startGate({INSIGHTS_VIEWERS: WRITER})]);
});
afterAll(async () => {
  await browser?.close();
  await gate?.app.close();
});
afterEach(async () => {
  for (const watched of contexts.splice(0)) {
    expect(unexpectedExternal(watched.externalRequests)).toEqual([]);
    expect(watched.consoleErrors).toEqual([]);
    await watched.context.close();
  }
});

async function signedInPage(email: string, path: string, width = 1280): Promise<Page> {
  const watched = await watchedContext(browser);
  contexts.push(watched);
  await signInContext(watched.context, gate.baseUrl, email);
  const page = watched.watch(await watched.context.newPage());
  await page.setViewportSize({width, height: 900});
  await page.goto(`${gate.baseUrl}${path}`);
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  return page;
}

async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  if (!process.env.SCREENSHOT_DIR) return;
  await page.waitForTimeout(300);
  await page.screenshot({path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage});
}

async function setDark(page: Page, dark: boolean) {
  await page.evaluate(
    (mode) => document.documentElement.setAttribute('data-theme', mode),
    dark ? 'dark' : 'light',
  );
}

describe('reader insights', () => {
  it("shows a no-result search, an Ask AI refusal, a thumbs-down with its comment and a page's No on /insights within 5 s", async () => {
    const reader = await signedInPage(WRITER, '/docs/tools/git');

    // A search that finds nothing, in the modal.
    await reader.keyboard.press('Control+k');
    const input = reader.locator('.DocSearch-Input');
    await input.waitFor();
    await input.fill(NO_RESULT);
    await reader.locator('.DocSearch-NoResults').waitFor();
    await reader.keyboard.press('Escape');
    await reader.keyboard.press('Escape');

    // Ask AI refuses, and the reader votes the answer down with a comment.
    await reader.keyboard.press('Control+k');
    await input.fill(REFUSED);
    await reader.locator('.DocSearch-Hit', {hasText: REFUSED}).first().click();
    const answer = reader.locator('.DocSearch-AskAiScreen-Response').last();
    await answer.getByText("I couldn't find this in the handbook.").first().waitFor();
    await answer.locator('button[title="Dislike"]').click();
    const commentField = reader.getByLabel('What was wrong with this answer?');
    await commentField.waitFor();
    await expect
      .poll(() => commentField.evaluate((el) => el === document.activeElement))
      .toBe(true);
    await screenshot(reader, 'askai-comment-light');
    await commentField.fill(ANSWER_COMMENT);
    await reader.getByRole('button', {name: 'Send comment', exact: true}).click();
    await reader.getByText("Thank you: the handbook's writers will read your comment.").waitFor();
    await reader.keyboard.press('Escape');
    await reader.keyboard.press('Escape');

    // "Was this page helpful?" No, with a comment, by keyboard alone.
    const feedback = reader.getByTestId('page-feedback');
    await feedback.scrollIntoViewIfNeeded();
    await feedback.getByRole('button', {name: 'No'}).focus();
    await reader.keyboard.press('Enter');
    const pageComment = feedback.getByLabel('What was missing or wrong?');
    await pageComment.waitFor();
    await expect.poll(() => pageComment.evaluate((el) => el === document.activeElement)).toBe(true);
    await reader.keyboard.type(PAGE_COMMENT);
    await reader.keyboard.press('Tab');
    await reader.keyboard.press('Enter');
    await feedback.getByText('Thank you. The writers will see your answer.').waitFor();
    const lastAction = Date.now();

    // The writer's /insights shows all four within 5 s.
    const writer = await signedInPage(WRITER, '/insights');
    const seen = async () => {
      await writer.reload();
      const gaps = writer.locator('section[aria-labelledby="content-gaps"]');
      await gaps.waitFor({timeout: 2_000});
      const text = (await writer.locator('main').innerText()).replace(/\s+/g, ' ');
      return [NO_RESULT, REFUSED, ANSWER_COMMENT, PAGE_COMMENT.replace(/\s+/g, ' ')].every((part) =>
        text.includes(part),
      );
    };
    while (!(await seen().catch(() => false))) {
      expect(Date.now() - lastAction, 'on /insights within 5 s').toBeLessThan(5_000);
      await writer.waitForTimeout(250);
    }
    expect(Date.now() - lastAction).toBeLessThan(5_000);
    // Comments are text: the markup a reader typed is shown, never run.
    expect(await writer.evaluate(() => (window as {__pwned?: number}).__pwned)).toBeUndefined();
    await writer.getByText(PAGE_COMMENT).first().waitFor();
    await writer.locator('canvas[role="img"]').waitFor();
  });

  it('gives a reader who is not a viewer a 403 on the page and its API', async () => {
    const page = await signedInPage(READER, '/docs/documentation');
    const response = await page.goto(`${gate.baseUrl}/insights`);
    expect(response?.status()).toBe(403);
    await page
      .getByRole('heading', {name: "Reader insights are for the handbook's writers"})
      .waitFor();
    const api = await page.request.get(`${gate.baseUrl}/__insights/report?days=30`);
    expect(api.status()).toBe(403);
    const csv = await page.request.get(`${gate.baseUrl}/__insights/report/content-gaps.csv`);
    expect(csv.status()).toBe(403);
    // A link inside the site does not fetch the page's HTML: the report's 403 is what shows.
    await page.goto(`${gate.baseUrl}/docs/documentation`);
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    await page.evaluate(() => window.history.pushState({}, '', '/insights'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await page
      .getByRole('alert')
      .getByText(/open to the handbook's writers only/)
      .waitFor();
    // The browser logs each refused request: these three are the point of this test.
    const watched = contexts.at(-1);
    if (watched) {
      const refused = watched.consoleErrors.filter((error) => /status of 403/.test(error));
      expect(refused.length).toBeGreaterThanOrEqual(2);
      watched.consoleErrors.splice(
        0,
        watched.consoleErrors.length,
        ...watched.consoleErrors.filter((error) => !/status of 403/.test(error)),
      );
    }
  });

  // WCAG 2.2 AA on /insights, the thumbs-down comment and page feedback, in both colour modes
  // and at both widths, is e2e/test/accessibility.test.ts's (e2e/accessibility/screens.ts).
  it('fits a 390 px phone, and its period moves by keyboard', async () => {
    const writer = await signedInPage(WRITER, '/insights');
    await writer.locator('section[aria-labelledby="content-gaps"]').waitFor();
    await writer.locator('canvas[role="img"]').waitFor();
    for (const dark of [false, true]) {
      await setDark(writer, dark);
      await writer.waitForTimeout(300);
      await screenshot(writer, `insights-desktop-${dark ? 'dark' : 'light'}`, true);
    }
    // The period is a radio group: the keyboard moves between 7, 30 and 90 days.
    await writer.getByLabel('Last 30 days').focus();
    const report = writer.waitForResponse((r) => r.url().includes('/__insights/report?days=90'));
    await writer.keyboard.press('ArrowRight');
    expect((await report).status()).toBe(200);

    const phone = await signedInPage(WRITER, '/insights', 390);
    await phone.locator('section[aria-labelledby="content-gaps"]').waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, 'insights-phone-light', true);

    const doc = await signedInPage(READER, '/docs/tools/git', 390);
    const feedback = doc.getByTestId('page-feedback');
    await feedback.scrollIntoViewIfNeeded();
    await setDark(doc, true);
    await feedback.getByRole('button', {name: 'No'}).click();
    await feedback.getByLabel('What was missing or wrong?').waitFor();
    const feedbackOverflow = await doc.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(feedbackOverflow).toBeLessThanOrEqual(0);
    if (process.env.SCREENSHOT_DIR)
      await feedback.screenshot({
        path: `${process.env.SCREENSHOT_DIR}/page-feedback-phone-dark.png`,
      });
  });
});
