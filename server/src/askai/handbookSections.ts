import {load, type CheerioAPI} from 'cheerio';
import type {Element} from 'domhandler';
import type {SearchRecord} from '@studio-handbook/search/types';
import {escapeMarkdown} from './answerers/markdown';
import type {Block, Section} from './types';

/**
 * The handbook as Ask AI reads it: one section per h2 and h3 heading (the levels of the table of
 * contents), from the built HTML the gate already holds, code blocks included (a command is
 * often the answer). Search records leave code out; answers need it.
 */
export function sectionsOfPage(html: string): Section[] {
  const $ = load(html);
  const canonical = $('link[rel="canonical"]').attr('href');
  if (!canonical) return [];
  const page = pathOf(canonical);
  const root = articleRoot($);
  if (!root) return [];
  root.find('.hash-link, nav, button, .sr-only, .theme-admonition-stale-page').remove();

  const pageTitle = clean(root.find('h1').first().text()) || clean($('title').text());
  const sections: Section[] = [];
  let current = {
    url: page,
    heading: pageTitle,
    trail: [pageTitle],
    anchors: [] as string[],
    blocks: [] as Block[],
  };
  let h2 = '';
  const flush = () => {
    if (current.blocks.length > 0) sections.push({...current, page, pageTitle});
  };

  root.find('h2, h3, h4, h5, h6, p, li, tr, pre').each((_, element) => {
    const name = element.tagName.toLowerCase();
    if (/^h[4-6]$/.test(name)) {
      // Deeper headings stay in their h3 section; search hits that point at them map here.
      const id = $(element).attr('id');
      if (id) current.anchors.push(id);
      const text = clean($(element).text());
      if (text) current.blocks.push({kind: 'text', text, markdown: `**${escapeMarkdown(text)}**`});
      return;
    }
    if (name === 'h2' || name === 'h3') {
      const text = clean($(element).text());
      const id = $(element).attr('id');
      if (!text || !id) return;
      flush();
      if (name === 'h2') h2 = text;
      const trail = name === 'h2' || !h2 ? [pageTitle, text] : [pageTitle, h2, text];
      current = {url: `${page}#${id}`, heading: text, trail, anchors: [id], blocks: []};
      return;
    }
    if (name === 'pre') {
      const lines = codeLines($, element);
      if (lines.length > 0) {
        const text = lines.join('\n');
        current.blocks.push({kind: 'code', text, markdown: text});
      }
      return;
    }
    // Nested content is read through its innermost block, once.
    if ($(element).parents('pre').length > 0) return;
    if (name === 'li' && $(element).children('p').length > 0) return;
    if (name === 'p' && $(element).parents('li, td, th').length > 0) return;
    const node = name === 'tr' ? $(element) : $(element).clone().find('ul, ol, pre').remove().end();
    const cells = name === 'tr' ? node.children('td, th').toArray() : [node.get(0) as Element];
    const text = cells.map((cell) => clean($(cell).text())).join(' | ');
    const markdown = cells.map((cell) => clean(markdownOf($, cell))).join(' | ');
    if (text.replace(/[|\s]/g, ''))
      current.blocks.push({
        kind: name === 'li' ? 'item' : name === 'tr' ? 'row' : 'text',
        text,
        markdown,
      });
  });
  flush();
  return sections;
}

function articleRoot($: CheerioAPI) {
  const doc = $('article .theme-doc-markdown').first();
  if (doc.length) return doc;
  if ($('html').hasClass('blog-post-page')) {
    const post = $('main article').first();
    post.find('footer, .avatar, header time').remove();
    return post.length ? post : null;
  }
  return null;
}

function codeLines($: CheerioAPI, pre: Element): string[] {
  const tokenLines = $(pre).find('.token-line');
  const lines = tokenLines.length
    ? tokenLines.map((_, line) => $(line).text()).get()
    : $(pre).text().split('\n');
  return lines.map((line) => line.replace(/\s+$/, '')).filter((line) => line.trim() !== '');
}

/** An element's text as markdown: inline code kept as code spans, everything else escaped. */
function markdownOf($: CheerioAPI, element: Element): string {
  let out = '';
  for (const child of $(element).contents().toArray()) {
    if (child.type === 'text') out += escapeMarkdown(child.data);
    else if (child.type === 'tag') {
      if (child.tagName === 'code') {
        const code = $(child).text().replace(/`/g, "'");
        out += code ? `\`${code}\`` : '';
      } else if (child.tagName === 'br') out += ' ';
      else out += markdownOf($, child);
    }
  }
  return out;
}

function clean(text: string): string {
  return text
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `http://localhost:3000/docs/a/#b` → `/docs/a/` (links in answers stay on this origin). */
export function pathOf(url: string): string {
  const parsed = new URL(url, 'http://handbook.invalid');
  return parsed.pathname;
}

/** Every section of every doc page and blog post of a build (`path → HTML`). */
export function sectionsOfBuild(pages: Iterable<[string, Buffer | string]>): Section[] {
  const sections: Section[] = [];
  for (const [path, html] of pages) {
    if (!path.endsWith('.html') || !(path.startsWith('/docs/') || path.startsWith('/blog/')))
      continue;
    sections.push(...sectionsOfPage(html.toString()));
  }
  return sections;
}

/**
 * Sections from search records, for when the build is not in memory (`npm run dev` proxies the
 * dev server): the same sections without code blocks, which records leave out.
 */
export function sectionsOfRecords(records: readonly SearchRecord[]): Section[] {
  const byUrl = new Map<string, {section: Omit<Section, 'blocks' | 'anchors'>; blocks: Block[]}>();
  for (const record of records) {
    const page = pathOf(record.url);
    if (!page.startsWith('/docs/') && !page.startsWith('/blog/')) continue;
    const hash = new URL(record.url, 'http://handbook.invalid').hash;
    const url = `${page}${hash}`;
    let entry = byUrl.get(url);
    if (!entry) {
      const trail = [record.hierarchy.lvl1, record.hierarchy.lvl2, record.hierarchy.lvl3].filter(
        (heading): heading is string => typeof heading === 'string',
      );
      const pageTitle = trail[0] ?? page;
      entry = {
        section: {url, page, pageTitle, heading: trail[trail.length - 1] ?? pageTitle, trail},
        blocks: [],
      };
      byUrl.set(url, entry);
    }
    if (record.content)
      entry.blocks.push({
        kind: 'text',
        text: record.content,
        markdown: escapeMarkdown(record.content),
      });
  }
  return [...byUrl.values()]
    .filter((entry) => entry.blocks.length > 0)
    .map(({section, blocks}) => ({
      ...section,
      anchors: section.url.includes('#') ? [section.url.slice(section.url.indexOf('#') + 1)] : [],
      blocks,
    }));
}
