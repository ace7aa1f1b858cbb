import type { ObservedExchange } from './ObservedExchange.ts';

/** What a recorder is made with. */
export interface RecorderOptions {
  /** Where the deployment lives (the proxy's target): its path is the prefix of every API path. */
  target: string;
  /** Secrets known from the start ([value, variable]), as the proxy's judges are given them. */
  secrets?: Iterable<readonly [string | undefined, string]>;
  /** Names, e-mail addresses, topics and agendas replaced (Anonymizer). */
  anonymize?: boolean;
}

/**
 * What a validation proxy records of a deployment's answers, for a mock to serve afterwards: fed every
 * exchange the proxy relays, it keeps what the deployment answered (bounded, no secret), and makes the
 * document a mock's `--data` or `--pages` reads.
 */
export interface Recorder {
  /** Takes one exchange. Never throws: a recording must not break the relay. */
  observe(exchange: ObservedExchange): void;
  /** The document to write, secrets taken out (and, anonymizing, names replaced). */
  document(): unknown;
  /** What was recorded, for the proxy's stop line: "2 users, 47 meetings", and what the bounds left out. */
  summary(): string;
}
