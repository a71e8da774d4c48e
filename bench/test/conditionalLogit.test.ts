import {describe, expect, it} from 'vitest';
import {
  choiceProbabilities,
  fitConditionalLogit,
  type Choice,
} from '../ask-ai-fit/conditionalLogit';
import {fitLogistic} from '../ask-ai-fit/logistic';

/** A deterministic stream of numbers in [0, 1) (a linear congruential generator). */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * Questions whose right candidate has the highest `signal`; `level` is the same for every
 * candidate of a question and higher in questions with few candidates.
 */
function questions(count: number): Choice[] {
  const random = numbers(7);
  return Array.from({length: count}, (_, q) => {
    const size = q % 2 === 0 ? 3 : 40;
    const level = size === 3 ? 1 : 0;
    const signals = Array.from({length: size}, () => random());
    const best = Math.max(...signals);
    return {
      rows: signals.map((signal) => [signal, level]),
      labels: signals.map((signal) => (signal === best ? 1 : 0)),
    };
  });
}

const top = (weights: readonly number[], choice: Choice) => {
  const scores = choice.rows.map((row) =>
    row.reduce((sum, v, j) => sum + v * (weights[j] ?? 0), 0),
  );
  return scores.indexOf(Math.max(...scores));
};

describe('conditional logit', () => {
  it('learns which candidate of a question is chosen', () => {
    const data = questions(60);
    const model = fitConditionalLogit(data);
    expect(model.weights[0]).toBeGreaterThan(1);
    const right = data.filter((choice) => choice.labels[top(model.weights, choice)] === 1);
    expect(right.length).toBe(data.length);
  });

  it('gives no weight to a feature that is the same for every candidate of a question', () => {
    const data = questions(60);
    const choice = fitConditionalLogit(data);
    // A logistic regression over all candidates takes the share of right ones per question
    // (high where questions have few candidates) for evidence; a choice model cannot.
    const pointwise = fitLogistic(
      data.flatMap((q) => q.rows),
      data.flatMap((q) => q.labels),
    );
    expect(Math.abs(choice.weights[1] ?? 0)).toBeLessThan(1e-6);
    expect(pointwise.weights[1]).toBeGreaterThan(0.5);
  });

  it('skips a question none of whose candidates is right', () => {
    const data = questions(30);
    const none: Choice = {
      rows: [
        [0.2, 0],
        [0.7, 0],
      ],
      labels: [0, 0],
    };
    // Its likelihood is zero under any weights: kept, it would make every step look no worse.
    expect(fitConditionalLogit([...data, none])).toEqual(fitConditionalLogit(data));
  });

  it('gives every question probabilities that sum to one', () => {
    const model = fitConditionalLogit(questions(20));
    for (const choice of questions(5)) {
      const sum = choiceProbabilities(model, choice.rows).reduce((s, p) => s + p, 0);
      expect(sum).toBeCloseTo(1, 12);
    }
  });
});
