import {describe, expect, it} from 'vitest';
import {bootstrapThreshold, youdenThreshold} from '../ask-ai-fit/threshold';

/**
 * Scores whose classes overlap evenly over [0.3, 0.7): any threshold in that band separates them
 * equally well (Youden's J is flat there), and the single optimum lands wherever the last few
 * scores happen to fall.
 */
function plateau(extra: readonly [number, number][] = []): {p: number[]; y: number[]} {
  const p: number[] = [];
  const y: number[] = [];
  for (let i = 0; i < 40; i += 1) {
    p.push(0.05 + i * 0.005, 0.75 + i * 0.005); // the clear cases
    y.push(0, 1);
  }
  for (let i = 0; i < 40; i += 1) {
    p.push(0.3 + i * 0.01, 0.3 + i * 0.01); // the band: one of each at every score
    y.push(0, 1);
  }
  for (const [score, label] of extra) {
    p.push(score);
    y.push(label);
  }
  return {p, y};
}

describe('the answerability threshold', () => {
  it("puts Youden's optimum where the classes part", () => {
    const p = [0.1, 0.2, 0.3, 0.35, 0.6, 0.7, 0.8, 0.9];
    const y = [0, 0, 0, 0, 1, 1, 1, 1];
    const threshold = youdenThreshold(p, y);
    expect(threshold).toBeGreaterThan(0.35);
    expect(threshold).toBeLessThanOrEqual(0.6);
  });

  it('moves less than the single optimum when a few questions join a flat optimum', () => {
    const before = plateau();
    // Three answerable questions just above the band's middle and one unanswerable just below:
    // the single optimum jumps to them, the bootstrap's mean barely follows.
    const after = plateau([
      [0.62, 1],
      [0.63, 1],
      [0.64, 1],
      [0.31, 0],
    ]);
    const singleMove = Math.abs(
      youdenThreshold(after.p, after.y) - youdenThreshold(before.p, before.y),
    );
    const bootMove = Math.abs(
      bootstrapThreshold(after.p, after.y) - bootstrapThreshold(before.p, before.y),
    );
    expect(singleMove).toBeGreaterThan(0.1);
    expect(bootMove).toBeLessThan(singleMove / 2);
  });

  it('gives the same threshold on every refit of the same scores', () => {
    const {p, y} = plateau();
    expect(bootstrapThreshold(p, y)).toBe(bootstrapThreshold(p, y));
    const threshold = bootstrapThreshold(p, y);
    expect(threshold).toBeGreaterThanOrEqual(0.3);
    expect(threshold).toBeLessThanOrEqual(0.7);
  });
});
