import type {Browser} from 'playwright-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {describeViolations, wcagViolations} from '../accessibility/axe';
import {
  SCREENS,
  THEMES,
  VIEWPORTS,
  openScreen,
  type Theme,
  type ViewportName,
} from '../accessibility/screens';
import {
  launchChromium,
  unexpectedExternal,
  watchedContext,
  type WatchedContext,
} from '../fixtures/browser';
import {signInContext, startGate, type RunningGate} from '../fixtures/gate';

/**
 * WCAG 2.2 A and AA on every screen of e2e/accessibility/screens.ts, light and dark, desktop
 * and a 390 px phone: axe-core (@axe-core/playwright) in Chromium against the production build
 * behind the real gate. Any violation fails; a rule is set aside only for a named element with
 * a written reason (EXCLUSIONS in e2e/accessibility/axe.ts).
 */

let browser: Browser;
let gate: RunningGate;

beforeAll(async () => {
  [browser, gate] = await Promise.all([
    launchChromium(),
    startGate({INSIGHTS_VIEWERS: 'alice@studio.example'}),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await gate?.app.close();
});

const MODES = THEMES.flatMap((theme) =>
  (Object.keys(VIEWPORTS) as ViewportName[]).map((viewport) => ({theme, viewport})),
);

describe.each(MODES)('in $theme mode on $viewport', ({theme, viewport}) => {
  let signedIn: WatchedContext;
  let signedOut: WatchedContext;

  beforeAll(async () => {
    [signedIn, signedOut] = await Promise.all([watchedContext(browser), watchedContext(browser)]);
    await signInContext(signedIn.context, gate.baseUrl, 'alice@studio.example');
  });
  afterAll(async () => {
    for (const watched of [signedIn, signedOut]) {
      expect(unexpectedExternal(watched.externalRequests)).toEqual([]);
      await watched.context.close();
    }
  });

  it.each(SCREENS)('$name has no WCAG 2.2 A/AA violation', async (screen) => {
    const page = await (screen.signedOut ? signedOut : signedIn).context.newPage();
    try {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await openScreen(page, gate.baseUrl, screen, theme as Theme);
      expect(describeViolations(await wcagViolations(page))).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
