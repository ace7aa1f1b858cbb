/** How often a server checks that the process which started it is still there. */
const parentCheckMs = 250;

/**
 * Resolves when a long-running command (a server) is to stop: at the first SIGINT, SIGTERM or SIGHUP,
 * or once the process that started it is gone. It closes what it started and returns, so `main()` ends
 * with an exit code instead of the process being killed.
 *
 * The parent matters because of how npx starts a command: `npx conform mock ...` is npm, which runs
 * `sh -c 'conform mock ...'`, whose child is this process. Stopping npx (kill, or a script's `kill $!`)
 * ends npm and that shell, and the shell passes no signal on: this process, orphaned, would go on
 * listening. An orphan is adopted by another process (init, or a subreaper), so a parent id that
 * changes is the parent gone; there is no event for it, hence the look every quarter second (unref'd:
 * it keeps nothing alive).
 *
 * Only under npm (npx, npm run, which set $npm_command): there the parent is npm's own shell, which
 * lives exactly as long as the launch. Started any other way (`conform mock … &` or `nohup` in a script
 * that then ends), a server is meant to outlive its parent, and does.
 */
export function untilStopped(env: NodeJS.ProcessEnv = process.env): Promise<NodeJS.Signals | 'parent gone'> {
  return new Promise((resolve) => {
    const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
    const parent = process.ppid;
    const stop = (reason: NodeJS.Signals | 'parent gone'): void => {
      for (const signal of signals) process.off(signal, stop);
      clearInterval(watch);
      resolve(reason);
    };
    for (const signal of signals) process.on(signal, stop);
    // Started by init itself (a container's first process): there is no parent to lose.
    const launchedByNpm = Boolean(env.npm_command);
    const watch = setInterval(() => {
      if (launchedByNpm && parent > 1 && process.ppid !== parent) stop('parent gone');
    }, parentCheckMs).unref();
  });
}
