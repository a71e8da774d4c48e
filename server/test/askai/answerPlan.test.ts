import {SearchEngine} from '@studio-handbook/search/engine';
import {DEFAULT_INDEX_FILE, readIndexFile} from '@studio-handbook/search/indexFile';
import {describe, expect, it} from 'vitest';
import {planAnswer} from '../../src/askai/answerPlan';
import {fittedModel} from '../../src/askai/model/weights';

/** The answer plan over the real index, with the committed fitted weights. */
const engine = SearchEngine.fromIndexFile(readIndexFile(DEFAULT_INDEX_FILE));
const plan = (question: string) => planAnswer(engine, question, fittedModel());
const quoted = (question: string) => {
  const {quote} = plan(question);
  return quote ? quote.units.map((unit) => quote.section.units[unit]?.text ?? '') : [];
};

describe('the answer plan', () => {
  it('quotes first the sentence that states the figure asked for', () => {
    const [first] = quoted('How long are production logs kept in Loki?');
    expect(first).toMatch(/30 days/);
  });

  it('links first the section it quotes', () => {
    const answer = plan('Who approves production deploys?');
    expect(answer.answerable).toBe(true);
    expect(answer.sections[0]?.section).toBe(answer.quote?.section);
    expect(answer.quote?.section.url).toMatch(/^\/docs\/workflow\/deployment-workflow#/);
  });

  it('refuses a question about a tool the studio does not use', () => {
    expect(plan('How do I configure the Kafka topic retention for our consumers?').answerable).toBe(
      false,
    );
  });

  it('refuses an Indonesian question the handbook cannot answer, as an English one', () => {
    expect(plan('berapa gaji pokok developer junior di kantor jakarta?').answerable).toBe(false);
    expect(plan('cara pasang Kafka consumer di cluster kita gimana?').answerable).toBe(false);
  });

  it('answers an Indonesian question from the English page, the figure asked for first', () => {
    // "retensi" is the Indonesian form of "retention" (a -si loanword), "produksi" of "production".
    const answer = plan('retensi log produksi berapa lama?');
    expect(answer.answerable).toBe(true);
    expect(answer.quote?.section.url).toBe('/docs/resources/monitoring#logs');
    expect(quoted('retensi log produksi berapa lama?')[0]).toMatch(/30 days for production/);
  });

  // Known wrong since the refit on 66 sets (round 19): "disimpan" (kept) is known only through
  // the dictionary and weighs nothing, so the answering passage leads by less than in English
  // and the model gives 0.26 (the weights of round 29, with translatedHeld: "kept" is not in the
  // monitoring page's sentence, which says "retention"; 0.32 in round 27), under the threshold of
  // 0.54. This test fails once it is answered.
  it.fails('answers "log produksi disimpan berapa lama?" (known wrong: refused)', () => {
    const answer = plan('log produksi disimpan berapa lama?');
    expect(answer.quote?.section.url).toBe('/docs/resources/monitoring#logs');
    expect(answer.answerable).toBe(true);
  });

  it('offers as nearest only sections holding the rarest word of the question it knows', () => {
    const answer = plan('How do I configure the Kafka topic retention for our consumers?');
    const rarest = [...answer.ranking.question.terms]
      .filter((term) => term.known)
      .sort((a, b) => b.weight - a.weight)[0];
    const bit = 1 << answer.ranking.question.terms.findIndex((term) => term === rarest);
    for (const near of answer.nearest) {
      const ranked = answer.ranking.sections.find((r) => r.section === near.section);
      expect((ranked?.mask ?? 0) & bit).not.toBe(0);
    }
  });

  it('weighs a follow-up by the own words its passage lacks, and a question alone by none', () => {
    const context = {text: 'How long are production logs kept?', weight: 1};
    const vendor = planAnswer(engine, 'is there a budget for the logging vendor?', fittedModel(), {
      context,
    });
    expect(vendor.features.ownWords).toBeGreaterThan(0);
    expect(vendor.features.ownMissing).toBeGreaterThan(0.5);
    const staging = planAnswer(engine, 'and on staging?', fittedModel(), {context});
    expect(staging.features.ownMissing).toBe(0);
    expect(staging.answerable).toBe(true);
    const alone = plan('is there a budget for the logging vendor?').features;
    expect([alone.ownMissing, alone.ownWords]).toEqual([0, 0]);
  });

  // Known wrong since the trees reorder the section ranking (session 24): the log retention
  // section, ranked first for the conversation, now carries the follow-up over the threshold
  // (0.69 against 0.50 with the weights fitted on 90 sets, round 27; 0.56 against 0.54 on round
  // 24's 78) although its passage lacks the question's own words. Unanswerable follow-ups are the
  // weakest figure of the bench (bench/README.md). This test fails once such a follow-up is
  // refused again.
  it.fails('refuses a follow-up about a logging vendor budget the handbook never states', () => {
    const context = {text: 'How long are production logs kept?', weight: 1};
    const vendor = planAnswer(engine, 'is there a budget for the logging vendor?', fittedModel(), {
      context,
    });
    expect(vendor.answerable).toBe(false);
  });
});
