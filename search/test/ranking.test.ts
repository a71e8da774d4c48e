import {describe, expect, it} from 'vitest';
import {SearchEngine} from '../src/engine/searchEngine';
import {record, request} from './records';

const urls = (engine: SearchEngine, query: string) =>
  engine.search(request(query)).hits.map((hit) => hit.url);

describe('ranking like DocSearch', () => {
  it('puts a page-title match above a content match', () => {
    const engine = new SearchEngine([
      record('/a', {lvl1: 'Monitoring'}, 'Kong exposes metrics to Prometheus.'),
      record('/kong', {lvl1: 'Kong gateway'}),
    ]);
    expect(urls(engine, 'kong')).toEqual(['/kong', '/a']);
  });

  it('ranks the attribute: page title, then lvl2, then content', () => {
    const engine = new SearchEngine([
      record('/c', {lvl1: 'Other'}, 'rollback steps'),
      record('/b#rollback', {lvl1: 'Deploys', lvl2: 'Rollback'}),
      record('/a', {lvl1: 'Rollback'}),
    ]);
    expect(urls(engine, 'rollback')).toEqual(['/a', '/b#rollback', '/c']);
  });

  it('prefers more query words matched over a better attribute', () => {
    const engine = new SearchEngine([
      record('/helm', {lvl1: 'Helm'}),
      record(
        '/deploy#rollback',
        {lvl1: 'Deployment', lvl2: 'Rollback'},
        'Roll back with helm rollback.',
      ),
    ]);
    expect(urls(engine, 'helm rollback')[0]).toBe('/deploy#rollback');
  });

  it('lets a one-letter last word narrow what the other words found instead of widening it', () => {
    const engine = new SearchEngine([
      record('/kong#setup', {lvl1: 'Kong gateway', lvl2: 'Setup'}),
      record('/kong#plugins', {lvl1: 'Kong gateway', lvl2: 'Plugins'}),
      record('/sentry', {lvl1: 'Sentry'}),
    ]);
    expect(urls(engine, 'kong s')).toEqual(['/kong#setup', '/kong#plugins']);
    // Alone, the letter is a prefix like any other, and nothing else matched widens as before.
    expect(urls(engine, 's')).toEqual(['/sentry', '/kong#setup']);
    expect(urls(engine, 'zzyzx s')).toEqual(['/sentry', '/kong#setup']);
  });

  it('ranks a one-letter prefix by the best attribute any word starting with it reached', () => {
    // Here every word starting with `s` is merged into one posting list (they hold more than
    // half as many postings as there are records), as they are for a large index.
    const engine = new SearchEngine([
      record('/c', {lvl1: 'Other'}, 'staging and sentry'),
      record('/b#sentry', {lvl1: 'Other', lvl2: 'Sentry'}, 'some stuff'),
      record('/a', {lvl1: 'Setup'}, 'some stuff'),
      record('/k', {lvl1: 'Kong'}),
    ]);
    expect(urls(engine, 's')).toEqual(['/a', '/b#sentry', '/c']);
    expect(urls(engine, 'kong')).toEqual(['/k']);
  });

  it('prefers fewer typos', () => {
    const engine = new SearchEngine([
      record('/two', {lvl1: 'Dashboard'}),
      record('/one', {lvl1: 'Dashboards'}),
    ]);
    expect(urls(engine, 'dashbords')).toEqual(['/one', '/two']);
  });

  it('does not look for typos of a word the index holds as it is typed', () => {
    const engine = new SearchEngine([
      record('/postmen', {lvl1: 'Postmen'}),
      record('/postman', {lvl1: 'Postman'}),
    ]);
    expect(urls(engine, 'postman')).toEqual(['/postman']);
  });

  it('tolerates one typo from 4 letters and two from 8, and none below 4', () => {
    const engine = new SearchEngine([
      record('/flutter', {lvl1: 'Flutter'}),
      record('/kubernetes', {lvl1: 'Kubernetes'}),
      record('/git', {lvl1: 'Git'}),
    ]);
    expect(urls(engine, 'flutte')).toEqual(['/flutter']);
    expect(urls(engine, 'flotter')).toEqual(['/flutter']);
    expect(urls(engine, 'flxtter')).toEqual(['/flutter']);
    expect(urls(engine, 'kubarnetas')).toEqual(['/kubernetes']);
    expect(urls(engine, 'kxbarnetas')).toEqual([]);
    expect(urls(engine, 'gut')).toEqual([]);
  });

  it('matches the last word as a prefix, and earlier words only whole', () => {
    const engine = new SearchEngine([
      record('/git-workflow', {lvl1: 'Git workflow'}),
      record('/workflows', {lvl1: 'Workflows overview'}),
    ]);
    expect(urls(engine, 'git workfl')).toEqual(['/git-workflow', '/workflows']);
    expect(urls(engine, 'workf git')).toEqual(['/git-workflow']);
  });

  it('ignores English stop words unless the query has nothing else', () => {
    const engine = new SearchEngine([
      record('/secrets', {lvl1: 'Secrets'}),
      record('/how', {lvl1: 'How we work'}, 'how do we do it'),
    ]);
    expect(urls(engine, 'how do I get secrets')[0]).toBe('/secrets');
    expect(urls(engine, 'how')).toEqual(['/how']);
  });

  it('returns one hit per URL, the best record of the section', () => {
    const engine = new SearchEngine([
      record('/kong#plugins', {lvl1: 'Kong', lvl2: 'Plugins'}, 'Rate limiting plugin.'),
      record('/kong#plugins', {lvl1: 'Kong', lvl2: 'Plugins'}),
    ]);
    const result = engine.search(request('plugins'));
    expect(result.nbHits).toBe(1);
    expect(result.hits[0]?.type).toBe('lvl2');
  });

  it('applies facet filters as an AND of ORs', () => {
    const engine = new SearchEngine([
      record('/en', {lvl1: 'Deploy'}, null, {
        language: 'en',
        docusaurus_tag: 'docs-default-current',
      }),
      record('/blog', {lvl1: 'Deploy'}, null, {language: 'en', docusaurus_tag: 'default'}),
      record('/id', {lvl1: 'Deploy'}, null, {language: 'id', docusaurus_tag: 'default'}),
    ]);
    const filtered = (facetFilters: string[][]) =>
      engine
        .search(request('deploy', {facetFilters}))
        .hits.map((hit) => hit.url)
        .sort();
    expect(filtered([['language:en']])).toEqual(['/blog', '/en']);
    expect(filtered([['language:en'], ['docusaurus_tag:default']])).toEqual(['/blog']);
    expect(filtered([['language:en', 'language:id'], ['docusaurus_tag:default']])).toEqual([
      '/blog',
      '/id',
    ]);
  });

  it('pages through the hits', () => {
    const engine = new SearchEngine(
      Array.from({length: 45}, (_, i) => record(`/p${i}`, {lvl1: `Release ${i}`})),
    );
    const second = engine.search(request('release', {hitsPerPage: 20, page: 2}));
    expect(second).toMatchObject({nbHits: 45, nbPages: 3, page: 2, hitsPerPage: 20});
    expect(second.hits).toHaveLength(5);
  });
});

