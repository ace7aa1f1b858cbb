import type { MeetingPlatformMock } from '../../../mocks/meeting-platform/createMeetingPlatformMock.ts';
import { correct, inFront, isList, isToken, rewriteJson, withQuery, type Answer, type BrokenVariant } from './brokenVariants.ts';

/**
 * Meeting platforms each broken on one path of the clause × path matrix (specs/meeting-platform.paths.json)
 * and right everywhere else: a path the hand-written checks now walk (another form of the token request,
 * a second token, a second walk, another route to a meeting, a missing credential on another operation)
 * gets a variant that breaks its rule there only, so `conform run --fuzz-runs 0` must fail exactly the
 * clauses that answer breaks. Served with the API under /api, apart from the token endpoint, as the real
 * platform's two hosts are.
 */

const form = 'application/x-www-form-urlencoded';
const pathOf = (r: Request) => new URL(r.url).pathname;
const contentType = (r: Request) => r.headers.get('content-type') ?? '';
const isForm = (r: Request) => contentType(r).startsWith(form);
/** The API's own paths, under the /api prefix the tests serve it at. */
const isApi = (r: Request, path: string) => pathOf(r) === `/api${path}`;
const isMeeting = (r: Request) => pathOf(r).startsWith('/api/v2/meetings/');
/** A meeting lookup by numeric id (a UUID is never all digits once decoded). */
const isMeetingById = (r: Request) => isMeeting(r) && /^\d+$/.test(decodeURIComponent(pathOf(r).slice('/api/v2/meetings/'.length)));

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

/** The account's own client authentication. */
function ownClient(mock: MeetingPlatformMock): string {
  const account = mock.accounts[0]!;
  return basic(account.clientId, account.clientSecret);
}

/** A token request with another form body and Authorization, to the mock's own token endpoint. */
function tokenRequest(request: Request, mock: MeetingPlatformMock, fields: URLSearchParams, authorization = request.headers.get('authorization')): Request {
  const headers = new Headers({ 'content-type': form, accept: 'application/json' });
  if (authorization) headers.set('authorization', authorization);
  return new Request(`${mock.authUrl}/oauth/token`, { method: 'POST', headers, body: fields.toString() });
}

/** The seed's form of a token request, read (an empty one for a request that sends none). */
async function formOf(request: Request): Promise<URLSearchParams> {
  return new URLSearchParams(isForm(request) ? await request.clone().text() : '');
}

/** A valid access token of the mock's account, obtained in-process. */
async function issuedToken(mock: MeetingPlatformMock): Promise<string> {
  const fields = new URLSearchParams({ grant_type: 'account_credentials', account_id: mock.accounts[0]!.accountId });
  const response = await correct(new Request(`${mock.authUrl}/oauth/token`, { method: 'POST', headers: { authorization: ownClient(mock), 'content-type': form }, body: fields.toString() }), mock);
  return ((await response!.json()) as { access_token: string }).access_token;
}

/** The same API request, sent with a valid token of the account in place of its own Authorization. */
async function asIfAuthorized(request: Request, mock: MeetingPlatformMock): Promise<Response | undefined> {
  const headers = new Headers(request.headers);
  headers.set('authorization', `Bearer ${await issuedToken(mock)}`);
  return correct(new Request(request.url, { headers }), mock);
}

const tokenErrorOf = (error: string, reason: string, status = 400) => Response.json({ reason, error }, { status });
const htmlPage = (status: number) => new Response(`<!DOCTYPE html><html><body><h1>${status}</h1></body></html>`, { status, headers: { 'content-type': 'text/html' } });

/** A token refusal answered otherwise by `bend`, when `when` says the request is the one. */
function tokenRefusal(when: (request: Request, fields: URLSearchParams) => boolean, bend: (response: Response) => Promise<Response> | Response): Answer {
  return async (request, mock) => {
    if (!isToken(request) || !when(request, await formOf(request))) return undefined;
    const response = await correct(request, mock);
    return response && response.status >= 400 ? bend(response) : response;
  };
}

/** The refusal's OAuth error renamed, its body otherwise as the mock gives it. */
const renamedError = (error: string) => async (response: Response) => Response.json({ ...((await response.json()) as object), error }, { status: response.status });

const credentialsOf = (request: Request) => {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Basic (.+)$/.exec(header);
  return match ? Buffer.from(match[1]!, 'base64').toString('utf8') : undefined;
};
const unknownClient = (mock: MeetingPlatformMock) => (request: Request) => {
  const credentials = credentialsOf(request);
  return credentials !== undefined && !credentials.startsWith(`${mock.accounts[0]!.clientId}:`);
};
const wrongSecret = (mock: MeetingPlatformMock) => (request: Request) => {
  const { clientId, clientSecret } = mock.accounts[0]!;
  const credentials = credentialsOf(request);
  return credentials !== undefined && credentials.startsWith(`${clientId}:`) && credentials !== `${clientId}:${clientSecret}`;
};

/**
 * An API that also takes, as the token it names, a credential `read` finds in a request (the Bearer value,
 * a query parameter, the value under another scheme) when `accepts` says it matches a token the platform
 * issued: a sloppy comparison or a lenient parser. The tokens issued are those it saw the token endpoint
 * give; the exact token is left to the mock.
 */
