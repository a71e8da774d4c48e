import type {CheerioAPI} from 'cheerio';

/**
 * What kind of page a built page is, read from the classes Docusaurus puts on `<html>`: a
 * handbook page (`doc`), a dated blog post (`blog`), a generated category index (`category`: a
 * list of links that repeats its pages' titles) or a standalone page (`page`: the home page).
 * Decided once when the index is built, so nothing downstream guesses it from a URL.
 */
export type PageKind = 'doc' | 'blog' | 'category' | 'page';

export function pageKindOf($: CheerioAPI): PageKind {
  const html = $('html');
  if (html.hasClass('blog-post-page')) return 'blog';
  if (html.hasClass('plugin-docs'))
    return $('article .theme-doc-markdown').length > 0 ? 'doc' : 'category';
  return 'page';
}
