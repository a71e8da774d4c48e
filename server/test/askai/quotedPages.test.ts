import {describe, expect, it} from 'vitest';
import {quotedPages} from '../../src/askai/askService';
import {NOT_IN_HANDBOOK} from '../../src/askai/types';

describe("a follow-up's conversation pages", () => {
  it('are the pages the previous answer links, without anchors, each once', () => {
    const answer =
      'Following up on “How long are logs kept?”:\n\nFrom [Monitoring › Logs](/docs/tools/monitoring#logs):\n\n> Log retention is 30 days.\n\nSee also [Monitoring › Alerts](/docs/tools/monitoring#alerts) and [Deployment workflow](/docs/workflow/deployment-workflow).';
    expect(quotedPages(answer)).toEqual([
      '/docs/tools/monitoring',
      '/docs/workflow/deployment-workflow',
    ]);
  });

  it('are none after a refusal, whose links are only the nearest sections', () => {
    expect(
      quotedPages(
        `${NOT_IN_HANDBOOK} The nearest sections are [Monitoring › Logs](/docs/tools/monitoring#logs).`,
      ),
    ).toEqual([]);
  });

  it('ignore a link that is not to a handbook path', () => {
    expect(
      quotedPages('See [the spec](https://example.com/spec) and \\[not a link\\](x).'),
    ).toEqual([]);
    // Quoted handbook text whose brackets were escaped is not a link of the answer.
    expect(quotedPages('> Read \\[the guide\\](/docs/tools/git) first.')).toEqual([]);
  });
});
