import { curlCommand } from '../exchange/curlCommand.ts';
import type { ExchangeLimits } from '../exchange/exchangeLimits.ts';
import type { Redactor } from '../exchange/Redactor.ts';
import { exchange, type Exchange, type ShownAs } from './exchange.ts';
import { credentialEnv, type MeetingCredentials } from './core/meetingCredentials.ts';
import { clientNearMiss, clientNearMissNames, ownClientBasic, type ClientNearMissName } from './core/nearMisses.ts';
import { tokenUrl } from './platformRequests.ts';
import { shellCurl } from './shellCurl.ts';
import { shownRequest } from './shownRequest.ts';

/**
 * Which client authentication a token request carries: the app's own, a wrong secret, a client id nobody
 * issued, none, or a near miss of the app's own (the secret a character longer, the id and secret swapped).
 */
export type ClientAuth = 'valid' | 'wrong-secret' | 'unknown-client' | 'none' | ClientNearMissName;

const isClientNearMiss = (client: ClientAuth): client is ClientNearMissName => (clientNearMissNames as readonly string[]).includes(client);

/** Where a token request carries its fields. */
export type FieldPlace =
  /** The seed's form: an x-www-form-urlencoded body. */
  | 'form'
  /** The query string of a POST with no body, as the real platform also takes them. */
  | 'query'
  /** A JSON object body. */
  | 'json';

/**
 * A token request in any of the shapes a client could send: the seed's (Basic client authentication and a
 * form body), the real platform's query string, a JSON body, the form under another Content-Type or
 * none, wrong credentials, a field left out, another method or address.
 */
export interface TokenProbe {
  client: ClientAuth;
  /** Field name → value; a field left out is absent. */
  fields: Record<string, string>;
  place: FieldPlace;
  /** The Content-Type sent with a body: default the place's own; null sends none. */
  contentType?: string | null;
  /** Default POST. */
  method?: 'POST' | 'GET';
  /** Default {auth_url}/oauth/token. */
  url?: string;
  /**
   * Fields whose value is a near miss of the account's (account_id wrapped in spaces): each as shell words
   * giving its form-encoded value, for the report (a form body of the seed's, the rest as sent).
   */
  shownFields?: Record<string, string>;
  /** The scheme word of the Authorization header, the app's own credentials under it (an equivalent form: RFC 9110 §11.1); default Basic. */
  basicScheme?: string;
}

const unknownClientId = 'conform-unknown-client';

/** The seed's fields for the account: grant_type=account_credentials and account_id. */
export function seedFields(credentials: MeetingCredentials, override: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = { grant_type: 'account_credentials', account_id: credentials.accountId, ...override };
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));
}

interface BuiltRequest {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  shownAs?: ShownAs;
}

function build(authUrl: string, credentials: MeetingCredentials, probe: TokenProbe): BuiltRequest {
  const base = probe.url ?? tokenUrl(authUrl);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (isClientNearMiss(probe.client) || probe.shownFields || probe.basicScheme) return nearMissRequest(base, credentials, probe);
  if (probe.client !== 'none') {
    const id = probe.client === 'unknown-client' ? unknownClientId : credentials.clientId;
    const secret = probe.client === 'wrong-secret' ? `${credentials.clientSecret}-wrong` : credentials.clientSecret;
    headers.authorization = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  }
  const form = new URLSearchParams(probe.fields).toString();
  if (probe.place === 'query') {
    return { method: probe.method ?? 'POST', url: form ? `${base}?${form}` : base, requestHeaders: headers };
  }
  const body = probe.place === 'json' ? JSON.stringify(probe.fields) : form;
  const contentType = probe.contentType === undefined ? (probe.place === 'json' ? 'application/json' : 'application/x-www-form-urlencoded') : probe.contentType;
  if (contentType !== null) headers['content-type'] = contentType;
  return { method: probe.method ?? 'POST', url: base, requestHeaders: headers, requestBody: body };
}

/**
 * A token request in the seed's form (POST, a form body) that carries a near miss of a credential or of
 * account_id: sent as the probe says, shown and reproduced in shell words that derive it from the
 * variables, so that no part of the secret reaches a report.
 */
function nearMissRequest(url: string, credentials: MeetingCredentials, probe: TokenProbe): BuiltRequest {
  const client = isClientNearMiss(probe.client) ? clientNearMiss(probe.client, credentials) : ownClientBasic(credentials);
  if (!client) throw new Error(`no near miss ${probe.client} of these credentials: the probe should not have been made`);
  const scheme = (authorization: string) => (probe.basicScheme ? authorization.replace(/^Basic/, probe.basicScheme) : authorization);
  const form = probe.contentType ?? 'application/x-www-form-urlencoded';
  const requestHeaders = { accept: 'application/json', authorization: scheme(client.authorization), 'content-type': form };
  const shownFields = { ...probe.fields, ...(probe.fields.account_id === credentials.accountId ? { account_id: `$${credentialEnv.accountId}` } : {}), ...probe.shownFields };
  const shownHeaders = { ...requestHeaders, authorization: scheme(client.shownAuthorization) };
  const shownBody = Object.entries(shownFields).map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join('&');
  const reproduction = shellCurl({ method: 'POST', url, headers: Object.entries(shownHeaders), body: shownBody });
  return { method: 'POST', url, requestHeaders, requestBody: new URLSearchParams(probe.fields).toString(), shownAs: { headers: shownHeaders, body: shownBody, reproduction } };
}

/** Sends one token request shaped as `probe` (no redirect followed: a redirect is an answer to judge). */
export function sendTokenProbe(target: { authUrl: string; credentials: MeetingCredentials; limits: ExchangeLimits }, probe: TokenProbe, signal?: AbortSignal): Promise<Exchange> {
  const r = build(target.authUrl, target.credentials, probe);
  return exchange(r.url, { method: r.method, headers: r.requestHeaders, ...(r.requestBody !== undefined ? { body: r.requestBody } : {}), ...(signal ? { signal } : {}), ...(r.shownAs ? { shownAs: r.shownAs } : {}), limits: target.limits });
}

/** The probe as curl: the client id and secret as the variables users keep them in, the account id too in a body. */
export function tokenProbeCurl(authUrl: string, credentials: MeetingCredentials, probe: TokenProbe, redactor: Redactor): string {
  const built = build(authUrl, credentials, probe);
  if (built.shownAs) return built.shownAs.reproduction;
  const shown = shownRequest(built, redactor, credentials);
  const body = shown.body?.split(`"account_id":${JSON.stringify(credentials.accountId)}`).join('"account_id":"$MEETING_ACCOUNT_ID"');
  return curlCommand({ ...shown, ...(body !== undefined ? { body } : {}) });
}
