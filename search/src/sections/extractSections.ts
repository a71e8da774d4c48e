import {load, type CheerioAPI} from 'cheerio';
import type {Element} from 'domhandler';
import {pageKindOf} from '../pageKind';
import {escapeMarkdown, plainOf} from './markdown';
import type {PageMeta, Section, Unit} from './types';

/**
 * One built page's sections (h2 and h3, as the table of contents), with code blocks, cut into
 * quotable units: each sentence of a paragraph (Unicode's sentence boundaries, UAX #29, through
 * `Intl.Segmenter`), each list item, table row and code block. Only handbook pages and blog
 * posts have sections: a category index or the home page answers no question.
 */
export function extractSections(html: string): {sections: Section[]; meta: PageMeta | null} {
  const $ = load(html);
  const canonical = $('link[rel="canonical"]').attr('href');
  if (!canonical) return {sections: [], meta: null};
  const page = pathOf(canonical);
  const kind = pageKindOf($);
  const root = articleRoot($);
  if (!root || (kind !== 'doc' && kind !== 'blog')) return {sections: [], meta: null};
  root.find('.hash-link, nav, button, .sr-only, .theme-admonition-stale-page').remove();

  const pageTitle = clean(root.find('h1').first().text()) || clean($('title').text());
  const sections: Section[] = [];
  let current = {
    url: page,
    heading: pageTitle,
    trail: [pageTitle],
    anchors: [] as string[],
    units: [] as Unit[],
  };
  let h2 = '';
  const flush = () => {
    if (current.units.length > 0) sections.push({...current, page, pageTitle, kind});
  };

  root.find('h2, h3, h4, h5, h6, p, li, tr, pre').each((_, element) => {
    const name = element.tagName.toLowerCase();
    if (/^h[4-6]$/.test(name)) {
      // Deeper headings stay in their h3 section; search hits that point at them map here.
      const id = $(element).attr('id');
      if (id) current.anchors.push(id);
      const text = clean($(element).text());
      if (text) current.units.push({kind: 'text', text, markdown: `**${escapeMarkdown(text)}**`});
      return;
    }
    if (name === 'h2' || name === 'h3') {
      const text = clean($(element).text());
      const id = $(element).attr('id');
      if (!text || !id) return;
      flush();
      if (name === 'h2') h2 = text;
      const trail = name === 'h2' || !h2 ? [pageTitle, text] : [pageTitle, h2, text];
      current = {url: `${page}#${id}`, heading: text, trail, anchors: [id], units: []};
      return;
    }
    if (name === 'pre') {
      const lines = codeLines($, element);
      if (lines.length > 0) {
        const text = lines.join('\n');
        current.units.push({kind: 'code', text, markdown: text});
      }
      return;
    }
    // Nested content is read through its innermost block, once.
    if ($(element).parents('pre').length > 0) return;
    if (name === 'li' && $(element).children('p').length > 0) return;
    if (name === 'p' && $(element).parents('li, td, th').length > 0) return;
    const node = name === 'tr' ? $(element) : $(element).clone().find('ul, ol, pre').remove().end();
    const cells = name === 'tr' ? node.children('td, th').toArray() : [node.get(0) as Element];
    // A row's cells are joined by ` | `, a pipe inside a cell escaped, as a GFM table row holds
    // them (an answer quotes rows as a table under their header).
    const markdown = cells
      .map((cell) => {
        const text = clean(markdownOf($, cell));
        return name === 'tr' ? text.replace(/\|/g, '\\|') : text;
      })
      .join(' | ');
    if (!plainOf(markdown).replace(/[|\s]/g, '')) return;
    if (name === 'p') {
      for (const sentence of sentencesOf(markdown))
        current.units.push({kind: 'text', text: plainOf(sentence), markdown: sentence});
      return;
    }
    const head = name === 'tr' && node.children('td').length === 0;
    current.units.push({
      kind: name === 'li' ? 'item' : 'row',
      text: plainOf(markdown),
      markdown,
      ...(head ? {head: true as const} : {}),
    });
  });
  flush();
  const description = $('meta[name="description"]').attr('content')?.trim();
  const keywords = $('meta[name="keywords"]').attr('content')?.trim();
  const meta: PageMeta = {
    page,
    title: pageTitle,
    kind,
    ...(description ? {description} : {}),
    ...(keywords ? {keywords} : {}),
  };
  return {sections, meta};
}

const SENTENCES = new Intl.Segmenter('en', {granularity: 'sentence'});

/** A paragraph's sentences (markdown in, markdown out). */
export function sentencesOf(markdown: string): string[] {
  return [...SENTENCES.segment(markdown)]
    .map(({segment}) => segment.trim())
    .filter((sentence) => plainOf(sentence).trim() !== '');
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
  return new URL(url, 'http://handbook.invalid').pathname;
}
