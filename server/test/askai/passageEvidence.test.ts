import {describe, expect, it} from 'vitest';
import {ExtractiveAnswerer} from '../../src/askai/answerers/extractiveAnswerer';
import {AskAiService} from '../../src/askai/askService';
import {
  PASSAGE_COVERAGE,
  companionsNeeded,
  passageCoverage,
  sectionPassageCoverage,
  type EvidenceTerm,
} from '../../src/askai/passageEvidence';
import {SectionRetriever} from '../../src/askai/retriever';
import {
  NOT_IN_HANDBOOK,
  type Block,
  type RetrievedSection,
  type Section,
} from '../../src/askai/types';

function section(heading: string, texts: string[], page = 'availability'): Section {
  const blocks: Block[] = texts.map((text) => ({kind: 'text', text, markdown: text}));
  const anchor = heading.toLowerCase().replace(/\W+/g, '-');
  return {
    url: `/docs/${page}#${anchor}`,
    page: `/docs/${page}`,
    pageTitle: 'Availability',
    heading,
    trail: ['Availability', heading],
    anchors: [anchor],
    blocks,
  };
}

const term = (stem: string, weight: number): EvidenceTerm => ({
  term: stem,
  weight,
  alternatives: [{term: stem, factor: 1}],
});

const retrieved = (value: Section): RetrievedSection => ({section: value, score: 1, coverage: 1});

describe('passages that pair the words of a question', () => {
  // "Can I get a company phone for my on-call week?"
  const phoneTerms = [term('compani', 2), term('phone', 4), term('call', 2), term('week', 2)];

  it('refuses a question whose focus word the handbook never pairs with the rest', () => {
    const rotation = section('On-call rotation', [
      'The schedule is published four weeks ahead.',
      'Handover happens on Monday morning.',
      'The outgoing engineer summarises open alerts.',
      'Keep notifications allowed through your phone focus modes.',
      'Pages arrive as a push notification.',
      'Escalations go to the DevOps Lead.',
      'Hostnames are written as gitlab.<company-domain> in every example.',
    ]);
    // Every word is in the section, but no passage (a sentence, its neighbours and the
    // headings) holds one of them with two others.
    expect(sectionPassageCoverage(rotation, phoneTerms)).toBeLessThan(PASSAGE_COVERAGE);
  });

  it('answers when one sentence holds the words together', () => {
    const phones = section('Company phones', [
      'Every engineer on call gets a company phone for the week of their shift.',
    ]);
    expect(sectionPassageCoverage(phones, phoneTerms)).toBe(1);
  });

  it("counts a neighbouring sentence and the section's headings as the same passage", () => {
    const leave = section('Sick leave', [
      'Post in #eng-availability as early as you can.',
      'A doctor note is needed after two days.',
    ]);
    // "sick" is only in the heading, "doctor" and "note" in the second sentence.
    const terms = [term('sick', 5), term('doctor', 3), term('note', 2)];
    expect(sectionPassageCoverage(leave, terms)).toBe(1);
    const far = section('Leave', [
      'Sick leave is posted in #eng-availability.',
      'Planned leave is agreed with your Project Manager.',
      'Short absences need no request.',
      'A doctor note is needed after two days.',
    ]);
    expect(sectionPassageCoverage(far, [term('sick', 5), term('doctor', 3)])).toBe(0);
  });

  it('asks for two companions in a question of four words or more, none for a single word', () => {
    expect(companionsNeeded(1)).toBe(0);
    expect(companionsNeeded(2)).toBe(1);
    expect(companionsNeeded(3)).toBe(1);
    expect(companionsNeeded(4)).toBe(2);
    const lone = section('Core hours', ['Core hours are 10:00 to 16:00.']);
    expect(sectionPassageCoverage(lone, [term('core', 3)])).toBe(1);
  });

  it('takes the best of the first three sections', () => {
    const apart = section('Rotation', ['The rotation is weekly.', 'x', 'y', 'Phones ring.']);
    const together = section('Phones', ['Every on-call engineer gets a company phone each week.']);
    const ignored = section('Fourth', ['A company phone for the on-call week.']);
    const sections = [apart, apart, together].map(retrieved);
    expect(passageCoverage(sections, phoneTerms)).toBe(1);
    expect(passageCoverage([apart, apart, apart, ignored].map(retrieved), phoneTerms)).toBe(0);
  });
});

describe('how the answerability check weighs question words', () => {
  const sections = [
    section('Planned leave', ['Annual leave is agreed with your Project Manager.']),
    section('Public holidays', ['The studio observes cuti bersama, the collective leave days.']),
    section('Printing', ['Press the button to print the page.'], 'printing'),
  ];
  const synonyms = new Map([['leav', ['cuti']]]);
  const retriever = new SectionRetriever(sections, null, synonyms);

  it("weighs a common word by its own rarity, not by its rare synonym's", () => {
    const [leave] = retriever.evidenceTerms('leave');
    const [cuti] = retriever.evidenceTerms('cuti');
    expect(leave?.alternatives.map((entry) => entry.term)).toEqual(['leav', 'cuti']);
    expect(leave?.weight).toBeLessThan(cuti?.weight ?? 0);
  });

  it('credits a word matched only one letter away at most half, and weighs an unknown word most', () => {
    const [dress] = retriever.evidenceTerms('dress');
    const [press] = retriever.evidenceTerms('press');
    const [unknown] = retriever.evidenceTerms('salary');
    expect(dress?.alternatives).toEqual([{term: 'press', factor: 0.5}]);
    expect(dress?.weight).toBe(press?.weight);
    expect(unknown?.alternatives).toEqual([]);
    expect(unknown?.weight).toBeGreaterThan(press?.weight ?? Infinity);
  });
});

