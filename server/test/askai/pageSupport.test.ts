import {describe, expect, it} from 'vitest';
import {SearchEngine} from '@studio-handbook/search/engine';
import type {SearchRecord} from '@studio-handbook/search/types';
import {SectionRetriever} from '../../src/askai/retriever';
import type {Section} from '../../src/askai/types';

function section(page: string, heading: string, text: string): Section {
  const anchor = heading.toLowerCase().replace(/\W+/g, '-');
  return {
    url: `/docs/${page}#${anchor}`,
    page: `/docs/${page}`,
    pageTitle: page,
    heading,
    trail: [page, heading],
    anchors: [anchor],
    blocks: [{kind: 'text', text, markdown: text}],
  };
}

describe('support from the rest of the page', () => {
  // "How do I rotate the updater signing key?"
  const updater = [
    section('desktop', 'Updater keys', 'The updater signing key lives in Bitwarden.'),
    section('desktop', 'Key rotation', 'Rotate the signing key when a maintainer leaves.'),
    section('desktop', 'Releases', 'Each release is signed by the updater key in CI.'),
  ];
  const lone = section(
    'proxy',
    'Certificates',
    'Rotate the proxy signing key and the updater key.',
  );
  const filler = Array.from({length: 12}, (_, index) =>
    section(`page${index}`, `Topic ${index}`, `Unrelated text number ${index} about builds.`),
  );

  it('ranks a page that holds the question in several sections above a lone section that scores a little higher', () => {
    const retriever = new SectionRetriever([...updater, lone, ...filler], null);
    const [first] = retriever.retrieve('How do I rotate the updater signing key?');
    expect(first?.section.page).toBe('/docs/desktop');
  });

  it('keeps a lone section first when the page has nothing else on the question', () => {
    const retriever = new SectionRetriever([updater[1] as Section, lone, ...filler], null);
    const [first] = retriever.retrieve('How do I rotate the updater signing key?');
    expect(first?.section.page).toBe('/docs/proxy');
  });
});

describe("a search hit on a page's title", () => {
  // The page never says "undo"; its keywords do, so the engine ranks its title record first.
  const deploy = [
    section('deploy', 'Pipeline', 'Every merge to main runs the GitLab pipeline to staging.'),
    section('deploy', 'Rollback', 'To go back to the previous release, run helm rollback.'),
  ];
  const notes = Array.from({length: 12}, (_, index) =>
    section(`notes${index}`, `Release ${index}`, `Release ${index} was a good release.`),
  );
  const sections = [...deploy, ...notes];
  const levels = {lvl0: 'Docs', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null};
  const records: SearchRecord[] = sections.flatMap((part, index) => {
    const base = {
      language: 'en',
      docusaurus_tag: 'docs-default-current',
      kind: 'doc' as const,
      position: index,
    };
    const hierarchy = {...levels, lvl1: part.pageTitle};
    const text: SearchRecord = {
      ...base,
      objectID: `c${index}`,
      url: `https://handbook.test${part.url}`,
      type: 'content',
      hierarchy: {...hierarchy, lvl2: part.heading},
      content: part.blocks[0]?.text ?? null,
    };
    if (index > 0 && part.page === '/docs/deploy') return [text];
    const title: SearchRecord = {
      ...base,
      objectID: `t${index}`,
      url: `https://handbook.test${part.page}`,
      type: 'lvl1',
      hierarchy,
      content: null,
      ...(part.page === '/docs/deploy' ? {keywords: 'undo release, revert deploy'} : {}),
    };
    return [title, text];
  });

  it("stands for the page's section that answers, not the page's opening", () => {
    const retriever = new SectionRetriever(sections, new SearchEngine(records));
    const ofDeploy = retriever
      .retrieve('how do I undo a bad release?')
      .filter((retrieved) => retrieved.section.page === '/docs/deploy');
    expect(ofDeploy[0]?.section.url).toBe('/docs/deploy#rollback');
  });
});
