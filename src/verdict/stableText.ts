/**
 * A text from a report with what changes from run to run for the same fault put in words that do not:
 * port numbers (every run starts its targets, farm and canary on ports of the moment), times and dates,
 * durations, UUIDs, long hexadecimal ids, random tokens and temporary paths. What a fault is (a status,
 * a header name, a field, a cause in words) stays. Suppression entries (suppressions/) and report diffs
 * (diffReports.ts) compare texts through it, so a fault found again with another seed, on another port or
 * at another time is the same fault.
 */
export function stableText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of volatile) out = out.replace(pattern, replacement);
  return out.replace(/\s+/g, ' ').trim();
}

const months = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';

/** In the order they apply: a timestamp before the host:port rule would read 12:30 as a port. */
const volatile: ReadonlyArray<readonly [RegExp, string]> = [
  // ISO 8601 times, with or without the date's time part's seconds and zone; then HTTP dates (RFC 9110).
  [/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g, '<time>'],
  [new RegExp(`\\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} (?:${months}) \\d{4} \\d{2}:\\d{2}:\\d{2} GMT\\b`, 'g'), '<time>'],
  // Temporary files and folders (mkdtemp names end in random characters).
  [/(?:\/tmp|\/var\/folders|[A-Za-z]:\\Users\\[^\\\s]+\\AppData\\Local\\Temp)[/\\][^\s'"`,;)]*/g, '<tmp>'],
  // A port after a host name with a dot, an IP address, localhost, or a bracketed IPv6 address.
  [/((?:\[[0-9A-Fa-f:.]+\]|\blocalhost|\b[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)):\d{1,5}\b/g, '$1:<port>'],
  [/\b[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\b/g, '<uuid>'],
  // Durations: "in 16 ms", "after 2.5 s", "within 30 seconds".
  [/\b\d+(?:\.\d+)?\s?(?:ms|milliseconds?|s|secs?|seconds?|min|minutes?)\b/g, '<duration>'],
  // Hexadecimal ids and digests of 16 digits or more.
  [/\b(?=[0-9A-Fa-f]*\d)[0-9A-Fa-f]{16,}\b/g, '<hex>'],
  // Tokens: 20 or more base64url characters mixing capitals, small letters and digits (a signed cursor, a
  // random key, a JWT's part), which words and ids joined by hyphens ("generated-ur-hash-2") never do.
  [/(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[a-z])(?=[\w-]*[A-Z])[\w-]{20,}={0,2}(?![\w-])/g, '<token>'],
];

/**
 * A target's identity across runs: its label (a configured target's name, "fetch service at
 * http://127.0.0.1:41231") with run-specific values put as stableText puts them, so a deployment on
 * loopback that a test starts on a new port each time is the same target.
 */
export function targetKey(label: string): string {
  return stableText(label);
}
