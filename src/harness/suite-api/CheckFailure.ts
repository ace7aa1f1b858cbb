/** Thrown by `ctx.conclude` when a case failed: its message is the headline, the finding is in the task's meta. */
export class CheckFailure extends Error {
  constructor(headline: string) {
    super(headline);
    this.name = 'CheckFailure';
  }
}
