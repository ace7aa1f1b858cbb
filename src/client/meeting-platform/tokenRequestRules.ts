import { essenceOf } from '../../json/mediaType.ts';
import type { ClientCase } from '../ClientCase.ts';
import { decodedBasic, type MeetingRead } from './readMeetingExchange.ts';

const basicDiagnosis = 'Send Authorization: Basic followed by the base64 of CLIENT_ID:CLIENT_SECRET (Buffer.from(`${clientId}:${clientSecret}`).toString("base64")), and no credentials in the body.';
const formDiagnosis =
  'POST {auth_url}/oauth/token with Content-Type: application/x-www-form-urlencoded and the body grant_type=account_credentials&account_id=ACCOUNT_ID (new URLSearchParams({ grant_type: "account_credentials", account_id })).';

// The fields read last, and from what: several rules read them from one token request, and a client
// sends the same query and form with each one.
let lastQuery: string | undefined;
let lastBody: string | undefined;
let lastFields = new URLSearchParams();

/**
 * The token request's fields wherever the platform reads them: the query string, overridden by a form
 * body. Read once for the same query and form (the same object again): not to be changed.
 */
export function tokenFields(read: MeetingRead): URLSearchParams {
  const { query } = read.x.request;
  const body = isForm(read) ? read.x.request.body : undefined;
  if (query === lastQuery && body === lastBody) return lastFields;
  const fields = new URLSearchParams(query);
  if (body !== undefined) for (const [name, value] of new URLSearchParams(body)) fields.set(name, value);
  lastQuery = query;
  lastBody = body;
  lastFields = fields;
  return fields;
}

// The content type read last, and its essence: a client labels each token request the same.
let lastContentType: string | undefined;
let lastEssence = '';

/** The essence of a request's Content-Type ("" when it has none). */
function essenceOfRequest(read: MeetingRead): string {
  const contentType = read.x.request.headers['content-type'];
  if (contentType !== lastContentType) {
    lastEssence = essenceOf(contentType);
    lastContentType = contentType;
  }
  return lastEssence;
}

function isForm(read: MeetingRead): boolean {
  return essenceOfRequest(read) === 'application/x-www-form-urlencoded';
}

/** MP-CLIENT-TOKEN-BASIC: the client authenticates with HTTP Basic, base64 of CLIENT_ID:CLIENT_SECRET. */
export function judgeTokenBasic(read: MeetingRead): ClientCase {
  const c = { clause: 'MP-CLIENT-TOKEN-BASIC', path: 'token-request', diagnosis: basicDiagnosis };
  const { auth } = read;
  if (!auth) {
    const fields = tokenFields(read);
    const inBody = !isForm(read) && /client_secret/.test(read.x.request.body);
    if (fields.has('client_id') || fields.has('client_secret') || inBody) {
      return { ...c, problem: 'the client credentials were sent as fields (client_id, client_secret) and no Authorization header: the token request authenticates with HTTP Basic', cause: 'client credentials as fields instead of HTTP Basic' };
    }
    return { ...c, problem: 'the token request carried no client authentication at all (no Authorization header)', cause: 'no client authentication' };
  }
  if (auth.scheme.toLowerCase() !== 'basic') {
    return { ...c, problem: `Authorization uses the ${auth.scheme} scheme: the token request authenticates the client with Basic`, cause: 'another scheme than Basic' };
  }
  const credentials = auth.credentials;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(credentials) || credentials.length % 4 !== 0) {
    return { ...c, problem: 'the Basic credentials are not base64 (they must be the base64 of CLIENT_ID:CLIENT_SECRET, not the text itself)', cause: 'Basic credentials that are not base64' };
  }
  const decoded = decodedBasic(credentials);
  const colon = decoded.indexOf(':');
  if (colon < 0) return { ...c, problem: 'the Basic credentials decode to no "CLIENT_ID:CLIENT_SECRET" (there is no colon)', cause: 'Basic credentials without a colon' };
  if (colon === 0) return { ...c, problem: 'the Basic credentials decode to an empty client id (":CLIENT_SECRET")', cause: 'Basic credentials without a client id' };
  return c;
}

/** MP-CLIENT-TOKEN-FORM: POST, grant_type=account_credentials and account_id as a form (or in the query string). */
export function judgeTokenForm(read: MeetingRead): ClientCase {
  const c = { clause: 'MP-CLIENT-TOKEN-FORM', path: 'token-request', diagnosis: formDiagnosis };
  const { request } = read.x;
  if (request.method !== 'POST') return { ...c, problem: `sent with ${request.method}: the token request is a POST`, cause: 'another method than POST' };
  const type = essenceOfRequest(read);
  if (request.body !== '' && type !== 'application/x-www-form-urlencoded') {
    const json = type === 'application/json' || type.endsWith('+json') || /^\s*[{[]/.test(request.body);
    return json
      ? { ...c, problem: `the fields were sent as JSON${type ? ` (Content-Type ${type})` : ''}: the platform reads a form body (application/x-www-form-urlencoded), so it sees no grant_type`, cause: 'the fields as a JSON body' }
      : { ...c, problem: `the body was sent ${type ? `as ${type}` : 'without a Content-Type'}: a form body must be labelled application/x-www-form-urlencoded, or the platform does not read it`, cause: 'a form body not labelled application/x-www-form-urlencoded' };
  }
  const fields = tokenFields(read);
  const grant = fields.get('grant_type');
  if (!grant) return { ...c, problem: 'the token request has no grant_type: the flow is grant_type=account_credentials', cause: 'no grant_type' };
  if (grant !== 'account_credentials') return { ...c, problem: `grant_type=${grant}: the server-to-server flow is grant_type=account_credentials`, cause: 'another grant type' };
  if (!fields.get('account_id')) return { ...c, problem: 'the token request has no account_id: the account-credentials flow names the account', cause: 'no account_id' };
  return c;
}
