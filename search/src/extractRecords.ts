import {createHash} from 'node:crypto';
import {load, type CheerioAPI} from 'cheerio';
import type {Element} from 'domhandler';
import {words} from './analysis/tokens';
import {pageKindOf} from './pageKind';
import {HIERARCHY_LEVELS, type Hierarchy, type SearchRecord} from './types';

/**
 * Turns one built page into DocSearch-style records, the way the DocSearch crawler's
 * Docusaurus template does: one record per heading (h1 to h6) and per content block
 * (paragraph, list item, table cell), in document order, each with the hierarchy of headings
 * above it and the URL of the nearest heading's anchor. Code blocks are not indexed, and
 * neither is a page that asks robots not to index it (`noindex`: /insights, a tool for writers).
 */
export function extractRecords(html: string): SearchRecord[] {
  const $ = load(html);
  const pageUrl = $('link[rel="canonical"]').attr('href');
  if (!pageUrl) return [];
  if (/\bnoindex\b/i.test($('meta[name="robots"]').attr('content') ?? '')) return [];
  const root = contentRoot($);
  if (!root) return [];
  const language = $('meta[name="docsearch:language"]').attr('content') ?? 'en';
  const tag = $('meta[name="docsearch:docusaurus_tag"]').attr('content') ?? 'default';
  const kind = pageKindOf($);

  root.find('pre, .hash-link, .theme-code-block, nav, button, .sr-only').remove();

  const hierarchy: Hierarchy = {
    lvl0: sectionOf($, pageUrl),
    lvl1: null,
    lvl2: null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  };
  let anchorUrl = pageUrl;
  const records: SearchRecord[] = [];
  const push = (
    record: Omit<SearchRecord, 'objectID' | 'position' | 'language' | 'docusaurus_tag' | 'kind'>,
  ) => {
    const position = records.length;
    records.push({
      objectID: createHash('sha1').update(`${record.url}\n${position}`).digest('hex').slice(0, 16),
      ...record,
      language,
      docusaurus_tag: tag,
      kind,
      position,
    });
  };

  root.find('h1, h2, h3, h4, h5, h6, p, li, td, th').each((_, element) => {
    const name = element.tagName.toLowerCase();
    if (/^h[1-6]$/.test(name)) {
      const depth = Number(name[1]);
      const level = HIERARCHY_LEVELS[depth];
      if (!level || level === 'lvl0') return;
      const text = textOf($, element);
      if (!text) return;
      hierarchy[level] = text;
      for (const deeper of HIERARCHY_LEVELS.slice(depth + 1)) hierarchy[deeper] = null;
      const id = $(element).attr('id');
      anchorUrl = id && depth > 1 ? `${pageUrl}#${id}` : pageUrl;
      push({url: anchorUrl, type: level, hierarchy: {...hierarchy}, content: null});
      return;
    }
    // A list item made of paragraphs is indexed through its paragraphs.
    if (name === 'li' && $(element).children('p').length > 0) return;
    const text = textOf($, element, name === 'li' ? 'ul, ol' : undefined);
    if (!text || hierarchy.lvl1 === null) return;
    push({url: anchorUrl, type: 'content', hierarchy: {...hierarchy}, content: text});
  });
  return withKeywords(
    withDescription(records, $('meta[name="description"]').attr('content')),
    $('meta[name="keywords"]').attr('content'),
  );
}

/** Puts the page's keywords (Docusaurus joins them with commas) on its title record. */
function withKeywords(records: SearchRecord[], meta: string | undefined): SearchRecord[] {
  const keywords = meta
    ?.split(',')
    .map((keyword) => keyword.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(', ');
  const title = records.findIndex((record) => record.type === 'lvl1');
  if (!keywords || title < 0) return records;
  return records.map((record, index) => (index === title ? {...record, keywords} : record));
}

/** Words that open a paragraph and a description when Docusaurus made one from the other. */
const EXCERPT_OPENING = 8;

/**
 * Puts the page's description on its title record. Docusaurus fills the meta description with
 * an excerpt of the page's first paragraph when the writer gave none (every blog post here, a
 * generated category index), with its markup and some punctuation dropped: a description that
 * opens like one of the page's paragraphs is that excerpt, indexed already, so not added twice.
 */
function withDescription(records: SearchRecord[], meta: string | undefined): SearchRecord[] {
  const description = meta?.replace(/\s+/g, ' ').trim();
  const title = records.findIndex((record) => record.type === 'lvl1');
  if (!description || title < 0) return records;
  const opening = (text: string) => words(text).slice(0, EXCERPT_OPENING).join(' ');
  const start = opening(description);
  if (records.some((record) => record.content !== null && opening(record.content) === start))
    return records;
  return records.map((record, index) => (index === title ? {...record, description} : record));
}

function textOf($: CheerioAPI, element: Element, without?: string): string {
  const node = without ? $(element).clone().find(without).remove().end() : $(element);
  return node
    .text()
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The part of the page that holds its own content (not the navbar, sidebar or footer). */
function contentRoot($: CheerioAPI) {
  const html = $('html');
  const doc = $('article .theme-doc-markdown').first();
  if (doc.length) return doc;
  // A generated category index: its title and description (the cards repeat other pages).
  if (html.hasClass('plugin-docs')) return nonEmpty($('main header').first());
  if (html.hasClass('blog-post-page')) {
    const post = $('main article').first();
    post.find('footer, .avatar').remove();
    return nonEmpty(post);
  }
  // Standalone pages (the home page's hero sits outside <main>).
  if (html.hasClass('plugin-pages')) return nonEmpty($('.main-wrapper').first());
  return null;
}

function nonEmpty<T extends {length: number}>(selection: T): T | null {
  return selection.length > 0 ? selection : null;
}

/** lvl0: the top-level sidebar section of a doc, "Blog" for posts, "Pages" otherwise. */
function sectionOf($: CheerioAPI, pageUrl: string): string {
  const path = new URL(pageUrl).pathname;
  if (path.startsWith('/blog/')) return 'Blog';
  if (!path.startsWith('/docs/')) return 'Pages';
  const active = $(
    '.theme-doc-sidebar-item-category-level-1 > .menu__list-item-collapsible > .menu__link--active',
  )
    .first()
    .text()
    .trim();
  return active || 'Documentation';
}
