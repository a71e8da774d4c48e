import {existsSync, readFileSync} from 'node:fs';
import {load} from 'cheerio';
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

  it('renders the Home title, the Docs and Convention links and Logout in the navbar', () => {
    const $ = load(readFileSync(htmlFileForRoute('/docs/tools/git') ?? '', 'utf8'));
    const navbar = $('nav.navbar');
    expect(navbar.find('.navbar__title').text()).toBe('Home');
    const links = navbar
      .find('.theme-layout-navbar-left a.navbar__link')
      .map((_, a) => `${$(a).text()} ${$(a).attr('href')}`)
      .get();
    expect(links).toEqual(
      expect.arrayContaining(['Docs /docs/documentation', 'Convention /docs/convention/intro']),
    );
    expect(navbar.find('.theme-layout-navbar-right').text()).toContain('Logout');
  });

  it('titles pages as "page | site"', () => {
    const $ = load(readFileSync(htmlFileForRoute('/docs/tools/git') ?? '', 'utf8'));
    expect($('title').text()).toBe('Git | Studio Handbook');
  });
});
