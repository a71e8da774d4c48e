import {describe, expect, it} from 'vitest';
import {factBit, factsOf} from '../src/analysis/facts';
import {questionIntent} from '../src/analysis/questionIntent';
import {SearchEngine} from '../src/engine/searchEngine';
import {SECTION_FEATURES, type SectionWeights} from '../src/sections/rankSections';
import {statedFacts} from '../src/sections/sectionIndex';
import type {Section, Unit} from '../src/sections/types';

const text = (value: string): Unit => ({kind: 'text', text: value, markdown: value});

function section(page: string, title: string, heading: string, units: string[]): Section {
  const anchor = heading.toLowerCase().replace(/\W+/g, '-');
  return {
    url: `${page}#${anchor}`,
    page,
    pageTitle: title,
    heading,
    trail: [title, heading],
    anchors: [anchor],
    kind: page.startsWith('/blog/') ? 'blog' : 'doc',
    units: units.map(text),
  };
}

const sections = [
  section('/docs/postgres', 'PostgreSQL', 'Backups', [
    'Nightly pg_dump backups of every PostgreSQL database are kept for 30 days.',
    'Restores are practised every quarter.',
  ]),
  section('/docs/redis', 'Redis', 'Persistence', [
    'Redis runs without backups: it holds only caches that rebuild themselves.',
  ]),
  section('/docs/release', 'Deployment', 'Approvals', [
    'The Backend Lead approves production deploys.',
  ]),
  // A page's introduction: the text before its first heading, under the page title alone.
  {
    ...section('/docs/redis', 'Redis', 'Redis', [
      'Redis is the cache in front of the studio’s PostgreSQL databases.',
    ]),
    url: '/docs/redis',
    trail: ['Redis'],
    anchors: [],
  },
];
// Only coverage counts: what the test checks is the analysis, not fitted weights.
const COVERAGE_ONLY = {
  bias: 0,
  ...Object.fromEntries(SECTION_FEATURES.map((name) => [name, name === 'coverage' ? 1 : 0])),
} as SectionWeights;
const engine = new SearchEngine([], {
  sections,
  pages: [],
  synonyms: [{type: 'synonym', synonyms: ['postgres', 'postgresql', 'pg']}],
});
const rank = (question: string) => engine.rankSections(question, {weights: COVERAGE_ONLY});

