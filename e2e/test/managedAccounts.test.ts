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

// The sign-in page with GOOGLE_HOSTED_DOMAIN_CHECK on, against the Auth emulator: the page must
// send Google's own ID token from the popup's credential, and the gate decides by its `hd`.
// The emulator's account chooser makes Google tokens without `hd` (consumer accounts); the
// local sign-in makes one for a Workspace account of the address's domain.
let browser: Browser;
let gate: RunningGate;
let watched: WatchedContext;

beforeAll(async () => {
  [browser, gate] = await Promise.all([
    launchChromium(),
    startGate({GOOGLE_HOSTED_DOMAIN_CHECK: 'on'}),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await gate?.app.close();
});
afterEach(async () => {
  await watched?.context.close();
});

describe('sign-in with the Google hosted-domain check on', () => {
  it('refuses a Google account with a company address that no Workspace manages', async () => {
    watched = await watchedContext(browser);
    const page = watched.watch(await watched.context.newPage());
    await page.goto(`${gate.baseUrl}/docs/tools/git`);

    await signInThroughPopup(watched, page, 'consumer@studio.example');

    const reason = page.getByTestId('refused');
    await reason.waitFor({state: 'visible', timeout: 15_000});
    expect(await reason.textContent()).toBe(
      "Signed in as consumer@studio.example. The account is not managed by the company's Google Workspace: sign in with your work account.",
    );
    expect(await page.locator('#__docusaurus').count()).toBe(0);
    expect((await page.request.get(`${gate.baseUrl}/__session`)).status()).toBe(401);
    expect(unexpectedExternal(watched.externalRequests)).toEqual([]);
  });

  it('admits a Workspace account of the company domain', async () => {
    watched = await watchedContext(browser);
    const page = watched.watch(await watched.context.newPage());
    await page.goto(`${gate.baseUrl}/docs/tools/git`);

    const form = page.getByRole('form', {name: 'Local sign-in (emulator)'});
    await form.getByLabel('Google account e-mail').fill('gita@studio.example');
    await form.getByRole('button', {name: 'Sign in locally'}).click();

    await page.getByRole('heading', {level: 1, name: 'Git'}).waitFor({timeout: 15_000});
    const session = await page.request.get(`${gate.baseUrl}/__session`);
    expect(await session.json()).toMatchObject({email: 'gita@studio.example'});
    expect(watched.consoleErrors).toEqual([]);
    expect(unexpectedExternal(watched.externalRequests)).toEqual([]);
  });
});
