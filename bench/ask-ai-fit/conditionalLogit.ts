import {columnScale, solve, type Fitted} from './logistic';

/**
 * The conditional logit (McFadden, "Conditional logit analysis of qualitative choice behavior",
 * 1974): a model of which one of a set of candidates is chosen. Each question offers its
 * candidates (the sections that hold one of its words); the probability that candidate i is
 * the answer is softmax(w·x) over the question's candidates. With several right candidates (two
 * sections state the facts alike) the likelihood is that of choosing any of them, Σ over the right
 * ones. In learning to rank this is the softmax cross-entropy ("ListNet top one", Cao et al.
 * 2007): it fits what the answer uses, the candidate ranked first within one question, where a
 * logistic regression over every candidate of every question fits each one's own odds and lets
 * questions with hundreds of candidates outweigh the rest.
 *
 * Penalty as in logistic.ts: ½‖w‖² + C·Σ log-loss on standardised features, C = 1, here one
 * loss per question (the unit of the choice). No intercept: a constant added to every candidate
 * of a question changes no choice. Fitted by Newton's method with the Hessian's positive part
 * (Σ covariance of x under the model's choice, which bounds the curvature from above) and a
 * backtracking line search, so every step lowers the loss.
 */
export type Choice = {
  /** Each candidate's features. */
  readonly rows: readonly (readonly number[])[];
  /** 1 for the right candidates (at least one), 0 for the others. */
  readonly labels: readonly number[];
};

const C = 1;
const MAX_ITERATIONS = 100;
const TOLERANCE = 1e-9;

function logSumExp(values: readonly number[], where: (i: number) => boolean): number {
  let most = -Infinity;
  values.forEach((v, i) => {
    if (where(i) && v > most) most = v;
  });
  if (most === -Infinity) return -Infinity;
  let sum = 0;
  values.forEach((v, i) => {
    if (where(i)) sum += Math.exp(v - most);
  });
  return most + Math.log(sum);
}

export function fitConditionalLogit(offered: readonly Choice[]): Fitted {
  // A question none of whose candidates is right has no likelihood under any weights: skipped.
  const choices = offered.filter((choice) => choice.labels.includes(1));
  const {mean, sd} = columnScale(choices.flatMap((choice) => choice.rows));
  const p = mean.length;
  const x = choices.map((choice) =>
    choice.rows.map((row) => row.map((value, j) => (value - (mean[j] ?? 0)) / (sd[j] ?? 1))),
  );
  const labels = choices.map((choice) => choice.labels);
  const utilities = (w: readonly number[], rows: readonly number[][]) =>
    rows.map((row) => row.reduce((sum, value, j) => sum + value * (w[j] ?? 0), 0));
  const loss = (w: readonly number[]) => {
    let total = 0.5 * w.reduce((sum, v) => sum + v * v, 0);
    x.forEach((rows, q) => {
      const z = utilities(w, rows);
      const right = labels[q] as readonly number[];
      total += C * (logSumExp(z, () => true) - logSumExp(z, (i) => right[i] === 1));
    });
    return total;
  };
  let w = new Array<number>(p).fill(0);
  let current = loss(w);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration += 1) {
    const gradient = [...w];
    const hessian = Array.from({length: p}, (_, j) =>
      Array.from({length: p}, (_, k) => (j === k ? 1 : 0)),
    );
    x.forEach((rows, q) => {
      const z = utilities(w, rows);
      const right = labels[q] as readonly number[];
      const all = logSumExp(z, () => true);
      const chosen = logSumExp(z, (i) => right[i] === 1);
      const meanAll = new Array<number>(p).fill(0);
      rows.forEach((row, i) => {
        const share = Math.exp((z[i] ?? 0) - all);
        const shareRight = right[i] === 1 ? Math.exp((z[i] ?? 0) - chosen) : 0;
        row.forEach((value, j) => {
          gradient[j] = (gradient[j] ?? 0) + C * (share - shareRight) * value;
          meanAll[j] = (meanAll[j] ?? 0) + share * value;
        });
      });
      // Covariance of x under the model's choice: Σ share·(x − x̄)(x − x̄)ᵀ.
      rows.forEach((row, i) => {
        const share = Math.exp((z[i] ?? 0) - all);
        if (share < 1e-12) return;
        for (let j = 0; j < p; j += 1) {
          const dj = (row[j] ?? 0) - (meanAll[j] ?? 0);
          if (dj === 0) continue;
          const line = hessian[j] as number[];
          for (let k = 0; k < p; k += 1)
            line[k] = (line[k] ?? 0) + C * share * dj * ((row[k] ?? 0) - (meanAll[k] ?? 0));
        }
      });
    });
    const step = solve(hessian, gradient);
    let scale = 1;
    let next = w.map((v, j) => v - (step[j] ?? 0));
    let nextLoss = loss(next);
    while (nextLoss > current && scale > 1e-6) {
      scale /= 2;
      next = w.map((v, j) => v - scale * (step[j] ?? 0));
      nextLoss = loss(next);
    }
    const change = Math.max(...next.map((v, j) => Math.abs(v - (w[j] ?? 0))));
    w = next;
    current = nextLoss;
    if (change < TOLERANCE) break;
  }
  const weights = w.map((v, j) => v / (sd[j] ?? 1));
  return {bias: 0, weights};
}

/** The probability of each candidate of a question under the fitted model. */
export function choiceProbabilities(model: Fitted, rows: readonly (readonly number[])[]): number[] {
  const z = rows.map((row) => row.reduce((sum, v, j) => sum + v * (model.weights[j] ?? 0), 0));
  const all = logSumExp(z, () => true);
  return z.map((v) => Math.exp(v - all));
}
