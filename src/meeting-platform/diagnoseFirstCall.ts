import { needsDoubleEncoding } from './core/encodeMeetingId.ts';
import { credentialEnv } from './core/meetingCredentials.ts';
import { excerpt, field, type Exchange } from './exchange.ts';
import { realPlatform } from './realPlatform.ts';

/**
 * What a person can do about a failed first call, read from the answer alone. The seed names the three
 * classic causes: an HTML page means a wrong address or flow, invalid_client means a wrong id or secret,
 * and a 404 for a meeting the user can see means an identifier type or encoding mismatch. Each diagnosis
 * is chosen by the evidence it cites (the status, the error code, the words of the answer), one cause
 * each: a 401 that does not say the token expired is not diagnosed as an expiry.
 */

function wrongAddress(x: Exchange): boolean {
  return x.isHtml || (x.status >= 300 && x.status < 400) || (!x.isJson && x.status === 404);
}

/** What the answer says in words: its message, reason and error fields. */
function wordsOf(x: Exchange): string {
  return ['message', 'reason', 'error', 'error_description'].map((name) => field(x, name)).filter((v): v is string => typeof v === 'string').join(' ');
}

const limitWords = /rate limit|too many|quota|throttl|exceeded/i;

/** A rate limit, by its status or its words; a daily quota is waited out differently from a per-second rate. */
function limitDiagnosis(x: Exchange, what: string): string | undefined {
  const said = wordsOf(x);
  if (x.status !== 429 && !limitWords.test(said)) return undefined;
  const quote = said ? ` ("${excerpt(said, 120)}")` : '';
  if (/daily|per day|\bday\b|today/i.test(said)) {
    return `${what} refused for a daily limit (HTTP ${x.status})${quote}: the account used its requests for the day. Wait for the next day (UTC), or run with fewer generated requests (--fuzz-runs).`;
  }
  return `${what} rate limited (HTTP ${x.status})${quote}: wait for Retry-After and send fewer requests per second (--rate-limit).`;
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
  if (error === 'invalid_request' && typeof reason === 'string' && /account/i.test(reason)) {
    return `invalid_request (${reason}): the account ID is missing or is not this app's account. ` +
      `Check $${credentialEnv.accountId} against the app's credentials page.`;
  }
  const limited = limitDiagnosis(x, 'The token request was');
  if (limited) return limited;
  if (x.status >= 500) return `The token endpoint failed on its side (HTTP ${x.status}); try again later.`;
  if (x.status === 200 && x.isJson) {
    const fields = x.json && typeof x.json === 'object' && !Array.isArray(x.json) ? Object.keys(x.json) : [];
    return `The token endpoint answered 200 with JSON but no access_token (${fields.length ? `fields: ${fields.slice(0, 8).join(', ')}` : 'no fields'}): ` +
      'the address answers, but not as the token endpoint of the account-credentials flow. Check --auth-url.';
  }
  return `The token request was refused: HTTP ${x.status} ${typeof error === 'string' ? error : ''} ${excerpt(x.bodyText, 120)}`.trim();
}

/**
 * `freshToken`: the token was issued moments ago (a conformance run's own), so a 401 cannot be its expiry:
 * the API refused, at once, a token its own auth server issued.
 */
export function diagnoseApi(x: Exchange, apiBaseUrl: string, tokenApiUrl?: string, freshToken = false): string {
  const code = field(x, 'code');
  const sameHost = !tokenApiUrl || sameBase(tokenApiUrl, apiBaseUrl);
  const hostHint = sameHost ? '' : ` The token response names api_url ${tokenApiUrl}; use that as --api-base-url.`;
  if (wrongAddress(x)) {
    return `The API answered with ${x.isHtml ? 'an HTML page' : `HTTP ${x.status}`} instead of JSON: a wrong address. ` +
      `API calls go to {API base URL}/v2/..., the API base URL being the API host itself (the real platform's is ${realPlatform.apiBaseUrl}), ` +
      `not the auth host. Check --api-base-url (now ${apiBaseUrl}).${hostHint}`;
  }
  const said = wordsOf(x);
  if (code === 4711 || /\bscopes?\b/i.test(said)) return `The app lacks a scope this call needs: ${said || `code ${String(code)}`} Add the scope to the app and request a new token.`;
  const limited = limitDiagnosis(x, 'The call was');
  if (limited) return limited;
  const codeText = code !== undefined ? `, code ${String(code)}` : '';
  if (x.status === 401 && freshToken) {
    return `The token was refused at once (HTTP 401${codeText}), moments after the auth server issued it, so it has not expired: ` +
      'the API does not accept the tokens of the auth URL given (another auth server, account or signing key), or it wants the token in another form than "Authorization: Bearer <token>".' +
      hostHint;
  }
  if (x.status === 401 && /expired/i.test(said)) {
    return `The token expired (HTTP 401${codeText}: "${excerpt(said, 120)}"): tokens last the expires_in the token response states; request a new one.`;
  }
  if (x.status === 401) {
    return `The token was refused (HTTP 401${codeText}${said ? `: "${excerpt(said, 120)}"` : ''}): the API does not take it as sent. Send it as "Authorization: Bearer <token>" to the API host the token was issued for.${hostHint}`;
  }
  if (x.status === 404 && code === 1001) return 'The token\'s user does not exist in this account: the app may belong to another account than $MEETING_ACCOUNT_ID names.';
  if (x.status >= 500) return `The API failed on its side (HTTP ${x.status}); try again later.`;
  return `The API refused the call: HTTP ${x.status} ${excerpt(x.bodyText, 160)}`;
}

