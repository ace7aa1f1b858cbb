/**
 * A request as the server side received it: what a mock's adapter parsed, or what a validation proxy
 * relayed. A mock's MockRequest is one (the fields are the same), so the judge needs nothing of a mock.
 */
export interface ClientRequest {
  /** Uppercase, as sent. */
  method: string;
  /** scheme://host[:port] the request was addressed to. */
  origin: string;
  /** The path as sent, still percent-encoded (dot segments resolved as a URL parser does), no query. */
  path: string;
  /** The query string without "?"; "" when there is none. */
  query: string;
  /**
   * Lowercase names; a repeated header's values joined with ", " as Fetch joins them. (node:http gives
   * Set-Cookie as an array; no judge or mock reads a request's Set-Cookie.)
   */
  headers: Readonly<Record<string, string | undefined>>;
  /** The body decoded as UTF-8 (a BOM dropped, as Fetch's `text()` does); "" when there is none. */
  body: string;
}

/** What the server answered: a mock's MockReply, or the deployment's answer as a proxy relayed it. */
export interface ServerAnswer {
  status: number;
  /** Lowercase names. */
  headers: Readonly<Record<string, string>>;
  body: string;
  /**
   * The value `body` is the JSON of, where the server has it (a mock that has just serialised it): the
   * judge reads it rather than parsing the body again. Not to be changed.
   */
  json?: unknown;
  /**
   * A token the server minted into this answer, where it has one (a mock's token endpoint), named by 64
   * bits it has at hand (see TokenNamer): the judge keeps the token under them rather than hashing it.
   */
  minted?: MintedToken;
}

/** A token a server minted, and the two 32-bit halves of the name its TokenNamer gives it. */
export interface MintedToken {
  token: string;
  a: number;
  b: number;
}

/**
 * How a server that mints tokens names them: for a value it minted (whatever else is true of it now:
 * expired, its account gone), writes 64 bits that no other value shares into `out` and says true; for
 * any other value, false. The judge names a value so named by those bits, and any other by 64 bits of
 * its SHA-256; a server that marks its answers' tokens (ServerAnswer.minted) spares the judge a hash
 * per token. Without one (a proxy), every token is hashed.
 */
export type TokenNamer = (value: string, out: Uint32Array) => boolean;

/** One request and its answer, with when each happened on the judge's clock (milliseconds). */
export interface ClientExchange {
  request: ClientRequest;
  answer: ServerAnswer;
  /** When the request arrived. */
  receivedAt: number;
  /** When its answer went out: a retry is timed from here. */
  answeredAt: number;
}
