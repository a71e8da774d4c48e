import {existsSync, readFileSync} from 'node:fs';
import {beforeAll, describe, expect, it} from 'vitest';
import {
  assertBuilt,
  htmlFileForRoute,
  parseRoutes,
  sharedRoutesFile,
  vendoredRoutesFile,
} from './buildOutput';

const routes = parseRoutes(readFileSync(vendoredRoutesFile, 'utf8'));

describe('the route list', () => {
  it('holds the 64 routes of the spec', () => {
    expect(routes).toHaveLength(64);
  });

  it.runIf(existsSync(sharedRoutesFile))('matches the shared spec copy exactly', () => {
    expect(routes).toEqual(parseRoutes(readFileSync(sharedRoutesFile, 'utf8')));
  });
});

describe('the production build', () => {
  beforeAll(assertBuilt);

  it('serves every route of the spec', () => {
    const missing = routes.filter((route) => htmlFileForRoute(route) === undefined);
    expect(missing, `routes missing from the build: ${missing.join(', ')}`).toEqual([]);
  });

  it('has a not-found page for unmatched paths', () => {
    expect(existsSync(`${htmlFileForRoute('/404') ?? ''}`)).toBe(true);
  });

  it('renders the Docs and Convention navbar links on every page', () => {
    const html = readFileSync(htmlFileForRoute('/docs/tools/git') ?? '', 'utf8');
    expect(html).toMatch(/href="\/docs\/documentation"[^>]*>Docs</);
    expect(html).toMatch(/href="\/docs\/convention\/intro"[^>]*>Convention</);
    expect(html).toContain('>Logout<');
  });

  it('titles pages as "page | site"', () => {
    const html = readFileSync(htmlFileForRoute('/docs/tools/git') ?? '', 'utf8');
    expect(html).toMatch(/<title[^>]*>[^<|]+ \| Studio Handbook<\/title>/);
  });
});