describe('question words misspelt', () => {
  const sections = [
    section('Approvals', ['The production deploy job needs approval from the Backend Lead.']),
    section('Incident channel', ['Open an incident thread in the incidents channel.']),
  ];
  const retriever = new SectionRetriever(sections, null);

  it('finds a misspelt word by the word as written, not only by its stem', () => {
    // "productoin" stems to itself, three letters from the stem "product", but it is one swap
    // from "production"; "inident" stems to "inid", one letter from nothing but "incident".
    const [production] = retriever.evidenceTerms('productoin');
    const [incident] = retriever.evidenceTerms('inident');
    expect(production?.alternatives).toEqual([{term: 'product', factor: 0.5}]);
    expect(incident?.alternatives).toEqual([{term: 'incid', factor: 0.5}]);
  });

  it('lets a misspelt identifier stand for its parts, so a misspelt part is no unknown word', () => {
    const cookies = new SectionRetriever(
      [section('Cookies', ['Session cookies are HttpOnly, Secure and SameSite=Lax.'])],
      null,
    );
    const terms = cookies.evidenceTerms('What SaemSite value do session cookies use?');
    expect(terms.map(({term}) => term)).not.toContain('saem');
    expect(terms.find(({term}) => term === 'saemsit')?.alternatives).toEqual([
      {term: 'samesit', factor: 0.5},
    ]);
  });

  it('does not match an identifier as written to a word one typo away', () => {
    // "OpenID" is its parts "open" and "id"; whole, it is one letter from "opened".
    const withOpened = new SectionRetriever(
      [section('Threads', ['The thread is opened by the incident lead.'])],
      null,
    );
    const openid = withOpened.evidenceTerms('OpenID').find(({term}) => term === 'openid');
    expect(openid?.alternatives).toEqual([]);
  });
});

describe('the answerability verdict', () => {
  const sections = [
    section('Working hours and core hours', [
      'A normal working day is eight hours, Monday to Friday.',
      'Meetings are scheduled inside core hours.',
      'Reply within two hours to direct mentions.',
      'Hostnames use the gitlab.<company-domain> placeholder.',
    ]),
    section('On-call availability and rotation', [
      'Hostnames use the gitlab.<company-domain> placeholder.',
      'Handover is every Monday at 10:00 WIB.',
      'The outgoing engineer summarises open alerts.',
      'Keep Grafana OnCall notifications allowed through your phone focus modes.',
      'Acknowledge a page within fifteen minutes.',
      'Escalations go to the DevOps Lead.',
      'The rotation changes every week, with a primary and a secondary engineer.',
    ]),
    section('Leave requests', [
      'Agree the dates with your Project Manager first.',
      'Sick leave longer than two days needs a doctor note.',
    ]),
    section('Showing your status', [
      'Use Do Not Disturb for focus time.',
      'On leave, set a custom status.',
    ]),
  ];
  const service = new AskAiService(
    new SectionRetriever(sections, null),
    new ExtractiveAnswerer(),
    () => undefined,
  );
  const ask = (question: string) => service.prepare({chatId: null, question, history: []});

  it('refuses a question whose words the section only uses apart', async () => {
    const prepared = ask('Can I get a company phone for my on-call week?');
    expect(prepared.request.sections[0]?.coverage).toBe(1);
    expect(prepared.request.answerable).toBe(false);
    let text = '';
    for await (const delta of prepared.text(new AbortController().signal)) text += delta;
    expect(text.startsWith(NOT_IN_HANDBOOK)).toBe(true);
  });

  it('does not refuse a question for a time or figure the handbook never writes', () => {
    const retriever = new SectionRetriever(sections, null);
    expect(retriever.evidenceTerms('at 2am')).toEqual([{term: '2am', weight: 0, alternatives: []}]);
    expect(ask('When is the on-call handover, at 2am?').request.answerable).toBe(true);
    // A word the handbook never uses still refuses it: the question is about something else.
    expect(ask('When is the on-call handover dinner?').request.answerable).toBe(false);
  });

  it('does not count the words that ask for the figure ("how quickly") as its subject', () => {
    // "quickly" is never written beside the figure that answers it ("within two hours").
    expect(ask('How quickly should I reply to direct mentions?').request.answerable).toBe(true);
    const retriever = new SectionRetriever(sections, null);
    expect(retriever.evidenceTerms('how quickly should I reply').map(({term}) => term)).toEqual([
      'repli',
    ]);
  });

  it('reads a negation the handbook never writes as the word it negates', () => {
    const retriever = new SectionRetriever(sections, null);
    const [unscheduled] = retriever.evidenceTerms('unscheduled');
    expect(unscheduled?.alternatives.map(({term}) => term)).toEqual(['schedul']);
    expect(ask('Are unscheduled meetings held inside core hours?').request.answerable).toBe(true);
  });

  it('answers a question a passage addresses', () => {
    expect(ask('How often does the on-call rotation change?').request.answerable).toBe(true);
    expect(ask('When does sick leave need a doctor note?').request.answerable).toBe(true);
  });
});
