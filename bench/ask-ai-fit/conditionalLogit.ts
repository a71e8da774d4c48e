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

/** One question's candidates, standardised, row after row in one array (n × p). */
type Flat = {readonly x: Float64Array; readonly n: number; readonly right: Uint8Array};

/** log Σ exp(z_i) over the first n candidates (all, or only the right ones). */
function logSumExpOf(z: Float64Array, n: number, right: Uint8Array | null): number {
  let most = -Infinity;
  for (let i = 0; i < n; i += 1)
    if ((right === null || right[i] === 1) && (z[i] as number) > most) most = z[i] as number;
  if (most === -Infinity) return -Infinity;
  let sum = 0;
  for (let i = 0; i < n; i += 1)
    if (right === null || right[i] === 1) sum += Math.exp((z[i] as number) - most);
  return most + Math.log(sum);
}

/**
 * Fitted on flat typed arrays: the same sums in the same order as the plain-array version the
 * weights in weights.json were first fitted with (a refit reproduces them byte for byte), at a
 * fraction of the time (the section model is most of a cross-validation fold's fit).
 */
export function fitConditionalLogit(offered: readonly Choice[]): Fitted {
  // A question none of whose candidates is right has no likelihood under any weights: skipped.
  const choices = offered.filter((choice) => choice.labels.includes(1));
  const {mean, sd} = columnScale(choices.flatMap((choice) => choice.rows));
  const p = mean.length;
  const flat: Flat[] = choices.map((choice) => {
    const n = choice.rows.length;
    const x = new Float64Array(n * p);
    choice.rows.forEach((row, i) =>
      row.forEach((value, j) => (x[i * p + j] = (value - (mean[j] ?? 0)) / (sd[j] ?? 1))),
    );
    return {x, n, right: Uint8Array.from(choice.labels, (label) => (label === 1 ? 1 : 0))};
  });
  const most = Math.max(0, ...flat.map(({n}) => n));
  const z = new Float64Array(most);
  const utilities = (w: Float64Array, {x, n}: Flat) => {
    for (let i = 0; i < n; i += 1) {
      let sum = 0;
      for (let j = 0; j < p; j += 1) sum = sum + (x[i * p + j] as number) * (w[j] as number);
      z[i] = sum;
    }
  };
  const loss = (w: Float64Array) => {
    let squares = 0;
    for (let j = 0; j < p; j += 1) squares = squares + (w[j] as number) * (w[j] as number);
    let total = 0.5 * squares;
    for (const choice of flat) {
      utilities(w, choice);
      total += C * (logSumExpOf(z, choice.n, null) - logSumExpOf(z, choice.n, choice.right));
    }
    return total;
  };
  let w = new Float64Array(p);
  let current = loss(w);
  const meanAll = new Float64Array(p);
  const hessian = new Float64Array(p * p);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration += 1) {
    const gradient = Array.from(w);
    hessian.fill(0);
    for (let j = 0; j < p; j += 1) hessian[j * p + j] = 1;
    for (const choice of flat) {
      const {x, n, right} = choice;
      utilities(w, choice);
      const all = logSumExpOf(z, n, null);
      const chosen = logSumExpOf(z, n, right);
      meanAll.fill(0);
      for (let i = 0; i < n; i += 1) {
        const share = Math.exp((z[i] as number) - all);
        const shareRight = right[i] === 1 ? Math.exp((z[i] as number) - chosen) : 0;
        for (let j = 0; j < p; j += 1) {
          const value = x[i * p + j] as number;
          gradient[j] = (gradient[j] as number) + C * (share - shareRight) * value;
          meanAll[j] = (meanAll[j] as number) + share * value;
        }
      }
      // Covariance of x under the model's choice: Σ share·(x − x̄)(x − x̄)ᵀ.
      for (let i = 0; i < n; i += 1) {
        const share = Math.exp((z[i] as number) - all);
        if (share < 1e-12) continue;
        for (let j = 0; j < p; j += 1) {
          const dj = (x[i * p + j] as number) - (meanAll[j] as number);
          if (dj === 0) continue;
          for (let k = 0; k < p; k += 1)
            hessian[j * p + k] =
              (hessian[j * p + k] as number) +
              C * share * dj * ((x[i * p + k] as number) - (meanAll[k] as number));
        }
      }
    }
    const step = solve(
      Array.from({length: p}, (_, j) => Array.from(hessian.subarray(j * p, j * p + p))),
      gradient,
    );
    let scale = 1;
    let next = w.map((v, j) => v - (step[j] ?? 0));
    let nextLoss = loss(next);
    while (nextLoss > current && scale > 1e-6) {
      scale /= 2;
      next = w.map((v, j) => v - scale * (step[j] ?? 0));
      nextLoss = loss(next);
    }
    let change = 0;
    for (let j = 0; j < p; j += 1)
      change = Math.max(change, Math.abs((next[j] as number) - (w[j] as number)));
    w = next;
    current = nextLoss;
    if (change < TOLERANCE) break;
  }
  const weights = Array.from(w, (v, j) => v / (sd[j] ?? 1));
  return {bias: 0, weights};
}

/** The probability of each candidate of a question under the fitted model. */
export function choiceProbabilities(model: Fitted, rows: readonly (readonly number[])[]): number[] {
  const z = Float64Array.from(rows, (row) =>
    row.reduce((sum, v, j) => sum + v * (model.weights[j] ?? 0), 0),
  );
  const all = logSumExpOf(z, z.length, null);
  return Array.from(z, (v) => Math.exp(v - all));
}
