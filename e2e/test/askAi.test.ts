import type {Browser, Page} from 'playwright-core';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {TABLE_QUESTION} from '../accessibility/screens';
import {
  launchChromium,
  unexpectedExternal,
  watchedContext,
  type WatchedContext,
} from '../fixtures/browser';
import {signInContext, startGate, type RunningGate} from '../fixtures/gate';

/**
 * The spec's Ask AI mode: DocSearch's own Ask AI screen, answered by the gate on this origin
 * (no Algolia host), in Chromium against the production build and the real emulator.
 */

let browser: Browser;
let gate: RunningGate;
let watched: WatchedContext;
const askRequests: string[] = [];

beforeAll(async () => {
  [browser, gate] = await Promise.all([launchChromium(), startGate()]);
});
afterAll(async () => {
  await browser?.close();
  await gate?.app.close();
});
afterEach(async () => {
  expect(unexpectedExternal(watched.externalRequests)).toEqual([]);
  expect(watched.externalRequests.filter((url) => /algolia/i.test(url))).toEqual([]);
  await watched.context.close();
});

async function signedInPage(path: string): Promise<Page> {
  watched = await watchedContext(browser);
  await signInContext(watched.context, gate.baseUrl, 'alice@studio.example');
  const page = watched.watch(await watched.context.newPage());
  page.on('request', (request) => {
    if (request.url().includes('/__askai/')) askRequests.push(request.url());
  });
  await page.goto(`${gate.baseUrl}${path}`);
  await page.getByRole('heading', {level: 1}).first().waitFor();
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  return page;
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOT_DIR) return;
  await page.waitForTimeout(250);
  await page.screenshot({path: `${process.env.SCREENSHOT_DIR}/${name}.png`});
}

async function ask(page: Page, question: string) {
  await page.keyboard.press('Control+k');
  const input = page.locator('.DocSearch-Input');
  await input.waitFor();
  await input.fill(question);
  // The first entry of the results offers to ask the question instead of searching it.
  const askItem = page.locator('.DocSearch-Hit', {hasText: question}).first();
  await askItem.waitFor();
  await askItem.click();
}

describe('Ask AI in the search modal', () => {
  it('streams an answer from the handbook with a source link that opens the section', async () => {
    const page = await signedInPage('/docs/documentation');
    await ask(page, 'How do I roll back a bad production release?');
    const answer = page.locator('.DocSearch-AskAiScreen-Response').last();
    await answer.getByText('helm rollback', {exact: false}).first().waitFor();
    expect(askRequests.some((url) => url === `${gate.baseUrl}/__askai/chat/token`)).toBe(true);
    expect(askRequests.some((url) => url === `${gate.baseUrl}/__askai/chat`)).toBe(true);
    expect(await page.getByText(/Answers come only from this handbook/).count()).toBeGreaterThan(0);

    // "Related sources" lists the sections the answer cites; DocSearch opens them in a new tab.
    const source = page
      .locator(
        '.DocSearch-AskAiScreen-RelatedSources-Item-Link[href*="/docs/workflow/deployment-workflow#"]',
      )
      .first();
    await source.waitFor();
    const [opened] = await Promise.all([watched.context.waitForEvent('page'), source.click()]);
    await opened.waitForURL(/\/docs\/workflow\/deployment-workflow#[\w-]+$/);
    await opened.getByRole('heading', {name: /Rollback with Helm/}).waitFor();
    expect(watched.consoleErrors).toEqual([]);
  });

  it('takes feedback on an answer and keeps the conversation in the history', async () => {
    const page = await signedInPage('/docs/documentation');
    await ask(page, 'How do I roll back a bad production release?');
    const answer = page.locator('.DocSearch-AskAiScreen-Response').last();
    await answer.getByText('helm rollback', {exact: false}).first().waitFor();
    await screenshot(page, 'modal-ask-ai-light');
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await screenshot(page, 'modal-ask-ai-dark');

    const feedback = page.waitForResponse((response) =>
      response.url().endsWith('/__askai/chat/feedback'),
    );
    await answer.locator('button[title="Like"]').click();
    expect((await feedback).status()).toBeLessThan(300);
    await answer.getByText('Thanks for your feedback!').waitFor();

    // Escape leaves Ask AI for the search's start screen, which lists the conversation.
    await page.keyboard.press('Escape');
    await page.getByText('Recent conversations').waitFor();
    await page.getByText('How do I roll back a bad production release?').first().waitFor();
    expect(watched.consoleErrors).toEqual([]);
  });

  it('quotes an answering table row as a table under its header row', async () => {
    const page = await signedInPage('/docs/documentation');
    await ask(page, TABLE_QUESTION);
    const answer = page.locator('.DocSearch-AskAiScreen-Response').last();
    const table = answer.locator('table').first();
    await table.waitFor();
    await expect(table.locator('th').allInnerTexts()).resolves.toContain('Response expected');
    await table
      .getByRole('cell', {name: 'Acknowledge within 15 minutes, any time of day'})
      .waitFor();
    await screenshot(page, 'modal-ask-ai-table');
    // On a phone the table keeps its columns inside the modal, which scrolls it sideways.
    await page.setViewportSize({width: 390, height: 844});
    await screenshot(page, 'modal-ask-ai-table-mobile');
    expect(watched.consoleErrors).toEqual([]);
  });

  it('says plainly when the handbook does not cover the question', async () => {
    const page = await signedInPage('/docs/documentation');
    await ask(page, 'How do I expense a conference ticket?');
    await page.getByText("I couldn't find this in the handbook.").first().waitFor();
    expect(watched.consoleErrors).toEqual([]);
  });

  it('answers a follow-up typed in the Ask AI screen, and says which question it builds on', async () => {
    const page = await signedInPage('/docs/documentation');
    await ask(page, 'How long are production logs kept?');
    const actions = page.locator('.DocSearch-AskAiScreen-Actions');
    await actions.first().waitFor();
    const input = page.locator('.DocSearch-Input');
    await input.fill('and on staging?');
    await input.press('Enter');
    await actions.nth(1).waitFor();
    // DocSearch shows the newest exchange on top.
    const followUp = page.locator('.DocSearch-AskAiScreen-Response').first();
    const text = await followUp.innerText();
    expect(text).toContain('Following up on “How long are production logs kept?”');
    expect(text).toContain('7 days for staging');
    expect(watched.consoleErrors).toEqual([]);
  });

  it('answers a question typed in half Indonesian from the English handbook', async () => {
    const page = await signedInPage('/docs/documentation');
    await ask(page, 'gimana cara rollback rilis production yang bermasalah?');
    const answer = page.locator('.DocSearch-AskAiScreen-Response').last();
    await answer.getByText('helm rollback', {exact: false}).first().waitFor();
    expect(watched.consoleErrors).toEqual([]);
  });

  it('refuses an Indonesian question the handbook cannot answer with the usual text', async () => {
    const page = await signedInPage('/docs/documentation');
    await ask(page, 'berapa jatah cuti tahunan karyawan?');
    await page.getByText("I couldn't find this in the handbook.").first().waitFor();
    expect(watched.consoleErrors).toEqual([]);
  });
});
