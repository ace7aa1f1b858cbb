import { replied, resultOf } from '../../src/rules/fetch-service/replyProblems.ts';
import type { Exchange } from './fetchClient.ts';

/** What is wrong with a reply, or undefined when it is what the rule asks. */
export type Expectation = (x: Exchange) => string | undefined;

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The reply rules the validation proxy judges by too live in src/rules/fetch-service/replyProblems.ts.
export { replied, resultOf } from '../../src/rules/fetch-service/replyProblems.ts';

/** Whether the reply is a 200 result reporting a redirect (a 3xx with a Location): the redirect itself, not followed. */
export function unfollowedRedirect(x: Exchange): boolean {
  const result = resultOf(x);
  const code = result?.statusCode;
  return typeof code === 'number' && code >= 300 && code < 400 && headerOf(result!, 'location') !== undefined;
}

/**
 * `expect` for a probe that goes through a redirect to reach what a clause judges: a redirect the service
 * did not follow reached nothing to judge (whether it should have been followed is FS-REDIRECT-FOLLOW's
 * business), so it passes.
 */
export function behindRedirect(expect: Expectation): Expectation {
  return (x) => (unfollowedRedirect(x) ? undefined : expect(x));
}

export const status =
  (code: number): Expectation =>
  (x) =>
    x.status === code ? undefined : `${replied(x)}; expected ${code}`;

/** A refusal: any 4xx (429 has already been waited out by the client). */
export const refused: Expectation = (x) => (x.status >= 400 && x.status < 500 ? undefined : `${replied(x)}; expected a 4xx refusal`);

/** A 200 result whose content is `text`. */
export const page =
  (text: string | null): Expectation =>
  (x) => {
    const result = resultOf(x);
    if (!result) return `${replied(x)}; expected 200 with the fetched page`;
    return result.content === text ? undefined : `the result's content is not the page (${JSON.stringify(String(result.content).slice(0, 80))})`;
  };

/** A 200 result reporting the fetched status `code`. */
export const fetchedStatus =
  (code: number): Expectation =>
  (x) => {
    const result = resultOf(x);
    if (!result) return `${replied(x)}; expected 200 with a result reporting ${code}`;
    return result.statusCode === code ? undefined : `the result reports statusCode ${JSON.stringify(result.statusCode)}, the origin answered ${code}`;
  };

/** Case-insensitive lookup of a result header (header names are case-insensitive, RFC 9110 §5.1). */
export function headerOf(result: Record<string, unknown>, name: string): unknown {
  if (!isObject(result.headers)) return undefined;
  const key = Object.keys(result.headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : result.headers[key];
}
