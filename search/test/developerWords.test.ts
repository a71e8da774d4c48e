import {describe, expect, it} from 'vitest';
import {SearchEngine} from '../src/engine/searchEngine';
import {words} from '../src/analysis/tokens';
import {boundedDistance} from '../src/analysis/typos';
import {record, request} from './records';

/** The miss classes of issue 11, one behaviour each. */
const urls = (engine: SearchEngine, query: string) =>
  engine.search(request(query)).hits.map((hit) => hit.url);

describe('how developers write', () => {
  it('a possessive does not match every word ending in s', () => {
    const engine = new SearchEngine([
      record('/studio', {lvl1: 'Studio'}, "The studio's laptops and the studio's servers."),
      record('/budget', {lvl1: 'Budget'}, "Each project's budget is set by its lead."),
    ]);
    expect(words("project's aren't it’s")).toEqual(['project', 'arent', 'it']);
    expect(urls(engine, "project's budget")).toEqual(['/budget']);
  });

  it('a contraction is one word, not a word and a stray letter', () => {
    const engine = new SearchEngine([
      record('/t', {lvl1: 'Testing'}, 'Tests that aren’t deterministic are quarantined.'),
      record('/other', {lvl1: 'Other'}, 'The t shirt order.'),
    ]);
    expect(urls(engine, "aren't deterministic")).toEqual(['/t']);
  });

  it('a stem finds the plural and the other forms of a word', () => {
    const engine = new SearchEngine([
      record('/hotfix', {lvl1: 'Hotfixes'}),
      record('/approvals', {lvl1: 'Approvals'}),
      record('/conventions', {lvl1: 'Conventions'}),
    ]);
    expect(urls(engine, 'hotfix')).toEqual(['/hotfix']);
    expect(urls(engine, 'approve production')).toEqual(['/approvals']);
    expect(urls(engine, 'conventional commits')).toEqual(['/conventions']);
  });

  it('a stem match ranks below an exact match', () => {
    const engine = new SearchEngine([
      record('/approvals', {lvl1: 'Approvals'}),
      record('/approve', {lvl1: 'Approve'}),
    ]);
    expect(urls(engine, 'approve')).toEqual(['/approve', '/approvals']);
  });

  it('a swapped pair of letters counts as one typo', () => {
    const engine = new SearchEngine([record('/flavors', {lvl1: 'Build flavors'})]);
    expect(boundedDistance('flavros', 'flavors', 1)).toBe(1);
    expect(boundedDistance('flavros', 'flavours', 1)).toBe(2);
    expect(urls(engine, 'flavros')).toEqual(['/flavors']);
    expect(urls(engine, 'flavros build')).toEqual(['/flavors']);
  });

  it('a rare word matched beats several common ones', () => {
    const common = Array.from({length: 30}, (_, i) =>
      record(`/posts${i}`, {lvl1: `Posts ${i}`}, 'Get the posts field from the body.'),
    );
    const engine = new SearchEngine([
      ...common,
      record('/rules', {lvl1: 'Security rules'}, 'Only an isAdmin user may delete.'),
    ]);
    expect(urls(engine, 'how do I get the isAdmin field from the posts body')[0]).toBe('/rules');
  });

  it('a code identifier is found by its parts', () => {
    const engine = new SearchEngine([
      record('/rules', {lvl1: 'Security rules'}, 'Check request.auth.token.isAdmin first.'),
      record('/snake', {lvl1: 'Naming'}, 'Columns use snake_case, CSS classes kebab-case.'),
    ]);
    expect(urls(engine, 'is admin')).toEqual(['/rules']);
    expect(urls(engine, 'isAdmin')).toEqual(['/rules']);
    expect(urls(engine, 'snake case')[0]).toBe('/snake');
    expect(urls(engine, 'kebab-case')).toEqual(['/snake']);
  });

  it('a category index ranks below the real page of the same title', () => {
    const engine = new SearchEngine([
      record('https://h/docs/category/postgresql', {lvl1: 'PostgreSQL'}),
      record('https://h/docs/tools/postgres/', {lvl1: 'PostgreSQL'}),
    ]);
    expect(urls(engine, 'postgresql')).toEqual([
      'https://h/docs/tools/postgres/',
      'https://h/docs/category/postgresql',
    ]);
  });

  it('a two-way synonym finds each word of its group', () => {
    const engine = new SearchEngine(
      [record('/pg', {lvl1: 'PostgreSQL'}), record('/mr', {lvl1: 'Merge requests'})],
      {
        synonyms: [
          {type: 'synonym', synonyms: ['postgresql', 'pg']},
          {type: 'synonym', synonyms: ['merge request', 'mr']},
        ],
      },
    );
    expect(urls(engine, 'pg')).toEqual(['/pg']);
    expect(urls(engine, 'mr')).toEqual(['/mr']);
  });

  it('a one-way synonym does not work backwards', () => {
    const engine = new SearchEngine(
      [record('/k8s', {lvl1: 'Kubernetes'}), record('/k3s', {lvl1: 'k8s notes'})],
      {synonyms: [{type: 'oneWaySynonym', input: 'k8s', synonyms: ['kubernetes']}]},
    );
    expect(urls(engine, 'k8s').sort()).toEqual(['/k3s', '/k8s']);
    expect(urls(engine, 'kubernetes')).toEqual(['/k8s']);
  });

  it('a misspelt word finds what the word finds through its synonyms', () => {
    const engine = new SearchEngine(
      [
        record('/pg', {lvl1: 'PostgreSQL'}),
        record(
          '/pg#backups',
          {lvl1: 'PostgreSQL', lvl2: 'Backups'},
          'Postgres backups run nightly.',
        ),
        record('/metrics', {lvl1: 'Monitoring'}, 'Postgres exporter metrics, postgres dashboards.'),
      ],
      {synonyms: [{type: 'synonym', synonyms: ['postgres', 'postgresql']}]},
    );
    // `postgers` is one swap away from postgres, which stands for PostgreSQL: the page titled
    // PostgreSQL comes first, as it does for `postgres`.
    expect(urls(engine, 'postgres')[0]).toBe('/pg');
    expect(urls(engine, 'postgers')[0]).toBe('/pg');
  });

  it('two typed words the handbook writes as one find that word', () => {
    const engine = new SearchEngine([
      record('/pg#backups', {lvl1: 'PostgreSQL', lvl2: 'Backups'}, 'The production database.'),
      record('/deploy', {lvl1: 'Deploys'}, 'The production database on deploy.'),
      record('/vscode', {lvl1: 'Editor'}, 'Recommended vscode extensions to install.'),
      record('/gitlab', {lvl1: 'GitLab'}, 'The code review extensions.'),
    ]);
    expect(urls(engine, 'vs code extensions to install')[0]).toBe('/vscode');
    expect(urls(engine, 'is the production database backed up')[0]).toBe('/pg#backups');
    // The index holds only "backups": the joined word's other forms match as well.
    expect(urls(engine, 'deploy backed up')[0]).toBe('/pg#backups');
  });

  it('a word typed without its space finds the two words it is made of', () => {
    const engine = new SearchEngine([
      record('/sharing', {lvl1: 'Sharing Session'}, 'A talk every other Friday.'),
      record('/auth', {lvl1: 'Sessions'}, 'A login session expires after a day.'),
      record('/deploy', {lvl1: 'Rollback'}, 'Helm rollback to the previous revision.'),
      record('/roll', {lvl1: 'Dice'}, 'Roll the dice, then step back.'),
    ]);
    expect(urls(engine, 'sharingsession')[0]).toBe('/sharing');
    expect(urls(engine, 'sharingsession friday')[0]).toBe('/sharing');
    // A word the index holds, as typed or within its typos, is never split.
    expect(urls(engine, 'rollback')).toEqual(['/deploy']);
    expect(urls(engine, 'rolback')).toEqual(['/deploy']);
  });
});

describe('a phrase synonym', () => {
  it('finds the page that holds the phrase, not every page holding one of its words', () => {
    const engine = new SearchEngine(
      [
        record('/rules', {lvl1: 'Rules'}, 'Force pushes to main are not allowed.'),
        record(
          '/other',
          {lvl1: 'Other'},
          'This is not the page you want, nothing is allowed here.',
        ),
      ],
      {synonyms: [{type: 'oneWaySynonym', input: 'banned', synonyms: ['not allowed']}]},
    );
    expect(urls(engine, 'banned')).toEqual(['/rules']);
  });
});
