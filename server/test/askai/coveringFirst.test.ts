import {describe, expect, it} from 'vitest';
import {ANSWERABLE_COVERAGE, coveringFirst} from '../../src/askai/askService';
import type {RetrievedSection, Section} from '../../src/askai/types';

function retrieved(url: string, coverage: number): RetrievedSection {
  const section: Section = {
    url,
    page: url.split('#')[0] ?? url,
    pageTitle: 'Page',
    heading: 'Heading',
    trail: ['Page', 'Heading'],
    anchors: [],
    blocks: [],
  };
  return {section, score: 1, coverage};
}

const urls = (sections: RetrievedSection[]) => sections.map(({section}) => section.url);
const short = ANSWERABLE_COVERAGE - 0.1;

describe('the section an answer leads with', () => {
  it('is the next section that holds the question when the best-ranked one names only one word of it', () => {
    // "How do I undo a bad production release?"
    const sections = [
      retrieved('/docs/tools/git#undo-the-last-commit', short),
      retrieved('/docs/workflow/deployment-workflow#rollback-with-helm', 0.9),
      retrieved('/docs/workflow/deployment-workflow', 0.9),
    ];
    expect(urls(coveringFirst(sections))).toEqual([
      '/docs/workflow/deployment-workflow#rollback-with-helm',
      '/docs/tools/git#undo-the-last-commit',
      '/docs/workflow/deployment-workflow',
    ]);
  });

  it('stays the best-ranked one when it holds the question, or when none of the next ones does', () => {
    const holds = [retrieved('/a', 0.6), retrieved('/b', 0.9)];
    expect(urls(coveringFirst(holds))).toEqual(['/a', '/b']);
    const none = [retrieved('/a', short), retrieved('/b', short), retrieved('/c', short)];
    expect(urls(coveringFirst(none))).toEqual(['/a', '/b', '/c']);
  });

  it('looks only at the first three sections', () => {
    const sections = [
      retrieved('/a', short),
      retrieved('/b', short),
      retrieved('/c', short),
      retrieved('/d', 0.9),
    ];
    expect(urls(coveringFirst(sections))).toEqual(['/a', '/b', '/c', '/d']);
  });
});
