import {describe, expect, it} from 'vitest';
import {ExtractiveAnswerer} from '../../src/askai/answerers/extractiveAnswerer';
import type {AnswerRequest, Section, Unit} from '../../src/askai/types';

const PAGE = '/docs/engineering/local-development-setup';

function section(heading: string, units: Unit[]): Section {
  const anchor = heading.toLowerCase().replace(/\W+/g, '-');
  return {
    url: `${PAGE}#${anchor}`,
    page: PAGE,
    pageTitle: 'Local Development Setup',
    heading,
    trail: ['Local Development Setup', heading],
    anchors: [anchor],
    kind: 'doc',
    units,
  };
}
const text = (value: string): Unit => ({kind: 'text', text: value, markdown: value});
const item = (value: string): Unit => ({kind: 'item', text: value, markdown: value});

async function answer(request: Partial<AnswerRequest>): Promise<string> {
  const full: AnswerRequest = {
    question: 'q',
    history: [],
    sections: [],
    answerable: true,
    quote: null,
    nearest: [],
    ...request,
  };
  let out = '';
  for await (const delta of new ExtractiveAnswerer().answer(full, new AbortController().signal))
    out += delta;
  return out;
}

describe('the extractive answer', () => {
  const vpn = section('Step 6: WireGuard VPN', [
    text('Every laptop joins the studio network over WireGuard.'),
    text('Your personal config is delivered through Bitwarden on your first day.'),
    text('Import it into the WireGuard app.'),
  ]);

  it('opens with the answering sentence, then the rest of its passage in page order', async () => {
    const out = await answer({
      sections: [{section: vpn, score: 1}],
      quote: {section: vpn, units: [1, 0, 2]},
    });
    expect(out).toMatch(/^From \[Local Development Setup › Step 6: WireGuard VPN\]\(/);
    const body = out.slice(out.indexOf('\n\n') + 2);
    expect(body.startsWith('> Your personal config is delivered through Bitwarden')).toBe(true);
    expect(body.indexOf('joins the studio network')).toBeLessThan(body.indexOf('Import it'));
  });

  it('quotes list items as a list and only the units the plan chose', async () => {
    const steps = section('Install', [
      text('Run these in order:'),
      item('Install fnm.'),
      item('Install pnpm with corepack.'),
      text('Then restart the terminal.'),
    ]);
    const out = await answer({
      sections: [{section: steps, score: 1}],
      quote: {section: steps, units: [0, 1, 2]},
    });
    expect(out).toContain('> Run these in order:');
    expect(out).toContain('> - Install fnm.\n> - Install pnpm with corepack.');
    expect(out).not.toContain('restart the terminal');
  });

  const logs = section('Logs', [
    text('Loki stores the logs of every service.'),
    text('Query them in Grafana with LogQL in the Explore view:'),
    {kind: 'code', text: '{app="kawal"} |= "error"', markdown: '{app="kawal"} |= "error"'},
    text('Never log secrets or personal data.'),
    text('Log retention is 30 days for production.'),
  ]);

  it('starts a new paragraph with an ellipsis where the quote skips part of the page', async () => {
    const skipping = await answer({
      sections: [{section: logs, score: 1}],
      quote: {section: logs, units: [4, 0, 3]},
    });
    expect(skipping).toContain(
      '> Loki stores the logs of every service.\n>\n> … Never log secrets',
    );
    // Neighbours on the page still read as one paragraph.
    const joined = await answer({
      sections: [{section: logs, score: 1}],
      quote: {section: logs, units: [0, 3, 4]},
    });
    expect(joined).toContain('> Never log secrets or personal data. Log retention is 30 days');
  });

  it('leaves out a sentence that introduces a code block or list the quote leaves out', async () => {
    const out = await answer({
      sections: [{section: logs, score: 1}],
      quote: {section: logs, units: [4, 1, 3]},
    });
    expect(out).not.toContain('Explore view');
    expect(out).toContain('> Never log secrets');
  });

  const approvals = section('Approvals', [
    text('The production environment is a protected environment in GitLab.'),
    text('The manual deploy job starts only after approval from one of the designated approvers:'),
    item('the Backend Lead, and'),
    item('the Project Manager.'),
    text('Release windows are Monday to Thursday.'),
  ]);
  /** The answer's quote: what follows its "From [section]:" line. */
  const quoteOf = (out: string) => out.slice(out.indexOf('\n\n') + 2);
  const LIST =
    /^> The manual deploy job .* approvers:\n>\n> - the Backend Lead, and\n> - the Project Manager\.\n/;

  it('quotes a sentence that introduces a list together with its items when it answers', async () => {
    const out = await answer({
      sections: [{section: approvals, score: 1}],
      quote: {section: approvals, units: [1, 0, 2, 3, 4]},
    });
    const body = quoteOf(out);
    expect(body).toMatch(LIST);
    expect(body.indexOf('protected environment')).toBeGreaterThan(body.indexOf('Project Manager'));
  });

  it('quotes an answering list item under the sentence that introduces its list', async () => {
    const out = await answer({
      sections: [{section: approvals, score: 1}],
      quote: {section: approvals, units: [3, 0, 1, 2, 4]},
    });
    expect(quoteOf(out)).toMatch(LIST);
    expect(quoteOf(out).match(/Project Manager/g)).toHaveLength(1);
  });

  const alerts = section('Alerts and routing', [
    text('Alerts are routed by severity:'),
    {
      kind: 'row',
      text: 'Severity | Response expected',
      markdown: 'Severity | Response expected',
      head: true,
    },
    {
      kind: 'row',
      text: 'critical | Acknowledge within 15 minutes',
      markdown: '`critical` | Acknowledge within 15 minutes',
    },
    {
      kind: 'row',
      text: 'warning | Triage on the same working day',
      markdown: '`warning` | Triage on the same working day',
    },
    text('Staging alerts go to their own channel.'),
  ]);

  it('quotes an answering table row under its header row, as a table', async () => {
    const out = await answer({
      sections: [{section: alerts, score: 1}],
      quote: {section: alerts, units: [3, 4]},
    });
    expect(quoteOf(out)).toMatch(
      /^> \| Severity \| Response expected \|\n> \| --- \| --- \|\n> \| `warning` \| Triage on the same working day \|\n\n> Staging alerts/,
    );
  });

  it('writes the header row once when the quote holds it and rows of its table', async () => {
    const out = await answer({
      sections: [{section: alerts, score: 1}],
      quote: {section: alerts, units: [2, 0, 1, 3]},
    });
    const body = quoteOf(out);
    expect(body).toMatch(
      /^> Alerts are routed by severity:\n>\n> \| Severity \| Response expected \|\n> \| --- \| --- \|\n> \| `critical` .*\n> \| `warning` /,
    );
    expect(body.match(/Severity \|/g)).toHaveLength(1);
  });

  it('quotes the rows that follow an answering row in the same table under one header row', async () => {
    const out = await answer({
      sections: [{section: alerts, score: 1}],
      quote: {section: alerts, units: [2, 3, 4]},
    });
    const body = quoteOf(out);
    expect(body).toMatch(
      /^> \| Severity \| Response expected \|\n> \| --- \| --- \|\n> \| `critical` .*\n> \| `warning` .*\n\n> Staging alerts/,
    );
    expect(body.match(/Severity \|/g)).toHaveLength(1);
  });

  it('does not quote a header row alone as context when its rows are in the answer', async () => {
    const out = await answer({
      sections: [{section: alerts, score: 1}],
      quote: {section: alerts, units: [2, 1, 3, 4]},
    });
    const body = quoteOf(out);
    expect(body.match(/Severity \|/g)).toHaveLength(1);
    expect(body).toMatch(/`warning` .*\n\n> Staging alerts/);
  });

  it('gives the refusal when the plan found no answer, whatever the sections', async () => {
    const out = await answer({answerable: false, sections: [{section: vpn, score: 1}]});
    expect(out.startsWith("I couldn't find this in the handbook.")).toBe(true);
    expect(out).not.toContain('Bitwarden');
  });
});