describe('highlights and snippets', () => {
  const engine = new SearchEngine([
    record(
      '/kong',
      {lvl0: 'Tools', lvl1: 'Kong gateway', lvl2: 'Plugins'},
      'Kong runs <script>alert(1)</script> plugins for rate limiting, authentication, logging, caching and request transformation on every route of every service.',
    ),
  ]);

  it('wraps matched words in the requested tags and escapes the rest', () => {
    const hit = engine.search(request('kong plugin'));
    const highlight = hit.hits[0]?._highlightResult as {
      content: {value: string; matchLevel: string; matchedWords: string[]};
      hierarchy: Record<string, {value: string}>;
    };
    expect(highlight.hierarchy.lvl1?.value).toBe('<mark>Kong</mark> gateway');
    expect(highlight.hierarchy.lvl2?.value).toBe('<mark>Plugin</mark>s');
    expect(highlight.content.value).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(highlight.content.value).not.toContain('<script>');
    expect(highlight.content.matchLevel).toBe('full');
    expect(highlight.content.matchedWords).toEqual(['kong', 'plugin']);
  });

  it('lists only the hierarchy levels that have a value', () => {
    const highlight = engine.search(request('kong')).hits[0]?._highlightResult as {
      hierarchy: Record<string, unknown>;
    };
    expect(Object.keys(highlight.hierarchy)).toEqual(['lvl0', 'lvl1', 'lvl2']);
  });

  it('cuts snippets to the requested number of words with the ellipsis', () => {
    const snippetOf = (length: number) =>
      (
        engine.search(
          request('authentication', {
            attributesToSnippet: [`content:${length}`],
            snippetEllipsisText: '…',
          }),
        ).hits[0]?._snippetResult as {content: {value: string}}
      ).content.value;
    const ten = snippetOf(10);
    expect(ten.startsWith('…')).toBe(true);
    expect(ten.endsWith('…')).toBe(true);
    expect(ten).toContain('<mark>authentication</mark>');
    expect(ten.replace(/<\/?mark>/g, '').match(/[\p{L}\p{N}]+/gu)).toHaveLength(10);
    expect(
      snippetOf(5)
        .replace(/<\/?mark>/g, '')
        .match(/[\p{L}\p{N}]+/gu),
    ).toHaveLength(5);
  });

  it('retrieves only the requested attributes, plus objectID and the highlight results', () => {
    const hit = engine.search(request('kong', {attributesToRetrieve: ['hierarchy.lvl1', 'url']}))
      .hits[0];
    expect(Object.keys(hit ?? {}).sort()).toEqual([
      '_highlightResult',
      '_snippetResult',
      'hierarchy',
      'objectID',
      'url',
    ]);
    expect(hit?.hierarchy).toEqual({lvl1: 'Kong gateway'});
  });

  it('answers a queryID only when click analytics is asked for', () => {
    expect(engine.search(request('kong')).queryID).toBeUndefined();
    expect(engine.search(request('kong', {clickAnalytics: true})).queryID).toMatch(
      /^[0-9a-f]{32}$/,
    );
  });

  it('a handbook page ranks before a blog post matching the same words of a keyword query', () => {
    const engine = new SearchEngine([
      record('https://h/blog/2025/01/20/gates', {lvl1: 'Moving to SonarQube quality gates'}),
      record('https://h/docs/sonarqube', {lvl1: 'SonarQube'}),
      record('https://h/docs/sonarqube#gate', {lvl1: 'SonarQube', lvl2: 'The quality gate'}),
    ]);
    expect(urls(engine, 'sonarqube gate')[0]).toBe('https://h/docs/sonarqube#gate');
    // The blog post still comes first for its own title, and for a question it answers.
    expect(urls(engine, 'moving to sonarqube quality gates')[0]).toBe(
      'https://h/blog/2025/01/20/gates',
    );
  });

  it('the page titled with the last word of a two-word query ranks first on a tie', () => {
    const engine = new SearchEngine([
      record('/packages', {lvl1: 'Approved Flutter Packages'}, 'Pinned in the template.'),
      record('/template', {lvl1: 'Mobile Template'}, 'The starter for every Flutter app.'),
    ]);
    // "flutter template" is a template: its head noun is the last word.
    expect(urls(engine, 'flutter template')[0]).toBe('/template');
    expect(urls(engine, 'flutter tempalte')[0]).toBe('/template');
    expect(urls(engine, 'template flutter')[0]).toBe('/packages');
  });

  it("a page's description counts like a subheading: the page it sums up wins a keyword query", () => {
    const engine = new SearchEngine([
      record('/packages', {lvl1: 'Approved Flutter Packages'}),
      record('/packages', {lvl1: 'Approved Flutter Packages'}, 'Config differs per flavor.'),
      record('/template', {lvl1: 'Mobile Template'}, null, {
        description: 'How to start a Flutter app, with its dev, staging and prod flavors.',
      }),
      record('/template#flavors', {lvl1: 'Mobile Template', lvl2: 'Flavors'}),
    ]);
    expect(urls(engine, 'flutter flavors')[0]).toBe('/template');
    expect(urls(engine, 'flutter flavros')[0]).toBe('/template');
    // A description is searched, never shown.
    const [hit] = engine.search(request('flutter flavors')).hits;
    expect(JSON.stringify(hit)).not.toContain('staging and prod');
  });
});

