import {describe, expect, it} from 'vitest';
import {everyWorkerExited} from '../src/cluster/everyWorkerExited';

const worker = (dead: boolean) => ({isDead: () => dead});

describe('the primary stopping its workers', () => {
  it('sees the last worker gone when its exit comes before its disconnect (still listed, dead)', () => {
    expect(everyWorkerExited({'1': worker(true)})).toBe(true);
    expect(everyWorkerExited({'1': worker(true), '2': worker(true)})).toBe(true);
    expect(everyWorkerExited({})).toBe(true);
  });

  it('waits while any worker still runs', () => {
    expect(everyWorkerExited({'1': worker(true), '2': worker(false)})).toBe(false);
  });
});
