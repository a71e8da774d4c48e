import {describe, expect, it} from 'vitest';
import {extractRecords} from '../src/extractRecords';
import {isSearchablePage} from '../src/indexFile';

const docPage = `<!doctype html><html class="docs-wrapper plugin-docs docs-doc-page"><head>
<link rel=canonical href=https://handbook.test/docs/tools/git />
<meta name="docsearch:language" content="en"><meta name="docsearch:docusaurus_tag" content="docs-default-current">
</head><body><nav class="navbar"><a>Docs</a></nav>
<aside><ul><li class="theme-doc-sidebar-item-category theme-doc-sidebar-item-category-level-1"><div class="menu__list-item-collapsible"><a class="menu__link menu__link--sublist menu__link--active" href="/docs/category/tools">Tools</a></div></li></ul></aside>
<main><article><nav class="breadcrumbs"><a>Tools</a></nav><div class="theme-doc-markdown markdown"><header><h1>Git</h1></header>
<p>Every repository lives on  GitLab.</p>
<h2 id="setup">Setup<a class="hash-link" href="#setup">\u200b</a></h2>
<ul><li>Install Git <ul><li>nested item</li></ul></li><li><p>A paragraph item</p></li></ul>
<div class="theme-code-block"><pre><code>git config --global pull.rebase true</code></pre></div>
<h3 id="aliases">Aliases</h3><table><tr><td>co</td><td>checkout &lt;branch&gt;</td></tr></table>
<h2 id="recovery">Recovery</h2><p>Use the reflog.</p>
</div></article></main><footer><p>Copyright</p></footer></body></html>`;

describe('record extraction from built HTML', () => {
  const records = extractRecords(docPage);

  it('makes one record per heading and per content block, in document order', () => {
    expect(
      records.map((record) => [
        record.type,
        record.content ?? record.hierarchy[record.type as 'lvl1'],
      ]),
    ).toEqual([
      ['lvl1', 'Git'],
      ['content', 'Every repository lives on GitLab.'],
      ['lvl2', 'Setup'],
      ['content', 'Install Git'],
      ['content', 'nested item'],
      ['content', 'A paragraph item'],
      ['lvl3', 'Aliases'],
      ['content', 'co'],
      ['content', 'checkout <branch>'],
      ['lvl2', 'Recovery'],
      ['content', 'Use the reflog.'],
    ]);
  });

  it('gives each record the URL of the nearest heading anchor', () => {
    expect(records[1]?.url).toBe('https://handbook.test/docs/tools/git');
    expect(records[3]?.url).toBe('https://handbook.test/docs/tools/git#setup');
    expect(records[8]?.url).toBe('https://handbook.test/docs/tools/git#aliases');
    expect(records[10]?.url).toBe('https://handbook.test/docs/tools/git#recovery');
  });

  it('keeps the hierarchy above each record and resets deeper levels at a new heading', () => {
    expect(records[8]?.hierarchy).toMatchObject({
      lvl0: 'Tools',
      lvl1: 'Git',
      lvl2: 'Setup',
      lvl3: 'Aliases',
    });
    expect(records[10]?.hierarchy).toMatchObject({lvl1: 'Git', lvl2: 'Recovery', lvl3: null});
  });

  it('indexes no code blocks, navigation, anchor links or footer', () => {
    const text = JSON.stringify(records);
    expect(text).not.toContain('pull.rebase');
    expect(text).not.toContain('Copyright');
    expect(text).not.toContain('\u200b');
    expect(text).not.toContain('Docs"');
  });

  it('indexes nothing of a page that asks robots not to index it (/insights)', () => {
    const insights = docPage.replace(
      '<link rel=canonical',
      '<meta name="robots" content="noindex, nofollow"><link rel=canonical',
    );
    expect(records.length).toBeGreaterThan(0);
    expect(extractRecords(insights)).toEqual([]);
  });

  it('carries the language and docusaurus_tag facets and unique object IDs', () => {
    expect(new Set(records.map((record) => record.language))).toEqual(new Set(['en']));
    expect(new Set(records.map((record) => record.docusaurus_tag))).toEqual(
      new Set(['docs-default-current']),
    );
    expect(new Set(records.map((record) => record.objectID)).size).toBe(records.length);
  });

  it('puts blog posts under "Blog" and leaves out their author and tag blocks', () => {
    const post = `<html class="blog-wrapper blog-post-page plugin-blog"><head><link rel=canonical href=https://handbook.test/blog/2025/01/20/gates /></head>
<body><main><article><header><h1>Quality gates</h1><div class="avatar"><p>Rina</p></div></header><p>We moved to gates.</p><footer><ul><li>sonarqube</li></ul></footer></article></main></body></html>`;
    const blog = extractRecords(post);
    expect(blog.map((record) => record.hierarchy.lvl0)).toEqual(['Blog', 'Blog']);
    expect(JSON.stringify(blog)).not.toContain('Rina');
    expect(JSON.stringify(blog)).not.toContain('sonarqube');
  });

  it("puts the writer's description on the page's title record only", () => {
    const described = extractRecords(
      docPage.replace(
        '</head>',
        '<meta data-rh=true name=description content="Branching, rebasing and  recovering lost work with Git."/></head>',
      ),
    );
    expect(described.filter((record) => record.description !== undefined)).toEqual([
      expect.objectContaining({
        type: 'lvl1',
        description: 'Branching, rebasing and recovering lost work with Git.',
      }),
    ]);
    expect(records.some((record) => record.description !== undefined)).toBe(false);
  });

  it("puts the page's keywords on its title record, one comma-separated list", () => {
    const tagged = extractRecords(
      docPage.replace(
        '</head>',
        '<meta data-rh=true name=keywords content="undo release, get  back a branch,,reflog"/></head>',
      ),
    );
    expect(tagged.filter((record) => record.keywords !== undefined)).toEqual([
      expect.objectContaining({type: 'lvl1', keywords: 'undo release, get back a branch, reflog'}),
    ]);
    expect(records.some((record) => record.keywords !== undefined)).toBe(false);
  });

  it('does not index twice the excerpt Docusaurus makes of the first paragraph', () => {
    // Docusaurus drops markup and some punctuation from the excerpt (`03:16 to 04:24` → `0324`).
    const post = `<html class="blog-wrapper blog-post-page plugin-blog"><head><link rel=canonical href=https://handbook.test/blog/2025/06/16/outage />
<meta name=description content="On 2025-06-10 the web app served its pages without scripts. For 68 minutes, from 0324 UTC, nothing worked."/></head>
<body><main><article><header><h1>Outage</h1></header><p>On 2025-06-10 the web app served its pages without <code>scripts</code>. For 68 minutes, from 03:16 to 04:24 UTC, nothing worked.</p></article></main></body></html>`;
    expect(extractRecords(post).some((record) => record.description !== undefined)).toBe(false);
  });

  it('returns nothing for a page without a canonical URL', () => {
    expect(extractRecords('<html><body><main><h1>x</h1></main></body></html>')).toEqual([]);
  });
});

describe('which built files are searched', () => {
  it.each([
    ['docs/tools/git/index.html', true],
    ['docs/category/tools/index.html', true],
    ['index.html', true],
    ['markdown-page/index.html', true],
    ['blog/2025/06/16/postmortem-static-files-proxy/index.html', true],
    ['blog/index.html', false],
    ['blog/tags/sonarqube/index.html', false],
    ['blog/archive/index.html', false],
    ['search/index.html', false],
    ['404.html', false],
    ['assets/js/main.js', false],
  ])('%s → %s', (file, expected) => {
    expect(isSearchablePage(file)).toBe(expected);
  });
});
