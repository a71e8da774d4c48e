import {describe, expect, it} from 'vitest';
import {extractSections, sentencesOf} from '../src/sections/extractSections';

const docPage = `<!doctype html><html class="docs-wrapper plugin-docs docs-doc-page docs-doc-id-tools/git"><head>
<link rel=canonical href=https://handbook.test/docs/tools/git />
<meta name="description" content="How the studio uses Git.">
<meta name="keywords" content="undo commit, recover branch">
</head><body><main><article><div class="theme-doc-markdown markdown"><header><h1>Git</h1></header>
<p>Every repository lives on GitLab. Use SSH keys, e.g. an ed25519 key.</p>
<h2 id="recovery">Recovery<a class="hash-link" href="#recovery">\u200b</a></h2>
<p>The reflog keeps <code>HEAD</code> history for 90 days:</p>
<ul><li>Find the commit with <code>git reflog</code>.</li><li>Recreate the branch.</li></ul>
<h3 id="tags">Tags</h3><table><tr><th>Tag</th><th>Meaning</th></tr><tr><td>v1.2.3</td><td>a release</td></tr><tr><td>v2-rc</td><td>one <code>a|b</code> choice</td></tr></table>
<div class="theme-code-block"><pre><code><span class="token-line">git tag v1.2.3</span></code></pre></div>
</div></article></main></body></html>`;

const categoryPage = `<!doctype html><html class="docs-wrapper plugin-docs docs-doc-page"><head>
<link rel=canonical href=https://handbook.test/docs/category/tools /></head><body><main><header><h1>Tools</h1></header></main></body></html>`;

describe('sections built at index time', () => {
  const {sections, meta} = extractSections(docPage);

  it('makes one section per h2 and h3, with its heading trail and anchor, the opening included', () => {
    expect(sections.map((section) => [section.url, section.trail])).toEqual([
      ['/docs/tools/git', ['Git']],
      ['/docs/tools/git#recovery', ['Git', 'Recovery']],
      ['/docs/tools/git#tags', ['Git', 'Recovery', 'Tags']],
    ]);
    expect(sections.every((section) => section.kind === 'doc')).toBe(true);
  });

  it('cuts paragraphs into sentences and keeps list items, table rows and code as units', () => {
    expect(sections[0]?.units.map((unit) => unit.text)).toEqual([
      'Every repository lives on GitLab.',
      'Use SSH keys, e.g. an ed25519 key.',
    ]);
    expect(sections[1]?.units.map((unit) => [unit.kind, unit.markdown])).toEqual([
      ['text', 'The reflog keeps `HEAD` history for 90 days:'],
      ['item', 'Find the commit with `git reflog`.'],
      ['item', 'Recreate the branch.'],
    ]);
    expect(sections[2]?.units.map((unit) => [unit.kind, unit.text])).toEqual([
      ['row', 'Tag | Meaning'],
      ['row', 'v1.2.3 | a release'],
      ['row', 'v2-rc | one a|b choice'],
      ['code', 'git tag v1.2.3'],
    ]);
  });

  it("marks a table's header row and escapes a pipe inside a cell, as a GFM table row", () => {
    const rows = sections[2]?.units.filter((unit) => unit.kind === 'row') ?? [];
    expect(rows.map((unit) => unit.head === true)).toEqual([true, false, false]);
    expect(rows[2]?.markdown).toBe('v2-rc | one `a\\|b` choice');
  });

  it("keeps the page's description and keywords as metadata, never as a quotable unit", () => {
    expect(meta).toEqual({
      page: '/docs/tools/git',
      title: 'Git',
      kind: 'doc',
      description: 'How the studio uses Git.',
      keywords: 'undo commit, recover branch',
    });
    const texts = sections.flatMap((section) => section.units.map((unit) => unit.text));
    expect(texts.join(' ')).not.toContain('recover branch');
  });

  it('gives a generated category index no sections: a list of links answers no question', () => {
    expect(extractSections(categoryPage)).toEqual({sections: [], meta: null});
  });

  it('splits sentences at Unicode sentence boundaries, not inside code or numbers', () => {
    expect(sentencesOf('Run `next.config.js` checks. Version 3.24 is pinned.')).toEqual([
      'Run `next.config.js` checks.',
      'Version 3.24 is pinned.',
    ]);
  });
});
