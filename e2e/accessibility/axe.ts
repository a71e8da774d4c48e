import {AxeBuilder} from '@axe-core/playwright';
import type {Result} from 'axe-core';
import type {Page} from 'playwright-core';

/** Every WCAG 2.0, 2.1 and 2.2 rule of levels A and AA that axe-core has. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * A rule axe-core may not report for one named element, and why. The only way to set a rule
 * aside: never for a whole page, never without a reason a reviewer can check.
 */
export type Exclusion = {
  readonly rule: string;
  /** A CSS selector naming the element(s). */
  readonly selector: string;
  readonly reason: string;
};

/** None today: every screen passes every rule. */
export const EXCLUSIONS: readonly Exclusion[] = [];

export type Violation = {
  readonly rule: string;
  readonly impact: string;
  readonly target: string;
  readonly summary: string;
};

/**
 * Runs axe-core's WCAG 2.2 A/AA rules on the page as it is now and returns each violating
 * element (one entry per element and rule), minus the named exclusions.
 */
export async function wcagViolations(
  page: Page,
  exclusions: readonly Exclusion[] = EXCLUSIONS,
): Promise<Violation[]> {
  return (await wcagReport(page, exclusions)).violations;
}

/**
 * The violations, and the elements axe-core could not decide on and leaves to a person
 * ("incomplete": a text over an image or a gradient, say), by rule.
 */
export async function wcagReport(
  page: Page,
  exclusions: readonly Exclusion[] = EXCLUSIONS,
): Promise<{violations: Violation[]; undecided: Record<string, number>}> {
  const results = await new AxeBuilder({page}).withTags(WCAG_AA_TAGS).analyze();
  const undecided = Object.fromEntries(
    results.incomplete.map((result) => [result.id, result.nodes.length]),
  );
  const found = results.violations.flatMap((violation: Result) =>
    violation.nodes.map((node) => ({
      rule: violation.id,
      impact: node.impact ?? violation.impact ?? 'unknown',
      target: node.target.map(String).join(' '),
      summary: (node.failureSummary ?? violation.help).split('\n').slice(0, 2).join(' ').trim(),
    })),
  );
  const kept: Violation[] = [];
  for (const violation of found) {
    const excluded = await Promise.all(
      exclusions
        .filter((exclusion) => exclusion.rule === violation.rule)
        .map((exclusion) =>
          page.evaluate(
            ([target, selector]) => document.querySelector(target)?.matches(selector) ?? false,
            [violation.target, exclusion.selector] as const,
          ),
        ),
    );
    if (!excluded.includes(true)) kept.push(violation);
  }
  return {violations: kept, undecided};
}

/** One line per violation, for a failing assertion a reader can act on. */
export function describeViolations(violations: readonly Violation[]): string[] {
  return violations.map(
    ({rule, impact, target, summary}) => `${rule} (${impact}) at ${target}: ${summary}`,
  );
}
