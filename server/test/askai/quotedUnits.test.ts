import {describe, expect, it} from 'vitest';
import {ANSWERING_UNITS, comparable, quotedUnits} from '../../src/askai/quotedUnits';
import {PASSAGE_FEATURES, type Passage, type PassageFeature} from '../../src/askai/passages';
import type {Section, Unit} from '../../src/askai/types';

const text = (value: string): Unit => ({kind: 'text', text: value, markdown: value});
const item = (value: string): Unit => ({kind: 'item', text: value, markdown: value});
const code = (value: string): Unit => ({kind: 'code', text: value, markdown: value});

function section(units: Unit[]): Section {
  return {
    url: '/docs/resources/monitoring#a-sample-alert-rule',
    page: '/docs/resources/monitoring',
    pageTitle: 'Monitoring',
    heading: 'A sample alert rule',
    trail: ['Monitoring', 'A sample alert rule'],
    anchors: ['a-sample-alert-rule'],
    kind: 'doc',
    units,
  };
}

/** Passages of section 0 rated in the order given (the first is the passage model's best). */
function rated(units: number[]): Passage[] {
  const features = Object.fromEntries(PASSAGE_FEATURES.map((f) => [f, 0])) as Record<
    PassageFeature,
    number
  >;
  return units.map((unit, at) => ({section: 0, unit, window: 0, score: -at, features}));
}

/** The units quoted for passages rated in this order (the first is the best). */
function quote(passages: Passage[], of: Section, shown: string): number[] {
  const [best] = passages;
  if (!best) throw new Error('no passage');
  return quotedUnits(best, passages, of, shown);
}

describe('the units an answer quotes', () => {
  const alert = section([
    text('Every service ships its alert rules with its chart.'),
    code('apiVersion: monitoring.coreos.com/v1\nkind: PrometheusRule'),
    text('This rule pages the on-call engineer when more than 2% of requests fail.'),
    text('Rules for good alerts:'),
    item('Alert on symptoms users feel.'),
  ]);

  it('opens with the best-rated sentence when a code block is rated best, and quotes the code after it', () => {
    const passages = rated([1, 2, 0, 3, 4]);
    const units = quote(passages, alert, '');
    expect(units[0]).toBe(2);
    expect(units).toContain(1);
  });

  it('opens with the code block when its section has nothing else to quote', () => {
    const only = section([code('pg_restore -t collection_item -d scratch pusaka-staging.dump')]);
    const passages = rated([0]);
    expect(quote(passages, only, '')).toEqual([0]);
  });

  it('does not open a follow-up with a sentence the conversation has shown already', () => {
    const passages = rated([1, 2, 0, 3, 4]);
    // What the conversation showed, as the plan compares it (no markdown marks, lower case).
    const shown = ' this rule pages the on-call engineer when more than 2% of requests fail.';
    expect(quote(passages, alert, shown)[0]).toBe(0);
  });

  it('opens with the best-rated row, not the header row of its table', () => {
    const ports = section([
      text('Every template uses the same local ports.'),
      {
        kind: 'row',
        text: 'Port | What listens there',
        markdown: 'Port | What listens there',
        head: true,
      },
      {kind: 'row', text: '3000 | Next.js dev server', markdown: '3000 | Next.js dev server'},
      {kind: 'row', text: '3001 | NestJS API', markdown: '3001 | NestJS API'},
    ]);
    const units = quote(rated([1, 3, 0, 2]), ports, '');
    expect(units[0]).toBe(3);
    expect(units).toContain(1);
  });

  it('quotes again, in a follow-up, the units rated best though an earlier answer showed them', () => {
    const limits = section([
      text('Public APIs allow 100 requests per minute per client.'),
      text('Clients that exceed the limit receive HTTP 429 with a Retry-After header.'),
      text('Limits are set in the Kong plugin configuration.'),
      text('Internal APIs have no limit.'),
      text('Ask the Backend Lead to raise a limit.'),
      text('Limits are reviewed every quarter.'),
    ]);
    // The first answer quoted the limit and, as context, the 429 sentence and its neighbours.
    const shown = comparable(
      limits.units
        .slice(0, 4)
        .map((unit) => unit.text)
        .join('\n'),
    );
    // "what happens when a client goes over?": the limit again, then the 429 sentence.
    const units = quote(rated([0, 1, 2, 3, 4, 5]), limits, shown);
    expect(ANSWERING_UNITS).toBeGreaterThanOrEqual(2);
    expect(units).toContain(1);
    // The rest shown already stays out; what the earlier answer did not show comes in.
    expect(units).not.toContain(3);
    expect(units).toContain(4);
  });

  it('quotes the next item of a list item that runs on into it with "and"', () => {
    const approvals = section([
      text('The production environment is protected.'),
      text('A deploy needs approval from:'),
      item("the project's Backend Lead, Frontend Lead or Mobile Lead, and"),
      item('the Project Manager for releases that change client-visible behaviour.'),
      text('The person who created the tag cannot approve their own deployment.'),
      text('Approvals are given in GitLab.'),
      text('Release windows are Monday to Thursday.'),
      text('See Availability for holiday freezes.'),
    ]);
    // The release windows answer; the first approver is quoted as context, and the five
    // best-rated units leave the second approver out.
    const passages = rated([6, 2, 0, 5, 7, 3, 4]);
    const units = quote(passages, approvals, '');
    expect(units[0]).toBe(6);
    expect(units).toContain(2);
    expect(units).toContain(3);
  });
});
