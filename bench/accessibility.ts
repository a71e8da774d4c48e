import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describeViolations, wcagReport} from '../e2e/accessibility/axe';
import {
  SCREENS,
  THEMES,
  VIEWPORTS,
  openScreen,
  type ViewportName,
} from '../e2e/accessibility/screens';
import {launchChromium, watchedContext} from '../e2e/fixtures/browser';
import {repoRoot, startBenchGate} from './lib/gateProcess';
import {productionNode} from './lib/productionNode';

/**
 * Issue 31: axe-core's WCAG 2.2 A/AA violations (violating elements) on every screen of
 * e2e/accessibility/screens.ts, light and dark, desktop and 390 px, through the real gate.
 * The e2e suite fails on any; this counts them, by screen and by rule, to compare builds.
 * `--out name` writes results/<name>.json (default accessibility.json); `--details` prints
 * every violating element; `--only <screen name>` measures the screens whose name contains it.
 */
const details = process.argv.includes('--details');
const only = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]
  : undefined;

const outName = process.argv.includes('--out')
  ? process.argv[process.argv.indexOf('--out') + 1]
  : 'accessibility';

type Row = {
  screen: string;
  theme: string;
  viewport: string;
  violations: number;
  byRule: Record<string, number>;
  /** Elements axe-core left undecided ("incomplete"), by rule: for a person to look at. */
  undecided: Record<string, number>;
};

// On production's Node.js the gate runs with insights off (gateProcess.ts): no /insights there.
const screens = SCREENS.filter(
  ({name, path}) =>
    (only === undefined || name.includes(only)) &&
    !(path === '/insights' && productionNode() !== undefined),
);
const browser = await launchChromium();
const gate = await startBenchGate({LOG_LEVEL: 'warn', INSIGHTS_VIEWERS: 'bench@studio.example'});
const rows: Row[] = [];
try {
  const [name, value] = gate.cookie.split('=') as [string, string];
  for (const theme of THEMES) {
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      for (const screen of screens) {
        const watched = await watchedContext(browser);
        if (!screen.signedOut) await watched.context.addCookies([{name, value, url: gate.base}]);
        const page = await watched.context.newPage();
        await page.setViewportSize(VIEWPORTS[viewport]);
        await openScreen(page, gate.base, screen, theme);
        // No exclusions: the raw count.
        const {violations, undecided} = await wcagReport(page, []);
        const byRule: Record<string, number> = {};
        for (const violation of violations)
          byRule[`${violation.rule} (${violation.impact})`] =
            (byRule[`${violation.rule} (${violation.impact})`] ?? 0) + 1;
        rows.push({
          screen: screen.name,
          theme,
          viewport,
          violations: violations.length,
          byRule,
          undecided,
        });
        console.log(
          `${screen.name.padEnd(32)} ${theme.padEnd(5)} ${viewport.padEnd(7)} ${String(violations.length).padStart(4)}  ${Object.entries(
            byRule,
          )
            .map(([rule, count]) => `${rule} ${count}`)
            .join(
              ', ',
            )}${Object.keys(undecided).length > 0 ? `  (undecided: ${JSON.stringify(undecided)})` : ''}`,
        );
        if (details) for (const line of describeViolations(violations)) console.log(`    ${line}`);
        await watched.context.close();
      }
    }
  }
} finally {
  await browser.close();
  await gate.stop();
}

const total = rows.reduce((sum, row) => sum + row.violations, 0);
console.log(`total: ${total} violating elements on ${rows.length} screens`);
const dir = path.join(repoRoot, 'bench/results');
mkdirSync(dir, {recursive: true});
writeFileSync(
  path.join(dir, `${outName}.json`),
  `${JSON.stringify({measuredAt: new Date().toISOString(), total, rows}, null, 2)}\n`,
);
