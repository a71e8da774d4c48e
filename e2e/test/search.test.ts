import type {Browser, Page} from 'playwright-core';
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest';
import {
  launchChromium,
  unexpectedExternal,
  watchedContext,
  type WatchedContext,
} from '../fixtures/browser';
import {signInContext, startGate, type RunningGate} from '../fixtures/gate';

let browser: Browser;
let gate: RunningGate;
let watched: WatchedContext;
const searchRequests: string[] = [];

beforeAll(async () => {
  [browser, gate] = await Promise.all([launchChromium(), startGate()]);
});
afterAll(async () => {
  await browser?.close();
  await gate?.app.close();
});
afterEach(async () => {
  expect(
    watched.externalRequests.filter((url) => /algolia/i.test(url)),
    'requests to Algolia hosts',
  ).toEqual([]);
  expect(unexpectedExternal(watched.externalRequests)).toEqual([]);
  await watched.context.close();
});

async function signedInPage(path: string): Promise<Page> {
  watched = await watchedContext(browser);
  await signInContext(watched.context, gate.baseUrl, 'alice@studio.example');
  const page = watched.watch(await watched.context.newPage());
  page.on('request', (request) => {
    if (request.url().includes('/1/indexes/')) searchRequests.push(request.url());
  });
  await page.goto(`${gate.baseUrl}${path}`);
  await page.getByRole('heading', {level: 1}).first().waitFor();
  // Content shows as soon as the session is confirmed; keyboard shortcuts need React.
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  return page;
}

const input = (page: Page) => page.locator('.DocSearch-Input');

describe('the search modal', () => {
  it('opens with Ctrl+K and with /, closes with Escape, and says "Search docs"', async () => {
    const page = await signedInPage('/docs/documentation');
    await page.keyboard.press('Control+k');
    await input(page).waitFor();
    expect(await input(page).getAttribute('placeholder')).toBe('Search docs');
    expect(await input(page).getAttribute('maxlength')).toBe('64');
    await page.keyboard.press('Escape');
    await input(page).waitFor({state: 'detached'});

    await page.locator('body').click({position: {x: 5, y: 300}});
    await page.keyboard.press('/');
    await input(page).waitFor();
    await page.keyboard.press('Escape');
    await input(page).waitFor({state: 'detached'});
    expect(watched.consoleErrors).toEqual([]);
  });

  it('waits for a search the gate answers three seconds late instead of failing after one', async () => {
    const page = await signedInPage('/docs/documentation');
    // The gate slowed by load: every search answered three seconds late (the browser client
    // gives up after one second without the response's headers by default).
    await page.route('**/1/indexes/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await page.keyboard.press('Control+k');
    await input(page).fill('kong');
    await page.locator('.DocSearch-Hit').first().waitFor({timeout: 15_000});
    expect(watched.consoleErrors).toEqual([]);
  });

  it('shows hits grouped by section with <mark> highlights, and Enter opens the hit at its anchor', async () => {
    const page = await signedInPage('/docs/documentation');
    await page.keyboard.press('Control+k');
    await input(page).fill('kong');
    const firstHit = page.locator('.DocSearch-Hit').first();
    await firstHit.waitFor();
    expect(await page.locator('.DocSearch-Hit-source').first().textContent()).toBe('Tools');
    expect(await page.locator('.DocSearch-Hit mark').first().textContent()).toMatch(/kong/i);
    expect(searchRequests.every((url) => url.startsWith(gate.baseUrl))).toBe(true);

    // The first row offers Ask AI; the next is the best page, or its section at the anchor.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/docs\/tools\/kong(#[\w-]+)?$/);
    expect(watched.consoleErrors).toEqual([]);
  });

  it.each([
    [1280, 10],
    [700, 5],
  ])('asks for snippets of the spec length at %i px wide (%i words)', async (width, words) => {
    const page = await signedInPage('/docs/documentation');
    await page.setViewportSize({width, height: 800});
    const body = page.waitForRequest((request) => request.url().includes('/1/indexes/'));
    if (width > 996) await page.keyboard.press('Control+k');
    else await page.locator('.DocSearch-Button').click();
    await input(page).fill('kong');
    const sent = JSON.parse((await body).postData() ?? '{}') as {
      requests: {attributesToSnippet: string[]}[];
    };
    expect(sent.requests[0]?.attributesToSnippet).toContain(`content:${words}`);
  });

  it('still finds the page when a word has a typo', async () => {
    const page = await signedInPage('/docs/documentation');
    await page.keyboard.press('Control+k');
    await input(page).fill('postmn');
    await page.locator('.DocSearch-Hit').first().waitFor();
    expect(await page.locator('.DocSearch-Hit a').first().getAttribute('href')).toMatch(
      /^\/docs\/tools\/postman/,
    );
  });

  it('counts "See all N results" for the current query only, and links to the search page', async () => {
    const page = await signedInPage('/docs/documentation');
    const answered: number[] = [];
    page.on('response', async (response) => {
      if (response.url().includes('/1/indexes/')) {
        const body = (await response.json()) as {results: {nbHits: number}[]};
        answered.push(body.results.reduce((sum, result) => sum + result.nbHits, 0));
      }
    });
    await page.keyboard.press('Control+k');
    await input(page).pressSequentially('deploy', {delay: 60});
    await expect.poll(() => answered.length).toBeGreaterThan(2);
    await page.waitForTimeout(300);
    const footer = page.locator('.DocSearch-HitsFooter a');
    await expect.poll(() => footer.textContent()).toBe(`See all ${answered.at(-1)} results`);
    expect(await footer.getAttribute('href')).toBe('/search?q=deploy');
  });

  it('shows the no-results screen for a nonsense query', async () => {
    const page = await signedInPage('/docs/documentation');
    await page.keyboard.press('Control+k');
    await input(page).fill('zzqxqv');
    const screen = page.locator('.DocSearch-NoResults');
    await screen.waitFor();
    expect(await screen.textContent()).toMatch(/No results (found )?for "zzqxqv"/);
  });

  it('shows "Unable to fetch results" when the search endpoint fails', async () => {
    const page = await signedInPage('/docs/documentation');
    await page.route('**/1/indexes/**', (route) => route.abort('failed'));
    await page.keyboard.press('Control+k');
    await input(page).fill('kong');
    await page.getByText('Unable to fetch results').waitFor({timeout: 15_000});
    expect(await page.locator('.DocSearch-ErrorScreen').textContent()).toContain(
      'You might want to check your network connection.',
    );
    // The failed requests themselves are logged by the browser; nothing else may be.
    expect(
      watched.consoleErrors.filter((error) => !/ERR_FAILED|Unreachable hosts/.test(error)),
    ).toEqual([]);
  });
});

describe('the search page', () => {
  it('lists results for /search?q=kong', async () => {
    const page = await signedInPage('/search?q=kong');
    const results = page.locator('article h2 a');
    await results.first().waitFor({timeout: 15_000});
    expect(await results.count()).toBeGreaterThan(3);
    expect(await results.first().getAttribute('href')).toMatch(/^\/docs\/tools\/kong/);
    expect(watched.consoleErrors).toEqual([]);
  });

  it('waits on /search too when the gate answers three seconds late', async () => {
    watched = await watchedContext(browser);
    await signInContext(watched.context, gate.baseUrl, 'alice@studio.example');
    const page = watched.watch(await watched.context.newPage());
    await page.route('**/1/indexes/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });
    await page.goto(`${gate.baseUrl}/search?q=kong`);
    await page.locator('article h2 a').first().waitFor({timeout: 15_000});
    expect(watched.consoleErrors).toEqual([]);
  });
});