describe("Ask AI's section ranking", () => {
  it('ranks first the section holding the datastore the question names, not a sibling', () => {
    expect(rank('how long are postgres backups kept?').sections[0]?.section.page).toBe(
      '/docs/postgres',
    );
    expect(rank('does redis have backups?').sections[0]?.section.page).toBe('/docs/redis');
  });

  it('reads the question with the one analyzer: stems, synonyms and typos', () => {
    const {question} = rank('how long do we keep the pg backup dumps, restorse included?');
    const byText = new Map(question.terms.map((term) => [term.text, term]));
    expect(byText.get('pg')?.known).toBe(true);
    expect(byText.get('backup')?.known).toBe(true);
    expect(byText.get('restorse')).toMatchObject({known: true, typoOnly: true});
  });

  it('tells a name the handbook never uses from an ordinary word and from a figure', () => {
    const {question} = rank('can Kafka replace the salary spreadsheet at 3pm?');
    const unknown = Object.fromEntries(question.terms.map((term) => [term.text, term.unknown]));
    expect(unknown).toMatchObject({kafka: 'name', salary: 'word', '3pm': 'figure'});
  });

  it("marks which of the question's words each unit of a section holds", () => {
    const ranked = rank('who approves production deploys?').sections[0];
    expect(ranked?.section.page).toBe('/docs/release');
    expect(ranked?.units[0]?.mask).toBe(0b111);
    expect((ranked?.units[0]?.facts ?? 0) & factBit('person')).not.toBe(0);
  });

  it('weighs the words of the conversation it leans on less than its own', () => {
    const {question} = engine.rankSections('and for redis?', {
      weights: COVERAGE_ONLY,
      context: 'how long are postgres backups kept?',
      contextWeight: 0.5,
    });
    const redis = question.terms.find((term) => term.text === 'redis');
    const backups = question.terms.find((term) => term.text === 'backups');
    expect(redis && backups && backups.weight < redis.weight).toBe(true);
  });

  it("marks how much of a follow-up's own words, not the earlier question's, a section holds", () => {
    const ownCoverage = (question: string, context?: string) =>
      Object.fromEntries(
        engine
          .rankSections(question, {weights: COVERAGE_ONLY, ...(context ? {context} : {})})
          .sections.map(({section, features}) => [section.url, features.ownCoverage]),
      );
    // "restores" is the follow-up's own word: the backups section holds it, and its earlier
    // words (postgres, backups) do not count.
    const leaning = ownCoverage('and the restores?', 'how long are postgres backups kept?');
    expect(leaning['/docs/postgres#backups']).toBe(1);
    expect(leaning['/docs/redis#persistence']).toBe(0);
    // Asked alone, a question has no earlier words to tell its own from: 0 everywhere.
    const alone = Object.values(ownCoverage('how long are postgres backups kept?'));
    expect(alone.length).toBeGreaterThan(0);
    expect(alone.every((value) => value === 0)).toBe(true);
  });

  it('reads an Indonesian word through its English translation, but gives the translation no weight', () => {
    // "cadangan" (backup) is in no section; "backups" is, by stem. A dictionary's translation
    // of a common word is often wrong, so it marks what a section holds but weighs nothing.
    const {question, sections: ranked} = rank('cadangan postgres berapa lama?');
    const cadangan = question.terms.find((term) => term.text === 'cadangan');
    expect(cadangan?.known).toBe(true);
    expect(cadangan?.translated).toBe(true);
    expect(cadangan?.weight).toBe(0);
    expect(question.terms.find((term) => term.text === 'postgres')?.weight).toBeGreaterThan(0);
    expect(ranked[0]?.section.page).toBe('/docs/postgres');
    expect(ranked[0]?.mask).toBe(0b11);
  });

  it("marks how much of the question's translated words a section holds, for the fit to weigh", () => {
    const translated = (question: string) =>
      Object.fromEntries(
        rank(question).sections.map(({section, features}) => [
          section.url,
          features.translatedCoverage,
        ]),
      );
    // "cadangan" is backup: both sections that mention backups hold it, the Redis introduction
    // (reached by "postgres" alone) does not.
    const indonesian = translated('cadangan postgres berapa lama?');
    expect(indonesian['/docs/postgres#backups']).toBe(1);
    expect(indonesian['/docs/redis#persistence']).toBe(1);
    expect(indonesian['/docs/redis']).toBe(0);
    // A question without such a word has nothing to share: 0 everywhere.
    const english = Object.values(translated('how long are postgres backups kept?'));
    expect(english.length).toBeGreaterThan(0);
    expect(english.every((value) => value === 0)).toBe(true);
  });

  it('never takes a word reached through a translation for a name of the handbook', () => {
    // "tukang" translates to craftsman, artisan: here a name (capitalised in every use).
    const named = new SearchEngine([], {
      sections: [
        section('/docs/tools', 'Tools', 'Scaffolding', [
          'We run Artisan to generate the scaffolding, and Artisan again to migrate.',
        ]),
      ],
      pages: [],
      synonyms: [],
    });
    const {question} = named.rankSections('tukang', {weights: COVERAGE_ONLY});
    expect(question.terms[0]?.known).toBe(true);
    expect(question.terms[0]?.translated).toBe(true);
    expect(question.terms[0]?.named).toBe(false);
    expect(named.rankSections('artisan', {weights: COVERAGE_ONLY}).question.terms[0]?.named).toBe(
      true,
    );
  });

  it("marks the sections of the page the conversation's previous answer quoted", () => {
    const ranked = engine.rankSections('and the restores?', {
      weights: COVERAGE_ONLY,
      conversationPages: ['/docs/postgres'],
    }).sections;
    expect(ranked.length).toBeGreaterThan(0);
    for (const {section, features} of ranked)
      expect(features.conversationPage).toBe(section.page === '/docs/postgres' ? 1 : 0);
  });

  it('marks the sections that state the kind of fact asked for, near the words asked about', () => {
    const factWindow = (question: string) =>
      Object.fromEntries(
        rank(question).sections.map(({section, features}) => [section.url, features.factWindow]),
      );
    // "How long": a duration. The backups section states one beside "backups".
    expect(factWindow('how long are postgres backups kept?')['/docs/postgres#backups']).toBe(1);
    // "Who": a person, stated in the approvals section.
    expect(factWindow('who approves production deploys?')['/docs/release#approvals']).toBeCloseTo(
      1,
    );
    // A question that asks for no kind of fact gives no section one.
    expect(Object.values(factWindow('does redis have backups?'))).toEqual([0, 0, 0]);
  });

  it("marks a page's introduction, the text before its first heading", () => {
    const ranked = rank('what is redis?').sections;
    expect(
      Object.fromEntries(ranked.map(({section, features}) => [section.url, features.intro])),
    ).toEqual({'/docs/redis': 1, '/docs/redis#persistence': 0});
  });

  it('keeps nothing between calls: the same question ranks the same after another', () => {
    const first = rank('how long are postgres backups kept?');
    rank('does redis have backups?');
    expect(rank('how long are postgres backups kept?')).toEqual(first);
  });
});

