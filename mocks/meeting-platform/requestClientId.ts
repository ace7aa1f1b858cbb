import type { MockRequest } from '../MockExchange.ts';

/**
 * The client id a platform request names, read only to route it to its account's mock, never trusted:
 * that mock checks the credentials. A bearer token's `cid` claim (the payload decoded, not verified), HTTP
 * Basic credentials' user part, or a token form's (or query's) client_id, as tokenEndpoint reads them.
 */
export function requestClientId(request: MockRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    // A client sends the same header call after call: what it names is known without decoding it again
    // (decoding a bearer token's claims per request held a mock with ten accounts at 0.85x the mock
    // without its account layer, bench/meeting-platform-accounts.bench.ts).
    if (authorization === lastHeader) return lastClientId;
    let named: string | undefined;
    if (/^bearer /i.test(authorization)) named = bearerClientId(authorization.slice(7).trim());
    else if (/^basic /i.test(authorization)) {
      const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      named = colon < 0 ? undefined : decoded.slice(0, colon);
    } else return formClientId(request);
    lastHeader = authorization;
    lastClientId = named;
    return named;
  }
  return formClientId(request);
}

// The Bearer or Basic header read last, and the client id it named.
let lastHeader: string | undefined;
let lastClientId: string | undefined;

/** A token request's client_id field (form body, else query), as tokenEndpoint reads it. */
function formClientId(request: MockRequest): string | undefined {
  if (request.method !== 'POST') return undefined;
  return new URLSearchParams(request.body).get('client_id') ?? (request.query ? (new URLSearchParams(request.query).get('client_id') ?? undefined) : undefined);
}

function bearerClientId(token: string): string | undefined {
  const first = token.indexOf('.');
  const second = token.indexOf('.', first + 1);
  if (first < 0 || second < 0) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(token.slice(first + 1, second), 'base64url').toString('utf8'));
    const cid = typeof claims === 'object' && claims !== null ? (claims as { cid?: unknown }).cid : undefined;
    return typeof cid === 'string' ? cid : undefined;
  } catch {
    return undefined;
  }
}
