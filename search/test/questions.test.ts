import {describe, expect, it} from 'vitest';
import {SearchEngine} from '../src/engine/searchEngine';
import {queryWords} from '../src/analysis/queryWords';
import {record, request} from './records';

/** How a natural question is ranked (issue 11's second round, search/DESIGN.md). */
const pages = (engine: SearchEngine, query: string) => [
  ...new Set(engine.search(request(query)).hits.map((hit) => (hit.url ?? '').split('#')[0])),
];

describe('natural questions', () => {
  it('question words and auxiliaries do not count as words of the question', () => {
    expect(queryWords('how should I deploy before our release?').map((w) => w.text)).toEqual([
      'deploy',
      'release',
    ]);
    expect(queryWords("who's allowed to approve it, don't we?").map((w) => w.text)).toEqual([
      'allowed',
      'approve',
    ]);
    expect(queryWords('do I actually need to sign the release?').map((w) => w.text)).toEqual([
      'sign',
      'release',
    ]);
    // A query of stop words only is still searched as typed.
    expect(queryWords('how to').map((w) => w.text)).toEqual(['how', 'to']);
  });

  it("an Indonesian question's function words do not count either", () => {
    expect(queryWords('boleh nggak pakai axios buat web app?').map((w) => w.text)).toEqual([
      'axios',
      'web',
      'app',
    ]);
    // With the writers' glosses, the words that remain find the English page.
    const engine = new SearchEngine(
      [
        record(
          '/availability',
          {lvl1: 'Availability', lvl2: 'Core hours'},
          'Core hours are 10:00 to 15:00; work the rest of the day when it suits you.',
        ),
        record('/studio', {lvl1: 'Studio'}, 'The studio has a work channel for every project.'),
      ],
      {
        synonyms: [
          {objectID: 'id-jam', type: 'oneWaySynonym', input: 'jam', synonyms: ['hours']},
          {objectID: 'id-kerja', type: 'oneWaySynonym', input: 'kerja', synonyms: ['work']},
          {objectID: 'id-inti', type: 'oneWaySynonym', input: 'inti', synonyms: ['core']},
        ],
      },
    );
    expect(pages(engine, 'jam kerja inti di studio jam berapa? boleh mulai jam 10?')[0]).toBe(
      '/availability',
    );
  });

  it('a keyword query of three words finds the handbook page before the blog post about it', () => {
    const engine = new SearchEngine([
      record(
        '/blog/2025/01/20/moving-to-sonarqube-quality-gates',
        {
          lvl1: 'Moving to SonarQube quality gates on every merge request',
          lvl2: 'What the gate checks',
        },
        'The quality gate checks coverage on new code.',
      ),
      record('/docs/sonarqube#gate', {lvl1: 'SonarQube', lvl2: 'The quality gate'}),
      record('/docs/sonarqube#gate', {lvl1: 'SonarQube', lvl2: 'The quality gate'}, 'Coverage.'),
    ]);
    expect(pages(engine, 'sonarqube qualty gate')[0]).toBe('/docs/sonarqube');
    // Asked as a question, the post about the change may answer it best, and still can.
    expect(pages(engine, 'since when is the sonarqube quality gate blocking?')[0]).toBe(
      '/blog/2025/01/20/moving-to-sonarqube-quality-gates',
    );
    // A blog post whose title holds every keyword still comes first.
    expect(pages(engine, 'moving sonarqube quality gates')[0]).toBe(
      '/blog/2025/01/20/moving-to-sonarqube-quality-gates',
    );
  });

  it('the parts of one dotted or hyphenated name weigh as one word, not one per part', () => {
    const filler = (i: number) => record(`/p${i}`, {lvl1: `Page ${i}`}, `Notes on projects ${i}.`);
    const engine = new SearchEngine([
      record('/projects', {lvl1: 'Projects'}, 'Our Next.js projects: Pusaka, Kawal, Sigap.'),
      record('/libraries', {lvl1: 'Libraries'}, 'Axios is not allowed; prefer fetch.'),
      ...Array.from({length: 30}, (_, i) => filler(i)),
    ]);
    expect(queryWords('axios in our next.js projects').map((w) => w.token)).toEqual([0, 3, 3, 4]);
    expect(pages(engine, 'am I allowed to use axios in our next.js projects')[0]).toBe(
      '/libraries',
    );
  });

  it('a long question keeps its last words: the cap on words counts them after stop words', () => {
    const question = 'am I allowed to commit directly to main or does everything need an MR';
    expect(queryWords(question).map((w) => w.text)).toEqual([
      'allowed',
      'commit',
      'directly',
      'main',
      'everything',
      'mr',
    ]);
    const many = Array.from({length: 20}, (_, i) => `word${i}`).join(' ');
    expect(queryWords(many)).toHaveLength(12);
    expect(queryWords(many).at(-1)).toMatchObject({text: 'word11', prefix: false});
  });

  it('a paragraph full of question words does not outrank the page about the topic', () => {
    const engine = new SearchEngine([
      record(
        '/chat',
        {lvl1: 'Chat etiquette'},
        'Would you have done it before? Ask about it after.',
      ),
      record('/rollback', {lvl1: 'Rollback'}, 'Ask the on-call lead, then run helm rollback.'),
    ]);
    expect(pages(engine, 'would I have to ask about it before I rollback?')[0]).toBe('/rollback');
  });

  it('a question prefers the page holding all its words over a record elsewhere holding as many', () => {
    const engine = new SearchEngine([
      record('/postmortem', {lvl1: 'Postmortem'}, 'The kong proxy matched 404.'),
      record('/gateway', {lvl1: 'Gateway'}, 'Every kong route has one service.'),
      record('/gateway#errors', {lvl1: 'Gateway', lvl2: 'Errors'}, 'A 404 means no route matched.'),
    ]);
    expect(pages(engine, 'kong route matched 404')[0]).toBe('/gateway');
  });

  it('in a question too, words in the page title weigh more than the same words in a paragraph', () => {
    const engine = new SearchEngine([
      record(
        '/incident',
        {lvl1: 'Incident report'},
        'A static export served by nginx broke images.',
      ),
      record('/template', {lvl1: 'Static export'}, 'Serve the build with nginx, no images broke.'),
    ]);
    expect(pages(engine, 'static export nginx images')[0]).toBe('/template');
  });

  it('a question still ranks the record holding more of its weight first', () => {
    const engine = new SearchEngine([
      record('/a', {lvl1: 'Leave'}, 'Request leave a week ahead for planned absences.'),
      record('/b', {lvl1: 'Leave policy'}, 'Leave is planned with your lead.'),
    ]);
    expect(pages(engine, 'request leave week ahead')[0]).toBe('/a');
  });

  it('a record holding one more common word does not outrank the page about the question', () => {
    // Sibling pages: the mobile road map's overview mentions the web road map, seniority and
    // years in passing; the web road map holds the question's topic in its title and headings.
    const engine = new SearchEngine([
      record(
        '/mobile',
        {lvl1: 'Mobile road map', lvl2: 'Levels at a glance'},
        'The same ranges as on the web road map: a senior engineer has about five years, usually.',
      ),
      record('/web', {lvl1: 'Web road map', lvl2: 'Skills matrix'}, 'Senior: performance budgets.'),
      record('/web#levels', {lvl1: 'Web road map', lvl2: 'Levels'}, 'A senior engineer leads.'),
      record('/oncall', {lvl1: 'On-call'}, 'Every engineer carries a laptop.'),
      record('/review', {lvl1: 'Reviews'}, 'Any engineer can review, a senior approves.'),
      record('/hiring', {lvl1: 'Hiring'}, 'We hire an engineer for skills, not years.'),
    ]);
    const question = 'what performance skills should a senior web engineer have after five years';
    expect(pages(engine, question)[0]).toBe('/web');
  });

  it('a question ranks the page that keeps coming back to its words above one that names them once', () => {
    // Sibling road maps: the web one has a section on a newcomer's first month and names
    // Flutter once, in passing; the mobile one comes back to Flutter, learning and months in
    // section after section, though none of its sections holds as many of the question's words.
    const filler = (i: number) => record(`/p${i}`, {lvl1: `Page ${i}`}, `Notes on topic ${i}.`);
    const mobile = (lvl2: string, content: string) =>
      record(`/mobile#${lvl2.split(' ')[0]}`, {lvl1: 'Mobile road map', lvl2}, content);
    const engine = new SearchEngine([
      record('/web', {lvl1: 'Web road map'}, 'Flutter engineers follow the mobile road map.'),
      record(
        '/web#first',
        {lvl1: 'Web road map', lvl2: 'The first three months'},
        'What a new engineer should learn in the first month: TypeScript, React and our template.',
      ),
      record('/mobile', {lvl1: 'Mobile road map'}, 'The road map for our Flutter engineers.'),
      mobile(
        'One: the first month',
        'Learn Dart, the Flutter widget tree, our mobile template and how we review code.',
      ),
      mobile('Two: months two and three', 'Learn state management and testing.'),
      mobile('Tools', 'Flutter DevTools, flavors.'),
      mobile('Levels', 'A new Flutter engineer reaches mid level after a year of learning.'),
      ...Array.from({length: 20}, (_, i) => filler(i)),
    ]);
    expect(pages(engine, 'what should a new flutter dev learn in their first month')[0]).toBe(
      '/mobile',
    );
  });

  it('a question prefers the paragraph that answers it to a one-line record with the same words', () => {
    // BM25 alone favours the short line (its words are a larger share of it); the length prior
    // (Singhal's pivoted normalisation: long records are more often the answer) turns it round.
    const filler = (i: number) =>
      record(
        `/p${i}`,
        {lvl1: `Page ${i}`},
        `Notes on topic ${i}: who owns it, where its code lives, which tests cover it and how ` +
          'its team reviews changes to it every week.',
      );
    const engine = new SearchEngine([
      record(
        '/deploy#rollback',
        {lvl1: 'Deployment workflow', lvl2: 'Rollback'},
        'When a release breaks production, the on-call engineer goes back to the previous ' +
          'release: the pipeline redeploys the tag of the previous release.',
      ),
      record(
        '/changelog#v2',
        {lvl1: 'Changelog', lvl2: 'Version 2.1'},
        'We went back to the previous release in production.',
      ),
      ...Array.from({length: 20}, (_, i) => filler(i)),
    ]);
    expect(pages(engine, 'how do I go back to the previous release in production?')[0]).toBe(
      '/deploy',
    );
  });

  it('a question ranks a category index below every real page it matches', () => {
    const engine = new SearchEngine([
      record(
        'https://h/docs/category/docs-day',
        {lvl1: 'Docs Day'},
        'Monthly topics chosen together.',
      ),
      record('https://h/docs/doc-day/intro', {lvl1: 'Docs Day', lvl2: 'How topics are picked'}),
    ]);
    expect(pages(engine, 'how are docs day topics chosen')[0]).toBe('https://h/docs/doc-day/intro');
  });
});
