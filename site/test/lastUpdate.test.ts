import {mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {formatLastUpdated} from '../src/lastUpdate/formatDate';
import {gitHistoryAvailable} from '../src/lastUpdate/gitHistory';
import {isStale, staleAfterMonths} from '../src/lastUpdate/staleness';
import {assertBuilt, buildDir, readBuildFile} from './buildOutput';

describe('last-updated dates from git', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads git history in this checkout', () => {
    expect(gitHistoryAvailable()).toBe(true);
  });

  it('builds without dates, warning once, from a copy that has no git history', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const tarball = mkdtempSync(path.join(tmpdir(), 'handbook-no-git-'));
    try {
      expect(gitHistoryAvailable(tarball)).toBe(false);
      expect(gitHistoryAvailable(tarball)).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/without "Last updated" dates/);
    } finally {
      rmSync(tarball, {recursive: true, force: true});
    }
  });
});

describe('the footer date', () => {
  it('reads as Intl.DateTimeFormat wrote it, in UTC, on every day of two years', () => {
    const intl = new Intl.DateTimeFormat('en', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const day = 24 * 60 * 60 * 1000;
    // 23:30 UTC: a local-time formatter east of UTC would already show the next day.
    for (let at = Date.UTC(2024, 0, 1, 23, 30); at < Date.UTC(2026, 0, 1); at += day)
      expect(formatLastUpdated(at)).toBe(intl.format(at));
  });
});

describe('stale pages', () => {
  const updated = Date.UTC(2025, 0, 31);

  it('is stale once the configured number of calendar months has passed', () => {
    expect(isStale(updated, Date.UTC(2026, 0, 30), 12)).toBe(false);
    expect(isStale(updated, Date.UTC(2026, 0, 31), 12)).toBe(true);
    expect(isStale(updated, Date.UTC(2025, 6, 31), 6)).toBe(true);
  });

  it('never calls a page stale when STALE_PAGE_MONTHS is 0', () => {
    expect(isStale(updated, Date.UTC(2040, 0, 1), 0)).toBe(false);
    expect(staleAfterMonths('0')).toBe(0);
  });

  it('refuses a STALE_PAGE_MONTHS that is not a whole number of months', () => {
    for (const value of ['-1', '1.5', 'twelve']) {
      expect(() => staleAfterMonths(value)).toThrow(/whole number of months/);
    }
  });
});

/** Every doc page of the production build (category index pages are generated, not edited). */
function docPages(): string[] {
  const pages: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(buildDir, relative), {withFileTypes: true})) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (!['category', 'tags'].includes(entry.name)) walk(child);
      } else if (entry.name === 'index.html') {
        pages.push(child);
      }
    }
  };
  walk('docs');
  return pages;
}

describe('doc pages in the production build', () => {
  it('say when and by whom each page was last updated', () => {
    assertBuilt();
    const pages = docPages();
    expect(pages.length).toBeGreaterThan(40);
    for (const page of pages) {
      const html = readBuildFile(page);
      expect(html, page).toMatch(
        /Last updated<!-- --> on <b><time datetime=[\dT:.Z-]+ itemprop=dateModified>[^<]+<\/time><\/b> by <b>[^<]+<\/b>/,
      );
    }
  });

  it('link "Edit this page" only when the build had EDIT_URL_BASE', () => {
    assertBuilt();
    const html = readBuildFile('docs/tools/kong/index.html');
    const base = process.env.EDIT_URL_BASE;
    if (base) {
      expect(html).toContain(`href=${base}/docs/tools/kong.md`);
    } else {
      expect(html).not.toContain('Edit this page');
    }
  });
});
