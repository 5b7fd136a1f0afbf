import vm from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heapBudget } from './heap-budget.ts';

const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('heapBudget', () => {
  it('collects at the first check, one collection at a time, then only once the heap grew by the slack', async () => {
    let finish = () => {};
    const measure = vi
      .spyOn(vm, 'measureMemory')
      .mockImplementation(
        () => new Promise((resolve) => (finish = () => resolve({ total: { jsMemoryEstimate: 0, jsMemoryRange: [0, 0] } }))),
      );
    const eager = heapBudget(0);
    eager.check();
    eager.check();
    await settle();
    expect(measure).toHaveBeenCalledTimes(1);
    expect(measure).toHaveBeenCalledWith({ mode: 'summary', execution: 'eager' });
    finish();
    await settle();
    eager.check();
    await settle();
    expect(measure).toHaveBeenCalledTimes(2);

    measure.mockClear();
    const lazy = heapBudget(Number.POSITIVE_INFINITY);
    lazy.check();
    await settle();
    finish();
    await settle();
    lazy.check();
    lazy.check();
    await settle();
    expect(measure).toHaveBeenCalledTimes(1);
  });

  it('never fails the job when the collection cannot be asked for', async () => {
    vi.spyOn(vm, 'measureMemory').mockImplementation(() => {
      throw new Error('not available');
    });
    const budget = heapBudget(0);
    expect(() => budget.check()).not.toThrow();
    await settle();
    expect(() => budget.check()).not.toThrow();
  });
});
