import type {Page} from 'playwright-core';

/**
 * The screens every reader must be able to use (issue 31), each in both colour modes, at
 * desktop width and on a phone. Adding a screen is one line in SCREENS.
 */
export type Screen = {
  readonly name: string;
  /** The page to load. */
  readonly path: string;
  /** Loaded without a session: the gate answers with the sign-in page. */
  readonly signedOut?: boolean;
  /** What a reader does on the loaded page to reach the screen; settled when it resolves. */
  readonly reach?: (page: Page) => Promise<void>;
  /**
   * False when the screen leaves a response the page never reads (DocSearch posts an answer's
   * vote and ignores the reply's body, so Chromium never counts that request finished and the
   * network never goes idle); `reach` then waits for what it needs itself.
   */
  readonly networkIdle?: false;
};

export const ROLLBACK_QUESTION = 'How do I roll back a bad production release?';
export const UNCOVERED_QUESTION = 'How do I expense a conference ticket?';
export const LOGS_QUESTION = 'How long are production logs kept?';
export const FOLLOW_UP_QUESTION = 'and on staging?';
export const INDONESIAN_QUESTION = 'gimana cara rollback rilis production yang bermasalah?';
/** Answered by a row of the monitoring page's alert table, quoted as a table. */
export const TABLE_QUESTION = 'how fast do I need to acknowledge a critical alert?';

export const SCREENS: readonly Screen[] = [
  {name: 'home', path: '/'},
  {name: 'a long doc page', path: '/docs/engineering/backend-developer/clean-architecture'},
  {name: 'a category page', path: '/docs/category/engineering'},
  {name: 'the blog', path: '/blog'},
  {name: 'a blog post', path: '/blog/2025/06/16/postmortem-static-files-proxy'},
  {name: 'the search page', path: '/search?q=deploy', reach: searchPageResults},
  {name: 'the 404 page', path: '/no/such/page'},
  {name: 'the sign-in page', path: '/docs/documentation', signedOut: true},
  {name: 'the search modal showing hits', path: '/docs/documentation', reach: modalHits('kong')},
  {name: 'an Ask AI answer', path: '/docs/documentation', reach: askAi(ROLLBACK_QUESTION)},
  {name: 'the Ask AI refusal', path: '/docs/documentation', reach: askAi(UNCOVERED_QUESTION)},
  {
    name: 'an Ask AI answer to a follow-up',
    path: '/docs/documentation',
    reach: askAi(LOGS_QUESTION, FOLLOW_UP_QUESTION),
  },
  {
    name: 'an Ask AI answer in Indonesian',
    path: '/docs/documentation',
    reach: askAi(INDONESIAN_QUESTION),
  },
  {
    name: 'an Ask AI answer quoting a table row',
    path: '/docs/documentation',
    reach: tableAnswer(TABLE_QUESTION),
  },
  {
    name: "an Ask AI answer's thumbs-down comment",
    path: '/docs/documentation',
    reach: dislikeAnswer(ROLLBACK_QUESTION),
    networkIdle: false,
  },
  {name: 'page feedback asking what was missing', path: '/docs/tools/git', reach: pageFeedbackNo},
  {name: 'the insights page', path: '/insights', reach: insightsReport},
];

export type Theme = 'light' | 'dark';
export const THEMES: readonly Theme[] = ['light', 'dark'];

export const VIEWPORTS = {
  desktop: {width: 1280, height: 800},
  phone: {width: 390, height: 844},
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/**
 * Loads a screen in the given colour mode on a page whose context already holds the session
 * (or none, for a signed-out screen) and waits until it has settled.
 */
export async function openScreen(
  page: Page,
  baseUrl: string,
  screen: Screen,
  theme: Theme,
): Promise<void> {
  // Docusaurus reads the reader's choice from localStorage before the first paint; the sign-in
  // page follows the system's colour scheme.
  await page.emulateMedia({colorScheme: theme});
  await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
  await page.goto(`${baseUrl}${screen.path}`);
  if (screen.signedOut) {
    await page.getByRole('button', {name: 'Login with Google'}).waitFor();
  } else {
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
  }
  await screen.reach?.(page);
  await settled(page, !screen.signedOut && screen.networkIdle !== false);
}

/**
 * Fonts loaded, no CSS transition or animation still running and, on a handbook page, no
 * request in flight (the sign-in page keeps Firebase's connection open).
 */
async function settled(page: Page, waitForNetwork: boolean): Promise<void> {
  if (waitForNetwork) await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(document.getAnimations().map((animation) => animation.finished));
  });
}

async function searchPageResults(page: Page): Promise<void> {
  await page.locator('article h2 a').first().waitFor();
}

async function openModal(page: Page): Promise<void> {
  await page.locator('.DocSearch-Button').click();
  await page.locator('.DocSearch-Input').waitFor();
}

function modalHits(query: string) {
  return async (page: Page): Promise<void> => {
    await openModal(page);
    await page.locator('.DocSearch-Input').fill(query);
    await page.locator('.DocSearch-Hit a[href^="/docs/"]').first().waitFor();
  };
}

/**
 * Asks a question from the modal's first row, then each follow-up from the Ask AI screen's own
 * input, and waits until the last answer is complete.
 */
function askAi(question: string, ...followUps: string[]) {
  return async (page: Page): Promise<void> => {
    await openModal(page);
    const input = page.locator('.DocSearch-Input');
    await input.fill(question);
    await page.locator('.DocSearch-Hit', {hasText: question}).first().click();
    // The feedback buttons appear once an answer has streamed to its end.
    const actions = page.locator('.DocSearch-AskAiScreen-Actions');
    await actions.first().waitFor();
    for (const [turn, followUp] of followUps.entries()) {
      await input.fill(followUp);
      await input.press('Enter');
      await actions.nth(turn + 1).waitFor();
    }
  };
}

/** An answer that quotes table rows: settled once its table is on screen. */
function tableAnswer(question: string) {
  return async (page: Page): Promise<void> => {
    await askAi(question)(page);
    await page.locator('.DocSearch-AskAiScreen-Response table th').first().waitFor();
  };
}

/** An answer voted down: the comment field opens under it. */
function dislikeAnswer(question: string) {
  return async (page: Page): Promise<void> => {
    await askAi(question)(page);
    await page
      .locator('.DocSearch-AskAiScreen-Response')
      .last()
      .locator('button[title="Dislike"]')
      .click();
    await page.getByLabel('What was wrong with this answer?').waitFor();
  };
}

/** "Was this page helpful?" answered No: the optional comment opens. */
async function pageFeedbackNo(page: Page): Promise<void> {
  const feedback = page.getByTestId('page-feedback');
  await feedback.scrollIntoViewIfNeeded();
  await feedback.getByRole('button', {name: 'No'}).click();
  await feedback.getByLabel('What was missing or wrong?').waitFor();
}

/** The writers' report with its chart drawn (the reader is one of INSIGHTS_VIEWERS). */
async function insightsReport(page: Page): Promise<void> {
  await page.locator('section[aria-labelledby="content-gaps"]').waitFor();
  await page.locator('canvas[role="img"]').waitFor();
}
