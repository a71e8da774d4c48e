import type {Browser} from 'playwright-core';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {
  launchChromium,
  signInThroughPopup,
  unexpectedExternal,
  watchedContext,
  type WatchedContext,
} from '../fixtures/browser';
import {startGate, type RunningGate} from '../fixtures/gate';

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
  await watched?.context.close();
});

describe('sign-in through the gate', () => {
  it('lets a company account sign in with the Google popup, read the page asked for, and log out', async () => {
    watched = await watchedContext(browser);
    const page = watched.watch(await watched.context.newPage());

    const first = await page.goto(`${gate.baseUrl}/docs/tools/git`);
    expect(first?.status()).toBe(401);
    await expect
      .poll(() => page.getByRole('button', {name: 'Login with Google'}).isVisible())
      .toBe(true);
    expect(await page.content()).not.toContain('Every repository at the studio');

    await signInThroughPopup(watched, page, 'alice@studio.example');

    const heading = page.getByRole('heading', {level: 1, name: 'Git'});
    await heading.waitFor({state: 'visible', timeout: 15_000});
    expect(page.url()).toBe(`${gate.baseUrl}/docs/tools/git`);
    await expect.poll(() => page.getByTestId('session-loading').count()).toBe(0);

    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    await page.getByRole('button', {name: 'Logout'}).click();
    await page
      .getByRole('button', {name: 'Login with Google'})
      .waitFor({state: 'visible', timeout: 15_000});
    expect(await heading.count()).toBe(0);
    const again = await page.request.get(`${gate.baseUrl}/docs/tools/git`, {
      headers: {accept: 'text/html'},
    });
    expect(again.status()).toBe(401);

    expect(watched.consoleErrors).toEqual([]);
    expect(unexpectedExternal(watched.externalRequests)).toEqual([]);
  });

  it('shows another domain only the login button and the reason, and no content', async () => {
    watched = await watchedContext(browser);
    const page = watched.watch(await watched.context.newPage());
    await page.goto(`${gate.baseUrl}/docs/documentation`);

    await signInThroughPopup(watched, page, 'bob@other.example');

    const reason = page.getByTestId('refused');
    await reason.waitFor({state: 'visible', timeout: 15_000});
    expect(await reason.textContent()).toBe(
      'Signed in as bob@other.example. The account is not a company account.',
    );
    expect(await page.getByRole('button', {name: 'Login with Google'}).isVisible()).toBe(true);
    expect(await page.locator('#__docusaurus').count()).toBe(0);
    const session = await page.request.get(`${gate.baseUrl}/__session`);
    expect(session.status()).toBe(401);

    expect(watched.consoleErrors).toEqual([]);
    expect(unexpectedExternal(watched.externalRequests)).toEqual([]);
  });

  it('offers a labelled local sign-in against the emulator that admits a company account', async () => {
    watched = await watchedContext(browser);
    const page = watched.watch(await watched.context.newPage());
    await page.goto(`${gate.baseUrl}/docs/workflow/git-workflow`);

    const form = page.getByRole('form', {name: 'Local sign-in (emulator)'});
    await form.getByLabel('Google account e-mail').fill('frank@studio.example');
    await form.getByRole('button', {name: 'Sign in locally'}).click();

    await page
      .getByRole('heading', {level: 1})
      .filter({hasText: 'Git workflow'})
      .waitFor({timeout: 15_000});
    const session = await page.request.get(`${gate.baseUrl}/__session`);
    expect(await session.json()).toMatchObject({email: 'frank@studio.example'});
    expect(watched.consoleErrors).toEqual([]);
    expect(unexpectedExternal(watched.externalRequests)).toEqual([]);
  });

  it('fits the sign-in card on a 390 px phone, nothing cut off at the right', async () => {
    watched = await watchedContext(browser);
    const page = watched.watch(await watched.context.newPage());
    await page.setViewportSize({width: 390, height: 844});
    await page.goto(`${gate.baseUrl}/docs/tools/git`);
    const local = page.getByRole('button', {name: 'Sign in locally'});
    await local.waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await local.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(watched.consoleErrors).toEqual([]);
  });
});