/** A meeting the user can see in the list (or the user interface) answered as not found. */
export function diagnoseMeetingFetch(x: Exchange, apiBaseUrl: string, identifier: string): string {
  if (plusReadAsSpace(x, identifier)) return plusAsSpaceDiagnosis;
  if (x.status === 404 && x.isJson) {
    return `The meeting ${JSON.stringify(identifier)} is visible to the user but GET /v2/meetings/{meetingId} answers 404 (code ${String(field(x, 'code'))}): ` +
      'an identifier type or encoding mismatch. Use the numeric meeting id as a 64-bit integer (it does not fit 32 bits; never a float), ' +
      'or the UUID percent-encoded: once, and twice when it starts with "/" or contains "//".';
  }
  return diagnoseApi(x, apiBaseUrl);
}

const plusAsSpaceDiagnosis =
  'The answer quotes the identifier with a space where it has a "+": somewhere between the request and the lookup the path was ' +
  'decoded as a form (application/x-www-form-urlencoded), where "+" means a space. A "+" is sent as %2B and must be read back as "+": ' +
  'decode path segments with percent-decoding only (decodeURIComponent), never form decoding.';

/** The answer names the identifier with its "+" turned into spaces (an error message, or the meeting's own field). */
function plusReadAsSpace(x: Exchange, identifier: string): boolean {
  if (!identifier.includes('+')) return false;
  const spaced = identifier.replaceAll('+', ' ');
  return x.bodyText.includes(spaced) || x.bodyText.includes(JSON.stringify(spaced).slice(1, -1));
}

/** Why a meeting of the list did not come back by one of its identifiers: a short cause to group by, and what it means. */
export interface MeetingLookupCause {
  cause: string;
  diagnosis?: string;
}

/**
 * A conformance run fetched a meeting the platform itself listed, encoding the identifier as the rule
 * says, and did not get it back: the platform is at fault. The cause groups meetings that failed alike.
 */
export function meetingLookupCause(x: Exchange, apiBaseUrl: string, key: 'id' | 'uuid', identifier: string): MeetingLookupCause {
  if (plusReadAsSpace(x, identifier)) return { cause: 'a "+" in the UUID came back as a space', diagnosis: plusAsSpaceDiagnosis };
  if (x.status === 404 && x.isJson) {
    if (key === 'uuid' && needsDoubleEncoding(identifier)) {
      return {
        cause: 'not found: UUIDs that start with "/" or contain "//", sent encoded twice as the rule says',
        diagnosis: 'UUIDs that start with "/" or contain "//" are percent-encoded twice (the identifier rule), and only they fail: ' +
          'the platform decodes the path once where it must decode it twice (once in the gateway, once for the lookup).',
      };
    }
    return {
      cause: `not found (HTTP 404${field(x, 'code') !== undefined ? `, code ${String(field(x, 'code'))}` : ''}) although the list shows the meeting`,
      diagnosis: key === 'id'
        ? 'The numeric id from the list does not find its meeting: the lookup reads ids another way than the list writes them (a 64-bit id cut to 32 bits or read as a float), or looks in another user\'s meetings.'
        : 'A UUID from the list, encoded once, does not find its meeting: the lookup decodes the path another way than percent-decoding, or looks in another user\'s meetings.',
    };
  }
  if (x.status === 200 && x.isJson) return { cause: `200 with another meeting's ${key} (or none)` };
  if (x.status === 200 && !x.isHtml) return { cause: `200 but not JSON (${x.contentType || 'no content type'})` };
  const kind = x.isHtml ? 'an HTML page' : x.isJson ? 'JSON' : x.contentType || 'no content type';
  return { cause: `HTTP ${x.status} with ${kind}`, diagnosis: diagnoseApi(x, apiBaseUrl, undefined, true) };
}

export function diagnoseNetwork(err: unknown, url: string, flag: string): string {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const code = cause instanceof Error && 'code' in cause ? String(cause.code) : cause instanceof Error ? cause.message : String(cause);
  return `Could not reach ${url} (${code}): check ${flag}, the network and any proxy between here and the platform.`;
}

function sameBase(a: string, b: string): boolean {
  return a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}
