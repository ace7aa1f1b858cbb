/**
 * Resolves after `ms`, or rejects as soon as the client goes away, so an abandoned slow request leaves no
 * timer behind (and the farm's close() is not held up).
 */
export function waitWhileWanted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const gone = (): void => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', gone);
      resolve();
    }, ms);
    signal.addEventListener('abort', gone, { once: true });
  });
}