function lenientApi(read: (request: Request) => string | undefined, accepts: (given: string, issued: string) => boolean) {
  return (mock: MeetingPlatformMock) => {
    const issued = new Set<string>();
    return inFront(async (request) => {
      if (isToken(request)) {
        const response = await correct(request, mock);
        const token = response?.ok ? ((await response.clone().json()) as { access_token?: string }).access_token : undefined;
        if (token) issued.add(token);
        return response;
      }
      if (!pathOf(request).startsWith('/api/v2/')) return undefined;
      const given = read(request);
      // The token itself, sent as the seed says, is the mock's to take.
      if (given === undefined || given === '' || (issued.has(given) && request.headers.get('authorization') === `Bearer ${given}`)) return undefined;
      return [...issued].some((t) => accepts(given, t)) ? asIfAuthorized(request, mock) : undefined;
    })(mock);
  };
}

/** The value after "Bearer " as sent, spaces and all. */
const bearerValue = (r: Request) => /^Bearer (.*)$/is.exec(r.headers.get('authorization') ?? '')?.[1];

/** A token endpoint that also takes a client near `clientOf`'s own, when `accepts` says the decoded "id:secret" is it. */
function lenientClient(accepts: (given: { id: string; secret: string }, own: { id: string; secret: string }) => boolean): BrokenVariant['prepend'] {
  return (mock) =>
    inFront(async (request) => {
      const decoded = isToken(request) ? credentialsOf(request) : undefined;
      const colon = decoded?.indexOf(':') ?? -1;
      if (decoded === undefined || colon < 0) return undefined;
      const { clientId, clientSecret } = mock.accounts[0]!;
      const given = { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
      if (decoded === `${clientId}:${clientSecret}` || !accepts(given, { id: clientId, secret: clientSecret })) return undefined;
      return correct(tokenRequest(request, mock, await formOf(request), ownClient(mock)), mock);
    })(mock);
}

/** A token endpoint that reads account_id as the account's own when `same` says it is. */
function lenientAccount(same: (given: string, own: string) => boolean): BrokenVariant['prepend'] {
  return (mock) =>
    inFront(async (request) => {
      const fields = isToken(request) && isForm(request) ? await formOf(request) : undefined;
      const given = fields?.get('account_id');
      const own = mock.accounts[0]!.accountId;
      if (!fields || given === null || given === undefined || given === own || !same(given, own)) return undefined;
      fields.set('account_id', own);
      return correct(tokenRequest(request, mock, fields), mock);
    })(mock);
}

/** The near misses of the app's own client authentication the suite sends (clientNearMiss). */
const clientNearMissOf = (mock: MeetingPlatformMock) => (request: Request) => {
  const { clientId, clientSecret } = mock.accounts[0]!;
  const decoded = credentialsOf(request);
  return decoded !== undefined && [`${clientId}:${clientSecret}.`, `${clientId}:${clientSecret.slice(0, -1)}`, `${clientId}:${clientSecret}\n`, `${clientSecret}:${clientId}`].includes(decoded);
};

/**
 * A list bent on its second walk only: the first page asked once a walk at its page size has ended starts
 * a second walk, whose pages carry page tokens of the variant's own (the mock's, prefixed) so `edit` can
 * bend them, by page number, and no other request.
 */
function secondWalk(edit: (body: Record<string, unknown>, page: number) => Record<string, unknown>) {
  return (mock: MeetingPlatformMock) => {
    const ended = new Set<string>();
    const prefix = 'conform-second-walk.';
    const pageOf = new Map<string, number>();
    let bent = false;
    return inFront(async (request) => {
      if (!isList(request)) return undefined;
      const query = new URL(request.url).searchParams;
      const size = query.get('page_size') ?? '';
      const token = query.get('next_page_token') ?? '';
      let page: number;
      let forward = request;
      if (token.startsWith(prefix)) {
        page = pageOf.get(token) ?? 2;
        forward = withQuery(request, (q) => q.set('next_page_token', token.slice(prefix.length)));
      } else if (!token && ended.has(size) && !bent) {
        bent = true;
        page = 1;
      } else {
        const response = await correct(request, mock);
        if (response?.ok && !((await response.clone().json()) as { next_page_token?: string }).next_page_token) ended.add(size);
        return response;
      }
      return rewriteJson(await correct(forward, mock), (body) => {
        const next = body.next_page_token;
        const edited = edit(body, page);
        if (typeof next !== 'string' || !next || edited.next_page_token !== next) return edited;
        pageOf.set(`${prefix}${next}`, page + 1);
        return { ...edited, next_page_token: `${prefix}${next}` };
      });
    })(mock);
  };
}

export const pathVariants: BrokenVariant[] = [
  // MP-TOKEN-FLOW, a second token.
  {
    name: 'token-once-per-second',
    fault: 'the token endpoint refuses a token request that comes within two seconds of the last token it issued',
    breaks: ['MP-TOKEN-FLOW'],
    grep: 'MP-TOKEN-FLOW',
    prepend: (mock) => {
      let last = 0;
      return inFront(async (request) => {
        if (!isToken(request)) return undefined;
        const response = await correct(request, mock);
        if (response?.status !== 200) return response;
        if (performance.now() - last < 2000) return tokenErrorOf('invalid_request', 'A token was issued moments ago');
        last = performance.now();
        return response;
      })(mock);
    },
  },
  // MP-TOKEN-QUERY-FIELDS, a SHOULD: a warning, exit 0.
  {
    name: 'query-fields-ignored',
    fault: 'the token endpoint reads its fields from a form body only, not from the query string',
    breaks: ['MP-TOKEN-QUERY-FIELDS'],
    prepend: inFront(async (request, mock) => (isToken(request) && !isForm(request) ? correct(new Request(`${mock.authUrl}/oauth/token`, { method: 'POST', headers: request.headers }), mock) : undefined)),
  },
  // MP-TOKEN-OPEN, each form whose fate is open.
  {
    name: 'open-query-token-type',
    fault: 'a token asked for in the query string comes with token_type "mac"',
    breaks: ['MP-TOKEN-OPEN'],
    prepend: inFront(async (request, mock) => (isToken(request) && new URL(request.url).search ? rewriteJson(await correct(request, mock), (body) => ({ ...body, token_type: 'mac' })) : undefined)),
  },
  {
    name: 'open-json-body-crash',
    fault: 'a token request with a JSON body crashes the token endpoint',
    breaks: ['MP-TOKEN-OPEN'],
    prepend: inFront(async (request) => (isToken(request) && contentType(request).startsWith('application/json') && (await request.clone().text()).startsWith('{') ? Response.json({ reason: 'Internal error', error: 'server_error' }, { status: 500 }) : undefined)),
  },
  {
    name: 'open-text-plain-page',
    fault: 'a token request with Content-Type text/plain gets an HTML error page',
    breaks: ['MP-TOKEN-OPEN'],
    prepend: inFront(async (request) => (isToken(request) && contentType(request).startsWith('text/plain') ? htmlPage(415) : undefined)),
  },
  {
    name: 'open-form-as-json-415',
    fault: 'a form body labelled application/json is refused with 415, a status the spec does not document for the token endpoint',
    breaks: ['MP-TOKEN-OPEN'],
    prepend: inFront(async (request) => (isToken(request) && contentType(request).startsWith('application/json') && !(await request.clone().text()).startsWith('{') ? tokenErrorOf('invalid_request', 'Unsupported media type', 415) : undefined)),
  },
  {
    name: 'open-no-content-type-redirect',
    fault: 'a token request without a Content-Type is redirected to a sign-in page',
    breaks: ['MP-TOKEN-OPEN'],
    prepend: inFront(async (request) => (isToken(request) && !request.headers.has('content-type') && request.method === 'POST' && !new URL(request.url).search ? new Response(null, { status: 302, headers: { location: '/signin' } }) : undefined)),
  },
  {
    name: 'open-account-missing-crash',
    fault: 'a token request without account_id crashes the token endpoint (a JSON 500)',
    // The seed's form, so the spec check judges it too; and a crash is no refusal (MP-TOKEN-ACCOUNT-REQUIRED).
    breaks: ['MP-TOKEN-OPEN', 'MP-TOKEN-ACCOUNT-REQUIRED', 'MP-SPEC-RESPONSE'],
    prepend: inFront(async (request) => (isToken(request) && isForm(request) && !(await formOf(request)).has('account_id') ? tokenErrorOf('invalid_request', 'Internal error', 500) : undefined)),
  },
  // MP-TOKEN-ACCOUNT-REQUIRED and MP-TOKEN-CONTENT-TYPE, SHOULDs: lenient platforms, warned about.
  {
    name: 'account-defaulted',
    fault: 'a token request without account_id gets a token for the app\'s own account',
    breaks: ['MP-TOKEN-ACCOUNT-REQUIRED'],
    prepend: inFront(async (request, mock) => {
      if (!isToken(request) || !isForm(request)) return undefined;
      const fields = await formOf(request);
      if (fields.has('account_id')) return undefined;
      fields.set('account_id', mock.accounts[0]!.accountId);
      return correct(tokenRequest(request, mock, fields), mock);
    }),
  },
  {
    name: 'form-read-whatever-the-label',
    fault: 'a form body labelled application/json is read as a form and gets a token',
    breaks: ['MP-TOKEN-CONTENT-TYPE'],
    prepend: inFront(async (request, mock) => {
      if (!isToken(request) || !contentType(request).startsWith('application/json')) return undefined;
      const text = await request.clone().text();
      return text.startsWith('{') ? undefined : correct(tokenRequest(request, mock, new URLSearchParams(text)), mock);
    }),
  },
  // MP-TOKEN-INVALID-CLIENT, each way client authentication fails.
  {
    name: 'unknown-client-accepted',
    fault: 'a client id nobody issued gets a token for the account',
    breaks: ['MP-TOKEN-INVALID-CLIENT'],
    prepend: (mock) => inFront(async (request) => (isToken(request) && unknownClient(mock)(request) ? correct(tokenRequest(request, mock, await formOf(request), ownClient(mock)), mock) : undefined))(mock),
  },
  {
    name: 'no-client-auth-accepted',
    fault: 'a token request without client authentication gets a token for the account it names',
    breaks: ['MP-TOKEN-INVALID-CLIENT'],
    prepend: inFront(async (request, mock) => (isToken(request) && !request.headers.has('authorization') ? correct(tokenRequest(request, mock, await formOf(request), ownClient(mock)), mock) : undefined)),
  },
  // MP-TOKEN-WRONG-FLOW, each wrong flow.
  {
    name: 'authorization-code-accepted',
    fault: 'grant_type=authorization_code without a code gets a token',
    breaks: ['MP-TOKEN-WRONG-FLOW'],
    prepend: inFront(async (request, mock) => {
      const fields = isToken(request) ? await formOf(request) : undefined;
      if (fields?.get('grant_type') !== 'authorization_code') return undefined;
      fields.set('grant_type', 'account_credentials');
      return correct(tokenRequest(request, mock, fields), mock);
    }),
  },
  {
    name: 'grant-type-defaulted',
    fault: 'a token request without grant_type is taken for account_credentials',
    breaks: ['MP-TOKEN-WRONG-FLOW'],
    prepend: inFront(async (request, mock) => {
      const fields = isToken(request) && isForm(request) ? await formOf(request) : undefined;
      if (!fields || fields.has('grant_type')) return undefined;
      fields.set('grant_type', 'account_credentials');
      return correct(tokenRequest(request, mock, fields), mock);
    }),
  },
  // MP-TOKEN-ERROR-CODES, a SHOULD: each refusal under another OAuth error than its own.
  { name: 'wrong-secret-code', fault: 'a wrong client secret is refused as invalid_request', breaks: ['MP-TOKEN-ERROR-CODES'], prepend: (mock) => inFront(tokenRefusal(wrongSecret(mock), renamedError('invalid_request')))(mock) },
  { name: 'unknown-client-code', fault: 'an unknown client id is refused as invalid_grant', breaks: ['MP-TOKEN-ERROR-CODES'], prepend: (mock) => inFront(tokenRefusal(unknownClient(mock), renamedError('invalid_grant')))(mock) },
  { name: 'no-client-auth-code', fault: 'a token request without client authentication is refused as unauthorized_client', breaks: ['MP-TOKEN-ERROR-CODES'], prepend: inFront(tokenRefusal((r) => !r.headers.has('authorization'), renamedError('unauthorized_client'))) },
  { name: 'client-credentials-code', fault: 'grant_type=client_credentials is refused as invalid_grant', breaks: ['MP-TOKEN-ERROR-CODES'], prepend: inFront(tokenRefusal((_r, f) => f.get('grant_type') === 'client_credentials', renamedError('invalid_grant'))) },
  { name: 'grant-type-missing-code', fault: 'a token request without grant_type is refused as unsupported_grant_type', breaks: ['MP-TOKEN-ERROR-CODES'], prepend: inFront(tokenRefusal((r, f) => isForm(r) && !f.has('grant_type'), renamedError('unsupported_grant_type'))) },
  { name: 'account-missing-code', fault: 'a token request without account_id is refused as invalid_grant', breaks: ['MP-TOKEN-ERROR-CODES'], prepend: inFront(tokenRefusal((r, f) => isForm(r) && f.has('grant_type') && !f.has('account_id'), renamedError('invalid_grant'))) },
  // MP-TOKEN-ERRORS-JSON, the refusals it judges now: each answered with an HTML page (which the spec does not document, and which names no error code).
  { name: 'unknown-client-page', fault: 'an unknown client id is refused with an HTML page', breaks: ['MP-TOKEN-ERRORS-JSON', 'MP-TOKEN-ERROR-CODES', 'MP-SPEC-RESPONSE'], prepend: (mock) => inFront(tokenRefusal(unknownClient(mock), (r) => htmlPage(r.status)))(mock) },
  { name: 'no-client-auth-page', fault: 'a token request without client authentication is refused with an HTML page', breaks: ['MP-TOKEN-ERRORS-JSON', 'MP-TOKEN-ERROR-CODES', 'MP-SPEC-RESPONSE'], prepend: inFront(tokenRefusal((r) => !r.headers.has('authorization'), (r) => htmlPage(r.status))) },
  { name: 'authorization-code-page', fault: 'grant_type=authorization_code is refused with an HTML page', breaks: ['MP-TOKEN-ERRORS-JSON', 'MP-SPEC-RESPONSE'], prepend: inFront(tokenRefusal((_r, f) => f.get('grant_type') === 'authorization_code', (r) => htmlPage(r.status))) },
  { name: 'grant-type-missing-page', fault: 'a token request without grant_type is refused with an HTML page', breaks: ['MP-TOKEN-ERRORS-JSON', 'MP-TOKEN-ERROR-CODES', 'MP-SPEC-RESPONSE'], prepend: inFront(tokenRefusal((r, f) => isForm(r) && !f.has('grant_type'), (r) => htmlPage(r.status))) },
  // MP-TOKEN-METHOD, a SHOULD.
  {
    name: 'token-by-get',
    fault: 'GET on the token address with the fields in the query string issues a token',
    breaks: ['MP-TOKEN-METHOD'],
    prepend: inFront(async (request, mock) => (isToken(request) && request.method === 'GET' ? correct(tokenRequest(request, mock, new URL(request.url).searchParams), mock) : undefined)),
  },
  // MP-WRONG-ADDRESS, each address a client could confuse.
  {
    name: 'token-on-api-host',
    fault: 'the API host serves the token endpoint as well ({api}/oauth/token)',
    breaks: ['MP-WRONG-ADDRESS'],
    prepend: inFront(async (request, mock) => (pathOf(request) === '/api/oauth/token' ? correct(tokenRequest(request, mock, await formOf(request)), mock) : undefined)),
  },
  {
    name: 'token-under-api-version',
    fault: 'the token endpoint answers under the API version prefix ({api}/v2/oauth/token)',
    breaks: ['MP-WRONG-ADDRESS'],
    prepend: inFront(async (request, mock) => (pathOf(request) === '/api/v2/oauth/token' ? correct(tokenRequest(request, mock, await formOf(request)), mock) : undefined)),
  },
  {
    name: 'api-on-auth-host-page',
    fault: 'the auth host answers API paths with a 200 HTML page',
    breaks: ['MP-WRONG-ADDRESS'],
    prepend: inFront(async (request) => (pathOf(request).startsWith('/v2/') ? new Response('<!DOCTYPE html><html><body>Welcome</body></html>', { status: 200, headers: { 'content-type': 'text/html' } }) : undefined)),
  },
  // MP-ME-200, repeated use: a token store that keeps one token, a cache that mixes answers.
  {
    name: 'first-token-only',
    fault: 'the API takes only the first token it ever saw for the account; a later one is refused',
    breaks: ['MP-ME-200'],
    grep: 'MP-ME-200',
    prepend: (mock) => {
      let first: string | undefined;
      return inFront(async (request) => {
        const auth = request.headers.get('authorization');
        if (!isApi(request, '/v2/users/me') || !auth) return undefined;
        first ??= auth;
        return auth === first ? undefined : Response.json({ code: 124, message: 'Invalid access token.' }, { status: 401 });
      })(mock);
    },
  },
  {
    name: 'newest-token-only',
    fault: 'a new token revokes the ones issued before it',
    breaks: ['MP-ME-200'],
    grep: 'MP-ME-200',
    prepend: (mock) => {
      let newest: string | undefined;
      return inFront(async (request) => {
        if (isToken(request)) {
          const response = await correct(request, mock);
          const token = response?.ok ? ((await response.clone().json()) as { access_token?: string }).access_token : undefined;
          if (token) newest = `Bearer ${token}`;
          return response;
        }
        const auth = request.headers.get('authorization');
        return pathOf(request).startsWith('/api/v2/') && auth && newest && auth !== newest ? Response.json({ code: 124, message: 'Invalid access token.' }, { status: 401 }) : undefined;
      })(mock);
    },
  },
  {
    name: 'me-cache-mixup',
    fault: 'the second GET /v2/users/me with a token is answered from a cache keyed wrongly: another user\'s id',
    breaks: ['MP-ME-200'],
    prepend: (mock) => {
      const calls = new Map<string, number>();
      return inFront(async (request) => {
        const auth = request.headers.get('authorization');
        if (!isApi(request, '/v2/users/me') || !auth) return undefined;
        calls.set(auth, (calls.get(auth) ?? 0) + 1);
        if (calls.get(auth) !== 2) return undefined;
        return rewriteJson(await correct(request, mock), (body) => ({ ...body, id: `${String(body.id)}-other` }));
      })(mock);
    },
  },
  // MP-API-401, a missing or bad credential on every operation.
  {
    name: 'me-any-token',
    fault: '/v2/users/me answers a token nobody issued as if it were good',
    breaks: ['MP-API-401'],
    prepend: inFront(async (request, mock) => (isApi(request, '/v2/users/me') && request.headers.get('authorization') === 'Bearer conform-invalid-token' ? asIfAuthorized(request, mock) : undefined)),
  },
  {
    name: 'list-without-token',
    fault: 'the meeting list answers without a token',
    // With no Authorization header at all, the token in the query string is answered too.
    breaks: ['MP-API-401', 'MP-API-NEAR-MISS'],
    prepend: inFront(async (request, mock) => (isList(request) && !request.headers.has('authorization') ? asIfAuthorized(request, mock) : undefined)),
  },
  {
    name: 'list-any-token',
    fault: 'the meeting list answers a token nobody issued as if it were good',
    breaks: ['MP-API-401'],
    prepend: inFront(async (request, mock) => (isList(request) && request.headers.get('authorization') === 'Bearer conform-invalid-token' ? asIfAuthorized(request, mock) : undefined)),
  },
  {
    name: 'meeting-without-token',
    fault: 'a meeting by id answers without a token',
    // With no Authorization header at all, the token in the query string is answered too.
    breaks: ['MP-API-401', 'MP-API-NEAR-MISS'],
    prepend: inFront(async (request, mock) => (isMeeting(request) && !request.headers.has('authorization') ? asIfAuthorized(request, mock) : undefined)),
  },
  {
    name: 'meeting-any-token',
    fault: 'a meeting by id answers a token nobody issued as if it were good',
    breaks: ['MP-API-401'],
    prepend: inFront(async (request, mock) => (isMeeting(request) && request.headers.get('authorization') === 'Bearer conform-invalid-token' ? asIfAuthorized(request, mock) : undefined)),
  },
  // MP-JSON-ONLY and MP-API-ERROR-BODY on the meeting route's errors; MP-JSON-ONLY on its successes.
  {
    name: 'meeting-401-page',
    fault: 'a meeting asked for without a valid token gets a 401 HTML page',
    breaks: ['MP-JSON-ONLY', 'MP-API-ERROR-BODY', 'MP-SPEC-RESPONSE'],
    prepend: inFront(async (request, mock) => {
      if (!isMeeting(request)) return undefined;
      const response = await correct(request, mock);
      return response?.status === 401 ? htmlPage(401) : response;
    }),
  },
  {
    name: 'meeting-by-id-text',
    fault: 'a meeting by id comes as text/plain (its body JSON all the same)',
    breaks: ['MP-JSON-ONLY', 'MP-MEETING-BY-ID', 'MP-SPEC-RESPONSE'],
    prepend: inFront(async (request, mock) => {
      if (!isMeetingById(request)) return undefined;
      const response = await correct(request, mock);
      return response?.ok ? new Response(await response.text(), { status: 200, headers: { 'content-type': 'text/plain' } }) : response;
    }),
  },
  // MP-MEETINGS-LIST, each list request.
  {
    name: 'list-needs-page-size',
    fault: 'the meeting list refuses a request without page_size (400)',
    breaks: ['MP-MEETINGS-LIST'],
    prepend: inFront(async (request) => (isList(request) && !new URL(request.url).searchParams.has('page_size') ? Response.json({ code: 300, message: 'Validation Failed.', errors: [{ field: 'page_size', message: 'Required.' }] }, { status: 400 }) : undefined)),
  },
  {
    name: 'list-asked-again-refused',
    fault: 'the first page asked a second time is refused as invalid (400), as by a cache that forgets the query',
    breaks: ['MP-MEETINGS-LIST'],
    prepend: (mock) => {
      const seen = new Map<string, number>();
      return inFront(async (request) => {
        if (!isList(request) || new URL(request.url).search !== '?page_size=10') return undefined;
        seen.set('first', (seen.get('first') ?? 0) + 1);
        return seen.get('first') === 2 ? Response.json({ code: 300, message: 'Validation Failed.', errors: [{ field: 'page_size', message: 'Invalid field.' }] }, { status: 400 }) : undefined;
      })(mock);
    },
  },
  {
    name: 'last-page-token-null',
    fault: 'the last page of the list gives next_page_token null instead of ""',
    breaks: ['MP-MEETINGS-LIST', 'MP-SPEC-RESPONSE'],
    prepend: inFront(async (request, mock) => (isList(request) && new URL(request.url).searchParams.has('next_page_token') ? rewriteJson(await correct(request, mock), (body) => (body.next_page_token === '' ? { ...body, next_page_token: null } : body)) : undefined)),
  },
  // MP-PAGINATION-PAGE-SIZE at page_size=1.
  {
    name: 'page-size-one-as-two',
    fault: 'page_size=1 is served two meetings a page',
    breaks: ['MP-PAGINATION-PAGE-SIZE'],
    prepend: inFront(async (request, mock) => (isList(request) && new URL(request.url).searchParams.get('page_size') === '1' ? rewriteJson(await correct(withQuery(request, (q) => q.set('page_size', '2')), mock), (body) => ({ ...body, page_size: 1 })) : undefined)),
  },
  // A walk repeated: MP-PAGINATION-EXACTLY-ONCE, -TOTAL and -END on the second walk only.
  {
    name: 'second-walk-duplicates',
    fault: 'on a second walk, each page after the first opens with the first page\'s first meeting in place of its own',
    breaks: ['MP-PAGINATION-EXACTLY-ONCE'],
    prepend: (mock) => {
      let opener: unknown;
      return secondWalk((body, page) => {
        const meetings = Array.isArray(body.meetings) ? body.meetings : [];
        if (page === 1) opener = meetings[0];
        return page > 1 && meetings.length && opener ? { ...body, meetings: [opener, ...meetings.slice(1)] } : body;
      })(mock);
    },
  },
  {
    name: 'second-walk-total',
    fault: 'on a second walk, the pages after the first state one meeting more in total_records',
    breaks: ['MP-PAGINATION-TOTAL'],
    prepend: secondWalk((body, page) => (page > 1 && typeof body.total_records === 'number' ? { ...body, total_records: body.total_records + 1 } : body)),
  },
  {
    name: 'second-walk-endless',
    fault: 'on a second walk, the last page gives a next_page_token back to an empty page that gives it again',
    breaks: ['MP-PAGINATION-END'],
    prepend: (mock) => [
      // The loop: an empty page that gives its own token again.
      ...inFront(async (request) =>
        isList(request) && new URL(request.url).searchParams.get('next_page_token') === 'conform-loop'
          ? rewriteJson(await correct(withQuery(request, (q) => q.delete('next_page_token')), mock), (body) => ({ ...body, meetings: [], next_page_token: 'conform-loop' }))
          : undefined,
      )(mock),
      ...secondWalk((body) => (body.next_page_token === '' ? { ...body, next_page_token: 'conform-loop' } : body))(mock),
    ],
  },
  // MP-PAGINATION-END at page_size=300 and at page_size=total_records.
  {
    name: 'one-page-more',
    fault: 'page_size=300 gets a next_page_token to an empty page that gives the same token',
    breaks: ['MP-PAGINATION-END'],
    prepend: inFront(async (request, mock) => {
      if (!isList(request)) return undefined;
      const query = new URL(request.url).searchParams;
      if (query.get('next_page_token') === 'conform-more') return rewriteJson(await correct(withQuery(request, (q) => q.delete('next_page_token')), mock), (body) => ({ ...body, meetings: [], next_page_token: 'conform-more' }));
      return query.get('page_size') === '300' ? rewriteJson(await correct(request, mock), (body) => ({ ...body, next_page_token: 'conform-more' })) : undefined;
    }),
  },
  {
    name: 'full-last-page-goes-on',
    fault: 'a last page that is exactly full still gives a next_page_token, to empty pages that give more',
    breaks: ['MP-PAGINATION-END'],
    prepend: inFront(async (request, mock) => {
      if (!isList(request)) return undefined;
      const query = new URL(request.url).searchParams;
      const token = query.get('next_page_token') ?? '';
      const more = /^conform-full-(\d)$/.exec(token);
      if (more) return rewriteJson(await correct(withQuery(request, (q) => q.delete('next_page_token')), mock), (body) => ({ ...body, meetings: [], next_page_token: Number(more[1]) < 3 ? `conform-full-${Number(more[1]) + 1}` : '' }));
      const size = Number(query.get('page_size'));
      return rewriteJson(await correct(request, mock), (body) => (body.next_page_token === '' && Array.isArray(body.meetings) && body.meetings.length === size && size > 1 ? { ...body, next_page_token: 'conform-full-1' } : body));
    }),
  },
  // MP-PAGINATION-REPEATABLE, a SHOULD.
  {
    name: 'single-use-page-tokens',
    fault: 'a next_page_token works once: asked again, it is refused as invalid',
    breaks: ['MP-PAGINATION-REPEATABLE'],
    grep: 'MP-PAGINATION-REPEATABLE',
    prepend: (mock) => {
      const used = new Set<string>();
      return inFront(async (request) => {
        const token = isList(request) ? new URL(request.url).searchParams.get('next_page_token') : null;
        if (!token) return undefined;
        if (!used.has(token)) {
          used.add(token);
          return undefined;
        }
        return Response.json({ code: 300, message: 'Invalid next_page_token.' }, { status: 400 });
      })(mock);
    },
  },
  // MP-JOIN-URL and MP-JOIN-URL-HTTPS, from each route that returns a meeting.
  {
    name: 'by-id-sdk-join-url',
    fault: 'a meeting fetched by id gives join_url as a zoommtg: link for the client SDK',
    breaks: ['MP-JOIN-URL'],
    prepend: inFront(async (request, mock) => (isMeetingById(request) ? rewriteJson(await correct(request, mock), (body) => ({ ...body, join_url: `zoommtg://meeting-platform.example/join?confno=${String(body.id)}` })) : undefined)),
  },
  {
    name: 'by-uuid-sdk-join-url',
    fault: 'a meeting fetched by UUID gives join_url as a zoommtg: link for the client SDK',
    breaks: ['MP-JOIN-URL'],
    prepend: inFront(async (request, mock) => (isMeeting(request) && !isMeetingById(request) ? rewriteJson(await correct(request, mock), (body) => (body.id ? { ...body, join_url: `zoommtg://meeting-platform.example/join?confno=${String(body.id)}` } : body)) : undefined)),
  },
  {
    name: 'by-uuid-http-join-url',
    fault: 'a meeting fetched by UUID gives join_url as an http link',
    breaks: ['MP-JOIN-URL-HTTPS'],
    prepend: inFront(async (request, mock) => (isMeeting(request) && !isMeetingById(request) ? rewriteJson(await correct(request, mock), (body) => (typeof body.join_url === 'string' ? { ...body, join_url: body.join_url.replace(/^https:/, 'http:') } : body)) : undefined)),
  },
  // MP-API-NEAR-MISS, each near miss of the bearer token, on every operation.
  {
    name: 'client-basic-as-api-auth',
    fault: "the API takes the app's own client credentials (HTTP Basic) in place of a bearer token",
    breaks: ['MP-API-NEAR-MISS'],
    prepend: inFront(async (request, mock) => (pathOf(request).startsWith('/api/v2/') && request.headers.get('authorization') === ownClient(mock) ? asIfAuthorized(request, mock) : undefined)),
  },
  {
    name: 'token-prefix-compare',
    fault: 'the API compares bearer tokens by prefix: a token with a character more, or less, or its first half, passes',
    breaks: ['MP-API-NEAR-MISS'],
    prepend: lenientApi(bearerValue, (given, t) => t.startsWith(given) || given.startsWith(t)),
  },
  {
    name: 'token-suffix-compare',
    fault: 'the API compares bearer tokens by suffix: the last half of a token passes',
    breaks: ['MP-API-NEAR-MISS'],
    prepend: lenientApi(bearerValue, (given, t) => t.endsWith(given)),
  },
  {
    name: 'token-case-folded',
    fault: 'the API compares bearer tokens ignoring case',
    breaks: ['MP-API-NEAR-MISS'],
    prepend: lenientApi(bearerValue, (given, t) => given.toLowerCase() === t.toLowerCase()),
  },
  {
    name: 'token-any-scheme',
    fault: 'the API takes the token under any scheme word (Basic TOKEN, Token TOKEN)',
    breaks: ['MP-API-NEAR-MISS'],
    prepend: lenientApi((r) => /^(?!bearer )\S+ (.+)$/i.exec(r.headers.get('authorization') ?? '')?.[1], (given, t) => given === t),
  },
  {
    name: 'token-in-query',
    fault: 'the API takes the token from an access_token query parameter, as the real platform no longer does',
    breaks: ['MP-API-NEAR-MISS'],
    prepend: lenientApi((r) => (r.headers.has('authorization') ? undefined : (new URL(r.url).searchParams.get('access_token') ?? undefined)), (given, t) => given === t),
  },
  {
    name: 'token-trimmed',
    fault: 'the API trims the bearer token (String.prototype.trim: no-break spaces too) before comparing it',
    breaks: ['MP-API-NEAR-MISS'],
    prepend: lenientApi((r) => bearerValue(r)?.trim(), (given, t) => given === t),
  },
  // MP-TOKEN-INVALID-CLIENT, each near miss of the client's own authentication.
  {
    name: 'secret-prefix-compare',
    fault: 'the token endpoint compares client secrets by prefix: a secret with a character more or less passes',
    breaks: ['MP-TOKEN-INVALID-CLIENT'],
    prepend: lenientClient((given, own) => given.id === own.id && (own.secret.startsWith(given.secret) || given.secret.startsWith(own.secret))),
  },
  {
    name: 'client-credentials-trimmed',
    fault: 'the token endpoint trims the decoded client id and secret: a line break after the secret passes',
    breaks: ['MP-TOKEN-INVALID-CLIENT'],
    prepend: lenientClient((given, own) => given.id.trim() === own.id && given.secret.trim() === own.secret),
  },
  {
    name: 'client-credentials-either-order',
    fault: 'the token endpoint takes the client id and secret in either order',
    breaks: ['MP-TOKEN-INVALID-CLIENT'],
    prepend: lenientClient((given, own) => given.id === own.secret && given.secret === own.id),
  },
  // MP-TOKEN-ERROR-CODES and MP-TOKEN-ERRORS-JSON on the refusals of the near misses.
  { name: 'client-near-miss-code', fault: 'a client secret almost right is refused as invalid_grant', breaks: ['MP-TOKEN-ERROR-CODES'], prepend: (mock) => inFront(tokenRefusal(clientNearMissOf(mock), renamedError('invalid_grant')))(mock) },
  {
    name: 'near-miss-refusal-page',
    fault: 'a client secret or account_id almost right is refused with an HTML page',
    breaks: ['MP-TOKEN-ERRORS-JSON', 'MP-TOKEN-ERROR-CODES', 'MP-SPEC-RESPONSE'],
    prepend: (mock) => {
      const own = mock.accounts[0]!.accountId;
      return inFront(tokenRefusal((r, f) => clientNearMissOf(mock)(r) || (f.has('account_id') && f.get('account_id') !== own && f.get('account_id')!.trim().toLowerCase() === own.toLowerCase()), (r) => htmlPage(r.status)))(mock);
    },
  },
  // MP-TOKEN-ACCOUNT-EXACT, a SHOULD: lenient with account_id, warned about.
  { name: 'account-id-trimmed', fault: 'the token endpoint trims account_id', breaks: ['MP-TOKEN-ACCOUNT-EXACT'], prepend: lenientAccount((given, own) => given.trim() === own) },
  { name: 'account-id-case-folded', fault: 'the token endpoint compares account_id ignoring case', breaks: ['MP-TOKEN-ACCOUNT-EXACT'], prepend: lenientAccount((given, own) => given.toLowerCase() === own.toLowerCase()) },
  // MP-SPEC-RESPONSE on the meeting route.
  {
    name: 'meeting-created-at-off-spec',
    fault: 'a meeting fetched by id gives created_at in a form that is not RFC 3339, a field no other check reads',
    breaks: ['MP-SPEC-RESPONSE'],
    prepend: inFront(async (request, mock) => (isMeetingById(request) ? rewriteJson(await correct(request, mock), (body) => (body.id ? { ...body, created_at: '2030/01/07 15:00' } : body)) : undefined)),
  },
];
