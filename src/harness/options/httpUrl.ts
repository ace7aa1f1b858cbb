/**
 * The one rule for a URL a run is given, wherever it is given (a flag, a config's key, a variable of a
 * plain vitest run): http or https, no credentials in it (secrets travel in the environment). The words
 * read after the value's name: `--base-url takes an http(s) URL; got "ftp://x"`. Undefined when it keeps the rule.
 */
export function httpUrlProblem(text: string): string | undefined {
  const url = URL.parse(text);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return `takes an http(s) URL; got ${JSON.stringify(text)}`;
  if (url.username || url.password) return 'takes a URL without credentials: pass secrets through the environment';
  return undefined;
}

/**
 * A URL that keeps the rule as the run uses it: parsed once and written out again, its trailing slash
 * dropped (`${baseUrl}/v1/fetch` then has one). A text that breaks the rule is left as it is: its
 * problem is said where it was given.
 */
export function httpUrl(text: string): string {
  return httpUrlProblem(text) === undefined ? new URL(text).href.replace(/\/$/, '') : text;
}
