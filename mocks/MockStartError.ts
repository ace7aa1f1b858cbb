/**
 * A mock that cannot start as asked: its port taken, the environment's credentials half set, the origin
 * farm it was pointed at not running. The message is one line saying why; the CLI prints it and exits 2.
 */
export class MockStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MockStartError';
  }
}

/** The one line for a server that could not listen where it was asked: node's listen errors carry a code. */
export function cannotListen(host: string, port: number, err: unknown): MockStartError {
  const { code, message } = err as NodeJS.ErrnoException;
  return new MockStartError(`cannot listen on ${host}:${port}: ${code ?? message}`);
}
