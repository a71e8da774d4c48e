import type {Page} from 'playwright-core';
import {focusRing, type FocusRing} from './focusRing';

/** WCAG 1.4.11: a focus indicator is a graphical object that needs 3:1 against its surroundings. */
export const RING_CONTRAST = 3;

export type FocusStop = FocusRing & {
  /** WCAG 2.4.11 (AA): the focused element is not entirely hidden (by the navbar, a dialog…). */
  readonly inView: boolean;
  /** When hidden: what is on top of its centre (or "nothing", off screen), for the report. */
  readonly coveredBy: string;
};

/** What is wrong with a stop's focus indicator, or null. */
export function ringProblem(stop: FocusStop): string | null {
  const problems = [
    stop.style === 'none' || stop.width < 2 ? `no 2 px ring (${stop.style} ${stop.width}px)` : '',
    stop.contrast < RING_CONTRAST
      ? `ring ${stop.color} on ${stop.background} is ${stop.contrast.toFixed(2)}:1`
      : '',
    stop.inView ? '' : `hidden from view (under ${stop.coveredBy})`,
  ].filter(Boolean);
  return problems.length > 0 ? `${stop.element}: ${problems.join(', ')}` : null;
}

async function stopAtFocus(page: Page): Promise<FocusStop | null> {
  const ring = await focusRing(page);
  if (!ring) return null;
  const {inView, coveredBy} = await page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused) return {inView: false, coveredBy: 'nothing'};
    const box = focused.getBoundingClientRect();
    const points = [
      [box.left + box.width / 2, box.top + box.height / 2],
      [box.left + 2, box.top + 2],
      [box.right - 2, box.bottom - 2],
    ];
    const hits = points.map(([x = 0, y = 0]) => document.elementFromPoint(x, y));
    const shown = hits.some(
      (hit) => hit !== null && (focused === hit || focused.contains(hit) || hit.contains(focused)),
    );
    const top = hits[0];
    const describe = (element: Element): string =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${Array.from(
        element.classList,
      )
        .map((name) => `.${name}`)
        .join('')}`;
    return {
      inView: shown,
      coveredBy: top ? describe(top) : `nothing at ${Math.round(box.left)},${Math.round(box.top)}`,
    };
  });
  return {...ring, inView, coveredBy};
}

/**
 * Presses Tab (or Shift+Tab) until the focused element matches `selector`, checking the focus
 * indicator of every element on the way. Returns the problems found; throws if the element is
 * not reached within `limit` presses.
 */
export async function tabTo(
  page: Page,
  selector: string,
  {backwards = false, limit = 150} = {},
): Promise<string[]> {
  const problems: string[] = [];
  const path: string[] = [];
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const stop = await stopAtFocus(page);
    path.push(stop?.element ?? 'nothing');
    if (stop) {
      const problem = ringProblem(stop);
      if (problem) problems.push(problem);
    }
    if (await page.evaluate((target) => document.activeElement?.matches(target) ?? false, selector))
      return problems;
  }
  throw new Error(
    `${selector} not reached with ${limit} presses of Tab; focus went to ${path.slice(-5).join(' → ')}`,
  );
}

/** The focus indicator problems of the element that has focus now. */
export async function currentRingProblems(page: Page): Promise<string[]> {
  const stop = await stopAtFocus(page);
  const problem = stop ? ringProblem(stop) : 'nothing has focus';
  return problem ? [problem] : [];
}

/** Whether the focused element matches `selector`. */
export function focusedMatches(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((target) => document.activeElement?.matches(target) ?? false, selector);
}

/**
 * Presses Tab from the top of the page through every control until focus leaves the page or
 * comes back round, checking each stop's focus indicator. Returns the problems and the number
 * of stops.
 */
export async function tabThroughPage(
  page: Page,
  limit = 400,
): Promise<{problems: string[]; stops: number}> {
  const problems: string[] = [];
  for (let stops = 0; stops < limit; stops += 1) {
    await page.keyboard.press('Tab');
    const seenBefore = await page.evaluate(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return true;
      if (focused.hasAttribute('data-tab-visited')) return true;
      focused.setAttribute('data-tab-visited', '');
      return false;
    });
    if (seenBefore) return {problems, stops};
    const stop = await stopAtFocus(page);
    const problem = stop ? ringProblem(stop) : null;
    if (problem) problems.push(problem);
  }
  throw new Error(`focus did not leave the page after ${limit} presses of Tab`);
}
