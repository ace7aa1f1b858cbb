/**
 * Headers about one connection, not the message (RFC 9110 §7.6.1), which a proxy does not pass on; and
 * Expect, which the proxy answers itself (a 100 Continue) before it has the body to relay.
 */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect']);

/** The hop-by-hop headers of a message: the fixed ones and those its Connection header names. */
function hopByHopOf(pairs: ReadonlyArray<readonly [string, string]>): Set<string> {
  const named = new Set(hopByHop);
  for (const [name, value] of pairs) {
    if (name.toLowerCase() !== 'connection') continue;
    for (const token of value.split(',')) if (token.trim()) named.add(token.trim().toLowerCase());
  }
  return named;
}

/** node:http's rawHeaders ([name, value, name, value, …]) as pairs, names as sent. */
export function headerPairs(raw: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i]!, raw[i + 1]!]);
  return pairs;
}

/**
 * The request's headers as the deployment gets them: the app's own, in their order and case, less the
 * hop-by-hop ones; Host the deployment's (what the app would have sent it directly). Nothing is added.
 */
export function requestHeadersFor(pairs: ReadonlyArray<readonly [string, string]>, host: string): string[] {
  const drop = hopByHopOf(pairs);
  const out: string[] = [];
  let hosted = false;
  for (const [name, value] of pairs) {
    const lower = name.toLowerCase();
    if (drop.has(lower)) continue;
    if (lower === 'host') {
      if (hosted) continue;
      hosted = true;
      out.push(name, host);
      continue;
    }
    out.push(name, value);
  }
  return hosted ? out : ['host', host, ...out];
}

/**
 * The answer's headers as the app gets them: the deployment's, less the hop-by-hop ones; the body's
 * length is the proxy's to state (it relays the body whole, as it read it), except where there is no
 * body to measure (HEAD, 204, 304): there the deployment's Content-Length stands.
 */
export function answerHeadersFor(headers: Readonly<Record<string, string | string[] | undefined>>, bodyless: boolean): Record<string, string | string[]> {
  const drop = hopByHopOf(answerPairs(headers));
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || drop.has(lower) || (lower === 'content-length' && !bodyless)) continue;
    out[lower] = value;
  }
  return out;
}

/** An answer's headers (undici's: a repeated one as an array) as pairs, a repeated one's values in turn. */
export function answerPairs(headers: Readonly<Record<string, string | string[] | undefined>>): Array<readonly [string, string]> {
  return Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v) => [name, v] as const)));
}

/** Headers as a judge reads them: lowercase names, a repeated header's values joined with ", ". */
export function judgedHeaders(pairs: Iterable<readonly [string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of pairs) {
    const lower = name.toLowerCase();
    out[lower] = lower in out ? `${out[lower]}, ${value}` : value;
  }
  return out;
}
