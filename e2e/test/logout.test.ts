import type {Browser} from 'playwright-core';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {
  launchChromium,
  unexpectedExternal,
  watchedContext,
  type WatchedContext,
} from '../fixtures/browser';
import {signInContext, startGate, type RunningGate} from '../fixtures/gate';

/** Logout on a shared laptop: nothing of the handbook stays in the browser. */

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

const HANDBOOK_TEXT = /kong|helm|rollback|deployment/i;

describe('Logout', () => {
  it('leaves no handbook text in localStorage, sessionStorage or behind the Back button', async () => {
    watched = await watchedContext(browser);
    await signInContext(watched.context, gate.baseUrl, 'alice@studio.example');
    const page = watched.watch(await watched.context.newPage());
    await page.goto(`${gate.baseUrl}/docs/documentation`);
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));

    // A search whose hit is opened (a recent search), then an Ask AI conversation.
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('kong');
    await page.locator('.DocSearch-Hit a').nth(1).click();
    await page.waitForURL(/\/docs\/tools\/kong/);
    await page.locator('.DocSearch-Modal').waitFor({state: 'detached'});
    await page.getByRole('heading', {level: 1, name: /Kong/}).waitFor();
    await page
      .getByRole('button', {name: /search/i})
      .first()
      .click();
    await page.locator('.DocSearch-Input').fill('How do I roll back a release with helm?');
    await page.locator('.DocSearch-Hit', {hasText: 'How do I roll back'}).first().click();
    await page
      .locator('.DocSearch-AskAiScreen-Response')
      .getByText('helm rollback')
      .first()
      .waitFor();
    // Escape leaves Ask AI for the search screen, a second Escape closes the modal.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.locator('.DocSearch-Modal').waitFor({state: 'detached'});
    const before = await page.evaluate(
      () => JSON.stringify({...localStorage}) + JSON.stringify({...sessionStorage}),
    );
    expect(before).toMatch(HANDBOOK_TEXT);

    // The navbar hides on scroll down: back at the top it shows again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', {name: 'Logout'}).first().click();
    await page.getByRole('button', {name: 'Login with Google'}).waitFor();

    const storage = await page.evaluate(() => ({
      local: {...localStorage},
      session: {...sessionStorage},
    }));
    expect(JSON.stringify(storage)).not.toMatch(HANDBOOK_TEXT);
    // Only preferences stay: the colour mode and the announcement dismissal.
    expect(storage.local.theme).toBe('dark');
    expect(
      Object.keys(storage.local).filter(
        (key) => key !== 'theme' && !key.startsWith('docusaurus.announcement.'),
      ),
    ).toEqual([]);
    expect(storage.session).toEqual({});

    await page.goBack();
    await page.getByRole('button', {name: 'Login with Google'}).waitFor();
    const visible = await page.evaluate(() => document.body.innerText);
    expect(visible).not.toMatch(/API gateway|Kong/);
  });
});
