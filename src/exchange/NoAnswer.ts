/** No complete HTTP answer came; `message` says what happened instead, in words (never a bare code). */
export class NoAnswer extends Error {
  /** The target did start an answer (headers too large, a body too long, too slow or undecodable). */
  readonly answered: boolean;
  /** Ended by one of the bounds (a deadline, the body cap, the header cap), not by the network or the caller. */
  readonly bounded: boolean;

  constructor(reason: string, o: { answered?: boolean; bounded?: boolean } = {}) {
    super(reason);
    this.name = 'NoAnswer';
    this.answered = o.answered ?? false;
    this.bounded = o.bounded ?? false;
  }
}
