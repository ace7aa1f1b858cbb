import { describe, expect, test } from 'vitest';
import { inFlightCap, sideBySide } from './inFlightCap.ts';

/** A task that stays in flight until released, counting how many are in flight at once. */
function gauge() {
  let inFlight = 0;
  let most = 0;
  const releases: Array<() => void> = [];
  const started: number[] = [];
  const task = (i: number) => async () => {
    started.push(i);
    inFlight++;
    most = Math.max(most, inFlight);
    await new Promise<void>((r) => releases.push(r));
    inFlight--;
    return i;
  };
  return { task, started, get most() { return most; }, get inFlight() { return inFlight; }, releaseOne: () => releases.shift()?.() };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise<void>((r) => setImmediate(r));

describe('inFlightCap: never more than N tasks in flight', () => {
  test.each([1, 3, 8])('cap %i over 20 tasks: at most N at once, started in the order asked, every one run', async (n) => {
    const g = gauge();
    const cap = inFlightCap(n);
    const all = Promise.all(Array.from({ length: 20 }, (_, i) => cap(g.task(i))));
    await settle();
    expect(g.inFlight).toBe(n);
    while (g.started.length < 20 || g.inFlight > 0) {
      g.releaseOne();
      await settle();
      expect(g.inFlight).toBeLessThanOrEqual(n);
    }
    expect(await all).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(g.most).toBe(n);
    expect(g.started).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  test('a task that fails frees its place', async () => {
    const cap = inFlightCap(1);
    await expect(cap(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cap(async () => 'next')).toBe('next');
  });

  test('a cap below 1 is refused', () => {
    expect(() => inFlightCap(0)).toThrow('a cap of tasks in flight takes 1 or more; got 0');
  });
});

describe('sideBySide', () => {
  test('results in the items’ order, at most N in flight', async () => {
    const g = gauge();
    const done = sideBySide([5, 6, 7, 8, 9], 2, (item) => g.task(item)());
    await settle();
    expect(g.inFlight).toBe(2);
    for (let i = 0; i < 5; i++) {
      g.releaseOne();
      await settle();
    }
    expect(await done).toEqual([5, 6, 7, 8, 9]);
    expect(g.most).toBe(2);
  });

  test('after a failure, items not started are not', async () => {
    const started: number[] = [];
    const done = sideBySide([1, 2, 3, 4], 1, async (item) => {
      started.push(item);
      if (item === 2) throw new Error('two failed');
      return item;
    });
    await expect(done).rejects.toThrow('two failed');
    await settle();
    expect(started).toEqual([1, 2]);
  });
});