describe('the kind of fact a question asks for', () => {
  it.each([
    ['How long are production logs kept?', 'duration'],
    ['how many days of metrics does Prometheus keep?', 'duration'],
    ['How often are restores practised?', 'frequency'],
    ['How many Kong replicas run in production?', 'count'],
    ['What is the maximum upload size?', 'quantity'],
    ['Who approves production deploys?', 'person'],
    ['Can I merge my own MR?', 'rule'],
    ['retensi log Loki berapa lama?', 'duration'],
    ['siapa yang approve deploy ke production?', 'person'],
    ['boleh nggak pakai axios?', 'rule'],
  ])('%s asks for a %s', (question, kind) => {
    expect(questionIntent(question).kind).toBe(kind);
  });

  it('reads the counted noun, and leaves the asking words out of the subject', () => {
    const intent = questionIntent('How many Kong replicas run in production?');
    expect(intent.countNoun).toBe('replicas');
    expect(intent.subjectText).not.toMatch(/how many/i);
  });

  it('finds a duration, a count and a role in a passage, but not a version as a count', () => {
    expect(factsOf('Logs are kept for 30 days.') & factBit('duration')).not.toBe(0);
    expect(factsOf('Three replicas run behind the load balancer.') & factBit('count')).not.toBe(0);
    expect(factsOf('We run Redis 7.2 in every cluster.') & factBit('count')).toBe(0);
    expect(factsOf('The Head of Engineering signs it off.') & factBit('person')).not.toBe(0);
  });

  it('reads a sentence that introduces a list as stating what its list states, and no further', () => {
    const item = (value: string): Unit => ({kind: 'item', text: value, markdown: value});
    const units = [
      text('The deploy job starts only after approval from one of the designated approvers:'),
      item('the Backend Lead;'),
      item('the Head of Engineering.'),
      text('Approvals are recorded in the pipeline.'),
      item('The DevOps Lead keeps the list.'),
    ];
    const person = factBit('person');
    const stated = statedFacts(units);
    expect(factsOf(units[0]?.text ?? '') & person).toBe(0);
    expect((stated[0] ?? 0) & person).not.toBe(0);
    // A sentence that does not end with a colon does not take on the list after it.
    expect((stated[3] ?? 0) & person).toBe(0);
  });
});
