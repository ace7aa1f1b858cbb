import { credentialEnv } from './meetingCredentials.ts';
import { excerpt, field, type Exchange } from './exchange.ts';
import { realPlatform } from './realPlatform.ts';

/**
 * What a person can do about a failed first call, read from the answer alone. The seed names the three
 * classic causes: an HTML page means a wrong address or flow, invalid_client means a wrong id or secret,
 * and a 404 for a meeting the user can see means an identifier type or encoding mismatch.
 */

function wrongAddress(x: Exchange): boolean {
  return x.isHtml || (x.status >= 300 && x.status < 400) || (!x.isJson && x.status === 404);
}

export function diagnoseToken(x: Exchange, authUrl: string): string {
  const error = field(x, 'error');
  const reason = field(x, 'reason');
  if (wrongAddress(x)) {
    return `The token address ${x.url} answered with ${x.isHtml ? 'an HTML page' : `HTTP ${x.status}`} instead of JSON: a wrong address or flow. ` +
      `The token endpoint is POST /oauth/token right under the auth URL, which is the auth host itself (the real platform's is ${realPlatform.authUrl}): ` +
      `not the API host, no /v2. Check --auth-url (now ${authUrl}).`;
  }
  if (error === 'invalid_client') {
    return `invalid_client: the client ID or client secret is wrong. Copy both again from the app's credentials page into $${credentialEnv.clientId} and $${credentialEnv.clientSecret} ` +
      '(no stray spaces or quotes), and check that they belong to a server-to-server app that is activated.';
  }
  if (error === 'unsupported_grant_type') {
    return 'unsupported_grant_type: the platform does not take this flow. Server-to-server apps use grant_type=account_credentials in a form body; ' +
      'an OAuth app of another type (user-managed, client credentials) cannot use this flow.';
  }
  if (error === 'invalid_request') {
    return `invalid_request${typeof reason === 'string' ? ` (${reason})` : ''}: the account ID is missing or is not this app's account. ` +
      `Check $${credentialEnv.accountId} against the app's credentials page.`;
  }
  if (x.status >= 500) return `The token endpoint failed on its side (HTTP ${x.status}); try again later.`;
  if (x.status === 200) return 'The token endpoint answered 200 without an access_token: the address is probably not the token endpoint.';
  return `The token request was refused: HTTP ${x.status} ${typeof error === 'string' ? error : ''} ${excerpt(x.bodyText, 120)}`.trim();
}

export function diagnoseApi(x: Exchange, apiBaseUrl: string, tokenApiUrl?: string): string {
  const code = field(x, 'code');
  const sameHost = !tokenApiUrl || sameBase(tokenApiUrl, apiBaseUrl);
  const hostHint = sameHost ? '' : ` The token response names api_url ${tokenApiUrl}; use that as --api-base-url.`;
  if (wrongAddress(x)) {
    return `The API answered with ${x.isHtml ? 'an HTML page' : `HTTP ${x.status}`} instead of JSON: a wrong address. ` +
      `API calls go to {API base URL}/v2/..., the API base URL being the API host itself (the real platform's is ${realPlatform.apiBaseUrl}), ` +
      `not the auth host. Check --api-base-url (now ${apiBaseUrl}).${hostHint}`;
  }
  if (x.status === 401) {
    return `The token was refused (HTTP 401${code !== undefined ? `, code ${String(code)}` : ''}). Send it as "Authorization: Bearer <token>" to the API host the token was issued for; ` +
      `tokens expire after the expires_in the token response states.${hostHint}`;
  }
  if (code === 4711) return `The app lacks a scope this call needs: ${String(field(x, 'message'))} Add the scope to the app and request a new token.`;
  if (x.status === 404 && code === 1001) return 'The token\'s user does not exist in this account: the app may belong to another account than $MEETING_ACCOUNT_ID names.';
  if (x.status === 429) return 'Rate limited (HTTP 429): wait for Retry-After and slow down.';
  if (x.status >= 500) return `The API failed on its side (HTTP ${x.status}); try again later.`;
  return `The API refused the call: HTTP ${x.status} ${excerpt(x.bodyText, 160)}`;
}

/** A meeting the user can see in the list (or the user interface) answered as not found. */
export function diagnoseMeetingFetch(x: Exchange, apiBaseUrl: string, identifier: string): string {
  if (x.status === 404 && x.isJson) {
    return `The meeting ${JSON.stringify(identifier)} is visible to the user but GET /v2/meetings/{meetingId} answers 404 (code ${String(field(x, 'code'))}): ` +
      'an identifier type or encoding mismatch. Use the numeric meeting id as a 64-bit integer (it does not fit 32 bits; never a float), ' +
      'or the UUID percent-encoded: once, and twice when it starts with "/" or contains "//".';
  }
  return diagnoseApi(x, apiBaseUrl);
}

export function diagnoseNetwork(err: unknown, url: string, flag: string): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const code = cause instanceof Error && 'code' in cause ? String(cause.code) : cause instanceof Error ? cause.message : String(cause);
  return `Could not reach ${url} (${code}): check ${flag}, the network and any proxy between here and the platform.`;
}

function sameBase(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}