describe('page keywords (front matter)', () => {
  it("a page's keywords find it by the reader's word that the page never uses", () => {
    const pages = [
      record('/rollback', {lvl1: 'Deployment workflow', lvl2: 'Rollback'}, 'Run helm rollback.'),
      record('/postmortem', {lvl1: 'Postmortem'}, 'We reverted the release by hand.'),
    ];
    expect(urls(new SearchEngine(pages), 'undo a bad release')[0]).toBe('/postmortem');
    const engine = new SearchEngine([
      record('/rollback', {lvl1: 'Deployment workflow'}, null, {keywords: 'undo release, revert'}),
      ...pages,
    ]);
    expect(urls(engine, 'undo a bad release')[0]).toBe('/rollback');
    // Keywords are searched, never shown.
    const [hit] = engine.search(request('undo a bad release')).hits;
    expect(JSON.stringify(hit)).not.toContain('undo release');
  });

  it('a page with many keywords does not lose a one-word query to a sibling with fewer', () => {
    const engine = new SearchEngine([
      record('/bots', {lvl1: 'Discord bot list'}, null, {keywords: 'slash commands, standup bot'}),
      record('/discord', {lvl1: 'Discord'}, null, {
        keywords:
          'chat channels, channel list, notification settings, mute channels, chat etiquette, ' +
          'incident thread, war room voice, role mentions, voice channels, threads naming',
      }),
    ]);
    expect(urls(engine, 'dscord')[0]).toBe('/discord');
    expect(urls(engine, 'discord')[0]).toBe('/discord');
  });
});
