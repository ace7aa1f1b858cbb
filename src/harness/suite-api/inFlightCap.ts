/**
 * A cap on tasks in flight at once: `cap(task)` starts `task` when fewer than `max` started through the
 * same cap are unsettled, else when one settles, in the order they were asked. What lets a check send its
 * independent requests side by side (hiding a far target's latency) without more at once than the run's
 * --concurrency; each request still waits its turn under the rate limit in its exchange.
 */
export function inFlightCap(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  if (!(max >= 1)) throw new RangeError(`a cap of tasks in flight takes 1 or more; got ${max}`);
  let running = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    running--;
    waiting.shift()?.();
  };
  return <T>(task: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        running++;
        // A task that throws before its promise is still one that settled.
        Promise.resolve().then(task).then(resolve, reject).finally(next);
      };
      if (running < max) start();
      else waiting.push(start);
    });
}

/**
 * `fn` over `items`, at most `max` at once, the results in the items' order (as Promise.all gives them);
 * the first rejection rejects it, and items not yet started then are not started.
 */
export async function sideBySide<T, R>(items: readonly T[], max: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const cap = inFlightCap(max);
  let failed = false;
  return Promise.all(
    items.map((item, i) =>
      cap(async () => {
        if (failed) throw new Error('not started: an earlier item failed');
        try {
          return await fn(item, i);
        } catch (err) {
          failed = true;
          throw err;
        }
      }),
    ),
  );
}
