import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import {beforeAll, describe, expect, it} from 'vitest';
import {
  assertBuilt,
  buildDir,
  htmlFileForRoute,
  parseRoutes,
  vendoredRoutesFile,
} from './buildOutput';

// The bar every handbook page must clear (CONTENT.md).
const MIN_WORDS = 350;
const MIN_H2 = 2;
const MIN_CATEGORY_DESCRIPTION_WORDS = 30;
const MIN_BLOG_POSTS = 6;
const MIN_BLOG_YEARS = 2;
const PLACEHOLDER_PHRASES = [
  /lorem ipsum/i,
  /\bTBD\b/,
  /\bTODO\b/,
  /coming soon/i,
  /placeholder text/i,
  /to be written/i,
  /under construction/i,
  /your content here/i,
];

const routes = parseRoutes(readFileSync(vendoredRoutesFile, 'utf8'));
const docRoutes = routes.filter((r) => r.startsWith('/docs/') && !r.startsWith('/docs/category/'));
const categoryRoutes = routes.filter((r) => r.startsWith('/docs/category/'));

function loadRoute(route: string) {
  const file = htmlFileForRoute(route);
  if (!file) throw new Error(`${route} is not in the build`);
  return load(readFileSync(file, 'utf8'));
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** The page's own prose: the markdown body without code blocks. */
function proseOf(route: string) {
  const $ = loadRoute(route);
  const body = $('article .theme-doc-markdown').first();
  const headings = body.find('h2').length;
  const links = body
    .find('a[href^="/"]')
    .map((_, a) => $(a).attr('href') ?? '')
    .get()
    .filter((href) => href.split('#')[0] !== route && !href.startsWith('/img/'));
  body.find('pre, .theme-code-block, .hash-link').remove();
  return {text: body.text(), headings, links};
}

describe('handbook content', () => {
  beforeAll(assertBuilt);

  it('covers the 46 doc pages and 15 category pages of the spec', () => {
    expect(docRoutes).toHaveLength(46);
    expect(categoryRoutes).toHaveLength(15);
  });

  it.each(docRoutes)('%s has enough prose, sections and links', (route) => {
    const {text, headings, links} = proseOf(route);
    expect(wordCount(text), 'words outside code blocks').toBeGreaterThanOrEqual(MIN_WORDS);
    expect(headings, 'h2 sections').toBeGreaterThanOrEqual(MIN_H2);
    expect(links.length, 'links to other handbook pages').toBeGreaterThan(0);
  });

  it.each(docRoutes)('%s has no placeholder prose', (route) => {
    const {text} = proseOf(route);
    const found = PLACEHOLDER_PHRASES.filter((phrase) => phrase.test(text)).map(String);
    expect(found).toEqual([]);
  });

  it.each(categoryRoutes)('%s describes its category in a real paragraph', (route) => {
    const $ = loadRoute(route);
    const description = $('main header p').first().text();
    expect(wordCount(description)).toBeGreaterThanOrEqual(MIN_CATEGORY_DESCRIPTION_WORDS);
  });
});

describe('the blog', () => {
  beforeAll(assertBuilt);

  it(`has at least ${MIN_BLOG_POSTS} posts over at least ${MIN_BLOG_YEARS} years, with authors`, () => {
    const years = readdirSync(path.join(buildDir, 'blog')).filter((name) => /^\d{4}$/.test(name));
    const posts = years.flatMap((year) =>
      readdirSync(path.join(buildDir, 'blog', year), {recursive: true, encoding: 'utf8'})
        .filter((file) => file.endsWith('index.html'))
        .map((file) => path.join('blog', year, file)),
    );
    expect(years.length).toBeGreaterThanOrEqual(MIN_BLOG_YEARS);
    expect(posts.length).toBeGreaterThanOrEqual(MIN_BLOG_POSTS);
    for (const post of posts) {
      const $ = load(readFileSync(path.join(buildDir, post), 'utf8'));
      expect($('article .avatar__name').length, `${post} names an author`).toBeGreaterThan(0);
    }
  });

  it('groups the blog sidebar by year', () => {
    const $ = load(readFileSync(path.join(buildDir, 'blog/index.html'), 'utf8'));
    const yearHeadings = $('nav[aria-label="Blog recent posts navigation"] [role="group"] h3')
      .map((_, h) => $(h).text())
      .get();
    expect(yearHeadings.length).toBeGreaterThanOrEqual(MIN_BLOG_YEARS);
    expect(yearHeadings.every((year) => /^\d{4}$/.test(year))).toBe(true);
  });
});
