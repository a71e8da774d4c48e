import type {Browser} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {launchChromium} from '../fixtures/browser';
import {startGate, type RunningGate} from '../fixtures/gate';

/** Offline (Google's script unreachable), "Login with Google" explains itself. */

let browser: Browser;
let gate: RunningGate;

beforeAll(async () => {
  [browser, gate] = await Promise.all([launchChromium(), startGate()]);
});
afterAll(async () => {
  await browser?.close();
  await gate?.app.close();
});

describe('the sign-in page offline', () => {
  it('says Google could not be reached and points to "Sign in locally", not a Firebase code', async () => {
    const context = await browser.newContext();
    // Nothing beyond this machine answers: Google's API loader fails as it does offline.
    await context.route(
      (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
      (route) => route.abort('internetdisconnected'),
    );
    const page = await context.newPage();
    await page.goto(`${gate.baseUrl}/docs/documentation`);
    await page.getByRole('button', {name: 'Login with Google'}).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text).toContain('Sign in locally');
    expect(text).not.toMatch(/Firebase: Error|auth\//);
    await context.close();
  });
});
