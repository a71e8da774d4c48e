/**
 * L2-regularised logistic regression fitted by Newton's method (iteratively reweighted least
 * squares), on standardised features, with an unpenalised intercept: the textbook estimator
 * (Hastie, Tibshirani and Friedman, "The Elements of Statistical Learning", 4.4.1). The penalty
 * is scikit-learn's default (C = 1: ½‖w‖² + Σ log-loss). Weights come back on the features' own
 * scale, so the gate applies them to raw features. ml-logistic-regression (the registry's
 * option) has no regularisation and fits by fixed-step gradient descent, whose step and
 * iteration count would be two more constants to choose.
 */
export type Fitted = {readonly bias: number; readonly weights: readonly number[]};

const C = 1;
const MAX_ITERATIONS = 100;
const TOLERANCE = 1e-9;

/** Each column's mean and standard deviation (1 for a constant column), for standardising. */
export function columnScale(rows: readonly (readonly number[])[]): {mean: number[]; sd: number[]} {
  const n = rows.length;
  const p = rows[0]?.length ?? 0;
  const mean = new Array<number>(p).fill(0);
  const sd = new Array<number>(p).fill(0);
  for (const row of rows) row.forEach((value, j) => (mean[j] = (mean[j] ?? 0) + value / n));
  for (const row of rows)
    row.forEach((value, j) => (sd[j] = (sd[j] ?? 0) + (value - (mean[j] ?? 0)) ** 2 / n));
  for (let j = 0; j < p; j += 1) sd[j] = Math.sqrt(sd[j] ?? 0) || 1;
  return {mean, sd};
}

export function fitLogistic(
  rows: readonly (readonly number[])[],
  labels: readonly number[],
  sampleWeights?: readonly number[],
): Fitted {
  const n = rows.length;
  const p = rows[0]?.length ?? 0;
  const {mean, sd} = columnScale(rows);
  const x = rows.map((row) => [
    1,
    ...row.map((value, j) => (value - (mean[j] ?? 0)) / (sd[j] ?? 1)),
  ]);
  const beta = new Array<number>(p + 1).fill(0);
  const weightOf = (i: number) => sampleWeights?.[i] ?? 1;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration += 1) {
    // Gradient and Hessian of C·Σ log-loss + ½‖w‖² (the intercept is not penalised).
    const gradient = beta.map((b, j) => (j === 0 ? 0 : b));
    const hessian = Array.from({length: p + 1}, (_, j) =>
      Array.from({length: p + 1}, (_, k) => (j === k && j > 0 ? 1 : 0)),
    );
    for (let i = 0; i < n; i += 1) {
      const xi = x[i] as number[];
      let z = 0;
      for (let j = 0; j <= p; j += 1) z += (beta[j] ?? 0) * (xi[j] ?? 0);
      const mu = 1 / (1 + Math.exp(-z));
      const w = C * weightOf(i);
      const residual = w * (mu - (labels[i] ?? 0));
      const curvature = w * mu * (1 - mu);
      for (let j = 0; j <= p; j += 1) {
        gradient[j] = (gradient[j] ?? 0) + residual * (xi[j] ?? 0);
        const row = hessian[j] as number[];
        for (let k = 0; k <= p; k += 1)
          row[k] = (row[k] ?? 0) + curvature * (xi[j] ?? 0) * (xi[k] ?? 0);
      }
    }
    const step = solve(hessian, gradient);
    let change = 0;
    for (let j = 0; j <= p; j += 1) {
      beta[j] = (beta[j] ?? 0) - (step[j] ?? 0);
      change = Math.max(change, Math.abs(step[j] ?? 0));
    }
    if (change < TOLERANCE) break;
  }
  const weights = Array.from({length: p}, (_, j) => (beta[j + 1] ?? 0) / (sd[j] ?? 1));
  const bias = (beta[0] ?? 0) - weights.reduce((sum, w, j) => sum + w * (mean[j] ?? 0), 0);
  return {bias, weights};
}

/** Solves A·x = b by Gaussian elimination with partial pivoting (A is small and positive definite). */
export function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] ?? 0]);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let row = col + 1; row < n; row += 1)
      if (Math.abs(m[row]?.[col] ?? 0) > Math.abs(m[pivot]?.[col] ?? 0)) pivot = row;
    [m[col], m[pivot]] = [m[pivot] as number[], m[col] as number[]];
    const lead = m[col]?.[col] ?? 0;
    if (Math.abs(lead) < 1e-12) continue;
    for (let row = col + 1; row < n; row += 1) {
      const factor = (m[row]?.[col] ?? 0) / lead;
      for (let k = col; k <= n; k += 1)
        (m[row] as number[])[k] = (m[row]?.[k] ?? 0) - factor * (m[col]?.[k] ?? 0);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row -= 1) {
    let sum = m[row]?.[n] ?? 0;
    for (let k = row + 1; k < n; k += 1) sum -= (m[row]?.[k] ?? 0) * (x[k] ?? 0);
    const lead = m[row]?.[row] ?? 0;
    x[row] = Math.abs(lead) < 1e-12 ? 0 : sum / lead;
  }
  return x;
}

export function predict(model: Fitted, row: readonly number[]): number {
  let z = model.bias;
  row.forEach((value, j) => (z += (model.weights[j] ?? 0) * value));
  return 1 / (1 + Math.exp(-z));
}
