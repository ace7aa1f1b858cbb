// Clients of the fetch service written apart from its mock, as an integration would write them with plain
// fetch: one that keeps every client clause, and variants that each break one.

export interface FetchClientOptions {
  baseUrl: string;
  apiKey: string;
  /** How the client waits (a Retry-After); a test advances a manual clock instead of sleeping. */
  wait?: (ms: number) => Promise<void>;
}

interface FetchRequest {
  url: unknown;
  allowRedirects?: unknown;
  allowInsecureSsl?: unknown;
  proxies?: unknown;
}

async function post(o: FetchClientOptions, body: FetchRequest, headers: Record<string, string> = { 'x-svc-api-key': o.apiKey, 'content-type': 'application/json' }): Promise<Response> {
  const res = await fetch(`${o.baseUrl}/v1/fetch`, { method: 'POST', headers, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return res;
}

/** One fetch as the seed says: the key, JSON, boolean options; a 429 waited out for its Retry-After, then sent once more. */
async function fetchPage(o: FetchClientOptions, body: FetchRequest): Promise<number> {
  const res = await post(o, body);
  if (res.status !== 429) return res.status;
  await (o.wait ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(Number(res.headers.get('retry-after') ?? '1') * 1000);
  return (await post(o, body)).status;
}

/**
 * The correct client: pages of the virtual origin farm with and without options, allowInsecureSsl only
 * for a public host (a name, and a public address), and a 429 (the reserved status host's) waited out.
 */
export async function correctFetches(o: FetchClientOptions): Promise<number[]> {
  return [
    await fetchPage(o, { url: 'http://origin.conform.invalid/page/windows-1252' }),
    await fetchPage(o, { url: 'http://origin.conform.invalid/redirect/chain/1', allowRedirects: true, proxies: false }),
    await fetchPage(o, { url: 'https://expired.origin.conform.invalid/', allowInsecureSsl: true }),
    await fetchPage(o, { url: 'https://93.184.215.14/', allowInsecureSsl: true, allowRedirects: false }),
    await fetchPage(o, { url: 'https://status.conform.invalid/429' }),
  ];
}

/** Three fetches, the second without its key. */
export async function keyMissingOnce(o: FetchClientOptions): Promise<number[]> {
  const page = { url: 'http://origin.conform.invalid/page/windows-1252' };
  return [(await post(o, page)).status, (await post(o, page, { 'content-type': 'application/json' })).status, (await post(o, page)).status];
}

/** allowRedirects as the string "true". */
export async function stringForBoolean(o: FetchClientOptions): Promise<number> {
  return (await post(o, { url: 'http://origin.conform.invalid/redirect/chain/1', allowRedirects: 'true' })).status;
}

/** allowInsecureSsl for a loopback address. */
export async function insecureLoopback(o: FetchClientOptions): Promise<number> {
  return (await post(o, { url: 'https://127.0.0.1:8443/admin', allowInsecureSsl: true })).status;
}

/** A 429 retried at once, its Retry-After ignored. */
export async function retryAt429(o: FetchClientOptions): Promise<number[]> {
  const busy = { url: 'https://status.conform.invalid/429' };
  return [(await post(o, busy)).status, (await post(o, busy)).status];
}
