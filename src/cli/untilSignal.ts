/**
 * Resolves with the first SIGINT or SIGTERM: long-running commands (servers) await it, close what they
 * started, and return, so `main()` ends with an exit code instead of the process being killed.
 */
export function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
