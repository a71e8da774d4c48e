import {describe, expect, it} from 'vitest';
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
