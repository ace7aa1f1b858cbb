// vitest's `forks` pool, each worker leading a session of its own (setsid, through spawn's `detached`).
// Linux with autogroup (the default of most distributions) shares the cores between sessions, not
// between processes: beside two busy processes that each lead a session, every process of the tests'
// session (vitest, its workers, what they start without `detached`) shared one third of the machine
// (docs/architecture.md, "Sessions"). A worker in a session of its own gets a share of its own.
import { type ChildProcess, fork } from 'node:child_process';
import { ForksPoolWorker, type PoolOptions, type PoolRunnerInitializer } from 'vitest/node';

const name = 'session-forks';

class SessionForksPoolWorker extends ForksPoolWorker {
  override readonly name = name;

  override async start(): Promise<void> {
    // vitest's worker forks its process unless one is there (`this._fork ||= fork(…)`, private in its
    // types): the same fork, detached. SessionForks.test.ts fails if a vitest release changes that.
    const self = this as unknown as { _fork?: ChildProcess };
    self._fork ??= fork(this.entrypoint, [], { env: this.env, execArgv: this.execArgv, stdio: 'pipe', serialization: 'advanced', detached: true });
    return super.start();
  }
}

/** The pool runner for vitest.config.ts's `pool`. */
export function sessionForks(): PoolRunnerInitializer {
  return { name, createPoolWorker: (options: PoolOptions) => new SessionForksPoolWorker(options) };
}
