/**
 * A problem with how the command was called or with its input: the CLI prints the message on one line
 * (no stack trace) and exits with `exitCode` (2 = could not run: docs/verdicts.md).
 */
export class UsageError extends Error {
  readonly exitCode: number;

  constructor(message: string, exitCode = 2) {
    super(message);
    this.name = 'UsageError';
    this.exitCode = exitCode;
  }
}
