import {describe, expect, it} from 'vitest';
import {ExtractiveAnswerer} from '../../src/askai/answerers/extractiveAnswerer';
import type {AnswerRequest, RetrievedSection, Section} from '../../src/askai/types';

const PAGE = '/docs/engineering/local-development-setup';

function section(heading: string, texts: string[]): Section {
  const anchor = heading.toLowerCase().replace(/\W+/g, '-');
  return {
    url: `${PAGE}#${anchor}`,
    page: PAGE,
    pageTitle: 'Local Development Setup',
    heading,
    trail: ['Local Development Setup', heading],
    anchors: [anchor],
    blocks: texts.map((text) => ({kind: 'text', text, markdown: text})),
  };
}

const retrieved = (value: Section, score: number): RetrievedSection => ({
  section: value,
  score,
  coverage: 1,
});

async function answer(sections: RetrievedSection[], terms: AnswerRequest['terms']) {
  let text = '';
  const request: AnswerRequest = {question: 'q', history: [], sections, terms, answerable: true};
  for await (const delta of new ExtractiveAnswerer().answer(request, new AbortController().signal))
    text += delta;
  return text;
}

describe('the extractive answer', () => {
  // "Where do I get a WireGuard config?"
  const terms = [
    {term: 'wireguard', weight: 4},
    {term: 'config', weight: 2},
  ];
  const troubleshooting = section('Troubleshooting', [
    'Staging hosts do not resolve: reconnect WireGuard and check the DNS line of the config, then the config again.',
  ]);

  it('quotes the best section when its heading names the question, not a wordier sibling', async () => {
    const vpn = section('Step 6: WireGuard VPN', [
      'Your personal config is delivered through Bitwarden on your first day.',
      'Import it into the WireGuard app.',
    ]);
    const text = await answer([retrieved(vpn, 1.2), retrieved(troubleshooting, 1)], terms);
    expect(text).toMatch(/^From \[Local Development Setup › Step 6: WireGuard VPN\]/);
    expect(text).toContain('delivered through Bitwarden');
  });

  it('quotes the best-ranked section first and adds the passage of a runner-up that holds what the quote lacks', async () => {
    const network = section('Networking', [
      'Ask DevOps for access before your first deploy.',
      'The VPN profile is personal.',
    ]);
    const text = await answer([retrieved(network, 1.2), retrieved(troubleshooting, 1)], terms);
    expect(text).toMatch(/^From \[Local Development Setup › Networking\]/);
    expect(text).toContain(
      'Also from [Local Development Setup › Troubleshooting](/docs/engineering/local-development-setup#troubleshooting):\n\n> Staging hosts do not resolve',
    );
  });

  it('adds no second passage when the runners-up only repeat what the quote already says', async () => {
    const vpn = section('Step 6: WireGuard VPN', [
      'Your personal WireGuard config is delivered through Bitwarden on your first day.',
    ]);
    const text = await answer([retrieved(vpn, 1.2), retrieved(troubleshooting, 1)], terms);
    expect(text).not.toContain('Also from');
  });

  it('takes no second passage from a runner-up that holds little of the question', async () => {
    const network = section('Networking', ['Ask DevOps for access before your first deploy.']);
    const partial = {...retrieved(troubleshooting, 1), coverage: 0.3};
    const text = await answer([retrieved(network, 1.2), partial], terms);
    expect(text).not.toContain('Also from');
  });
});
