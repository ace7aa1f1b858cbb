import type { ExchangeLimits } from '../exchange/exchangeLimits.ts';
import type { SilentTargets } from '../exchange/SilentTargets.ts';
import { credentialEnv, type MeetingCredentials } from './core/meetingCredentials.ts';
import type { NearMissRequest } from './core/nearMisses.ts';
import { exchange, type Exchange } from './exchange.ts';
import { apiRoot } from './apiRoot.ts';
import { nearMissCurl } from './shellCurl.ts';

/** A platform's API as a request to it needs it: its base URL, and what every exchange with it is held to. */
export interface PlatformApi {
  apiBaseUrl: string;
  limits: ExchangeLimits;
  /** See ExchangeInit.silentTargets. */
  silentTargets?: SilentTargets;
}

export interface TokenRequestOptions {
  authUrl: string;
  credentials: MeetingCredentials;
  /** What the exchange is held to: the target's limits. */
  limits: ExchangeLimits;
  /** Default account_credentials; the checks also send wrong ones on purpose. */
  grantType?: string;
  /** Leave out account_id (a check of the platform's answer to a missing account). */
  omitAccount?: boolean;
  signal?: AbortSignal;
  /** See ExchangeInit.silentTargets. */
  silentTargets?: SilentTargets;
}

export function tokenUrl(authUrl: string): string {
  return `${authUrl.replace(/\/+$/, '')}/oauth/token`;
}

/** POST {auth}/oauth/token: HTTP Basic client authentication and the form body the seed states. */
export function requestToken(o: TokenRequestOptions): Promise<Exchange> {
  const { clientId, clientSecret, accountId } = o.credentials;
  const form = new URLSearchParams({ grant_type: o.grantType ?? 'account_credentials' });
  if (!o.omitAccount) form.set('account_id', accountId);
  return exchange(tokenUrl(o.authUrl), {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: form.toString(),
    signal: o.signal,
    limits: o.limits,
    ...(o.silentTargets ? { silentTargets: o.silentTargets } : {}),
  });
}

/** GET {api}/v2/...: with the bearer token, or with none to see the platform refuse. */
export function apiGet(api: PlatformApi, path: string, token: string | undefined, signal?: AbortSignal): Promise<Exchange> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  return exchange(apiUrl(api.apiBaseUrl, path), { headers, signal, limits: api.limits, ...(api.silentTargets ? { silentTargets: api.silentTargets } : {}) });
}

/**
 * GET {api}/v2/... with a near miss of the bearer token in place of it (bearerNearMiss): shown in a report
 * as the shell words that derive it from $ACCESS_TOKEN, never as sent.
 */
export function apiNearMissGet(api: PlatformApi, path: string, r: NearMissRequest, signal?: AbortSignal): Promise<Exchange> {
  const url = apiUrl(api.apiBaseUrl, path);
  const sent = r.query ? `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams([r.query])}` : url;
  const headers: Record<string, string> = { accept: 'application/json', ...(r.authorization !== undefined ? { authorization: r.authorization } : {}) };
  const shownHeaders: Record<string, string> = { accept: 'application/json', ...(r.shownAuthorization !== undefined ? { authorization: r.shownAuthorization } : {}) };
  return exchange(sent, { headers, ...(signal ? { signal } : {}), shownAs: { headers: shownHeaders, reproduction: nearMissCurl(url, r) }, limits: api.limits });
}

export function apiUrl(apiBaseUrl: string, path: string): string {
  return `${apiRoot(apiBaseUrl)}${path}`;
}

/**
 * The token request as a copy-pasteable curl, credentials as the variables users keep them in, the answer
 * printed with its status line and headers (`bodyOnly`: its body alone).
 */
export function tokenCurl(authUrl: string, options: { grantType?: string; omitAccount?: boolean; secretVar?: string; bodyOnly?: boolean } = {}): string {
  const form = [`grant_type=${options.grantType ?? 'account_credentials'}`];
  if (!options.omitAccount) form.push(`account_id=$${credentialEnv.accountId}`);
  const secret = options.secretVar ?? `$${credentialEnv.clientSecret}`;
  return `curl -sS${options.bodyOnly ? '' : ' -i'} -X POST '${tokenUrl(authUrl)}' -u "$${credentialEnv.clientId}:${secret}" -H 'Content-Type: application/x-www-form-urlencoded' -d "${form.join('&')}"`;
}

/**
 * A shell line that sets $ACCESS_TOKEN to a fresh token, as the seed's flow gets one: the token request,
 * and its answer's access_token taken out with sed (a shell's own tool: no jq needed).
 */
export function tokenAssignment(authUrl: string): string {
  return `ACCESS_TOKEN=$(${tokenCurl(authUrl, { bodyOnly: true })} | sed -n 's/.*"access_token" *: *"\\([^"]*\\)".*/\\1/p')`;
}

/** An API GET as curl, the answer with its status line and headers; the token as $ACCESS_TOKEN. */
export function apiCurl(apiBaseUrl: string, path: string, withToken = true): string {
  const auth = withToken ? ` -H "Authorization: Bearer $ACCESS_TOKEN"` : '';
  return `curl -sS -i '${apiUrl(apiBaseUrl, path)}'${auth}`;
}
