// The meeting platform's client rules on what the mock's traffic does not reach: each path with its near
// misses, fed to the judge as a proxy would feed it (requests with their answers), no mock involved.
import { describe, expect, test } from 'vitest';
import type { RunReport } from '../../verdict/RunReport.ts';
import { exchangeOf } from '../fixtures/exchangeOf.ts';
import { meetingPlatformClientJudge } from './meetingPlatformClientJudge.ts';

const auth = 'https://auth.example';
const api = 'https://api.example';
const basic = `Basic ${Buffer.from('client-id:client-secret-value').toString('base64')}`;
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const longToken = 'eyJhbGciOiJIUzUxMiJ9.eyJhdWQiOiJ4In0.c2lnbmF0dXJl';
const tokenAnswer = (token: string, expiresIn = 3600) => ({ json: { access_token: token, token_type: 'bearer', expires_in: expiresIn } });

function judge() {
  return meetingPlatformClientJudge({ authUrl: auth, apiBaseUrl: api });
}

/** The problem of each failing case of a clause, or "ok" for every passing one, in order. */
function verdicts(report: RunReport, clause: string): string[] {
  const check = report.checks.find((c) => c.clause === clause)!;
  return check.finding?.groups.flatMap((g) => g.examples.map((e) => e.problem)) ?? [];
}

describe('MP-CLIENT-TOKEN-FORM and MP-CLIENT-TOKEN-BASIC', () => {
  test.each([
    ['the form body', 'POST', '/oauth/token', { authorization: basic, ...form }, 'grant_type=account_credentials&account_id=a', undefined],
    ['the fields in the query string, no body', 'POST', '/oauth/token?grant_type=account_credentials&account_id=a', { authorization: basic }, '', undefined],
    ['GET', 'GET', '/oauth/token?grant_type=account_credentials&account_id=a', { authorization: basic }, '', 'sent with GET: the token request is a POST'],
    ['the form as text/plain', 'POST', '/oauth/token', { authorization: basic, 'content-type': 'text/plain' }, 'grant_type=account_credentials&account_id=a', 'the body was sent as text/plain: a form body must be labelled application/x-www-form-urlencoded, or the platform does not read it'],
    ['another grant', 'POST', '/oauth/token', { authorization: basic, ...form }, 'grant_type=client_credentials&account_id=a', 'grant_type=client_credentials: the server-to-server flow is grant_type=account_credentials'],
    ['no account_id', 'POST', '/oauth/token', { authorization: basic, ...form }, 'grant_type=account_credentials', 'the token request has no account_id: the account-credentials flow names the account'],
  ])('%s', (_, method, path, headers, body, problem) => {
    const j = judge();
    j.observe(exchangeOf(method, `${auth}${path}`, { headers, body }, { status: problem ? 400 : 200 }));
    const report = j.report();
    expect(verdicts(report, 'MP-CLIENT-TOKEN-FORM')).toEqual(problem ? [problem] : []);
    expect(report.checks.find((c) => c.clause === 'MP-CLIENT-TOKEN-FORM')!.status).toBe(problem ? 'failed' : 'passed');
    expect(report.checks.find((c) => c.clause === 'MP-CLIENT-TOKEN-BASIC')!.status).toBe('passed');
  });

  test.each([
    ['basic in any case', `bAsIc ${Buffer.from('id:secret-value').toString('base64')}`, undefined],
    ['credentials not base64', 'Basic id:secret-value', 'the Basic credentials are not base64 (they must be the base64 of CLIENT_ID:CLIENT_SECRET, not the text itself)'],
    ['no colon', `Basic ${Buffer.from('idsecretvalue').toString('base64')}`, 'the Basic credentials decode to no "CLIENT_ID:CLIENT_SECRET" (there is no colon)'],
    ['no client id', `Basic ${Buffer.from(':secret-value').toString('base64')}`, 'the Basic credentials decode to an empty client id (":CLIENT_SECRET")'],
    ['Bearer', 'Bearer something', 'Authorization uses the Bearer scheme: the token request authenticates the client with Basic'],
    ['nothing', undefined, 'the token request carried no client authentication at all (no Authorization header)'],
  ])('Basic credentials: %s', (_, authorization, problem) => {
    const j = judge();
    j.observe(exchangeOf('POST', `${auth}/oauth/token`, { headers: { ...(authorization ? { authorization } : {}), ...form }, body: 'grant_type=account_credentials&account_id=a' }));
    expect(verdicts(j.report(), 'MP-CLIENT-TOKEN-BASIC')).toEqual(problem ? [problem] : []);
  });
});

describe('MP-CLIENT-BEARER', () => {
  test('on each API operation: a live token passes; none, Basic, the token in the query, an expired one and one the platform refused fail', () => {
    const j = judge();
    j.observe(exchangeOf('POST', `${auth}/oauth/token`, { headers: { authorization: basic, ...form }, body: 'grant_type=account_credentials&account_id=a' }, tokenAnswer('tok-1', 60), 0));
    j.observe(exchangeOf('POST', `${auth}/oauth/token`, { headers: { authorization: basic, ...form }, body: 'grant_type=account_credentials&account_id=a' }, tokenAnswer(longToken, 3600), 0));
    j.observe(exchangeOf('GET', `${api}/v2/users/me`, { headers: { authorization: 'bearer tok-1' } }, {}, 1000));
    j.observe(exchangeOf('GET', `${api}/v2/users/me/meetings`, { headers: { authorization: 'Bearer tok-1' } }, { json: { next_page_token: '', meetings: [] } }, 2000));
    j.observe(exchangeOf('GET', `${api}/v2/meetings/123`, {}, { status: 401 }, 3000));
    j.observe(exchangeOf('GET', `${api}/v2/meetings/123`, { headers: { authorization: basic } }, { status: 401 }, 3000));
    j.observe(exchangeOf('GET', `${api}/v2/users/me?access_token=tok-1`, {}, { status: 401 }, 3000));
    // A token in a header the platform does not read, or under another query name, is named all the same.
    j.observe(exchangeOf('GET', `${api}/v2/users/me?token=${longToken}`, { headers: { 'x-token': longToken } }, { status: 401 }, 3000));
    j.observe(exchangeOf('GET', `${api}/v2/users/me`, { headers: { authorization: 'Bearer tok-1' } }, { status: 401, json: { code: 124, message: 'Invalid access token.' } }, 61_000));
    j.observe(exchangeOf('GET', `${api}/v2/users/me`, { headers: { authorization: 'Bearer not-issued' } }, { status: 401, json: { code: 124, message: 'Invalid access token.' } }, 61_000));
    const report = j.report();
    expect(verdicts(report, 'MP-CLIENT-BEARER').sort()).toEqual(
      [
        'the API call carried no Authorization header',
        'the API call carried no Authorization header',
        'the API call carried the client credentials (Authorization: Basic): API calls carry the access token, Authorization: Bearer ACCESS_TOKEN',
        'the access token was sent in the query string (access_token=…) and no Authorization header: API calls carry it in Authorization: Bearer',
        'the access token (issued by request #1) had expired 1 s before this call',
        'the platform did not take this access token (401 code 124: Invalid access token.): it is not one the platform issued, or no longer valid',
      ].sort(),
    );
    const check = report.checks.find((c) => c.clause === 'MP-CLIENT-BEARER')!;
    expect(check.paths?.sort()).toEqual(['meeting', 'meetings', 'user']);
    expect(check.finding!.headline).toBe('6 of 8 API calls carried no live bearer token');
    // The tokens and the client secret never show; the query's token is named.
    const text = JSON.stringify(report);
    expect(text).not.toMatch(new RegExp(`tok-1|client-secret-value|${longToken}`));
    expect(text).toContain('access_token=$ACCESS_TOKEN');
    expect(text).toContain('token=$ACCESS_TOKEN');
    expect(text).toContain('x-token: $ACCESS_TOKEN');
  });
});

describe('MP-CLIENT-ID-ENCODING: what the client meant against what the platform reads', () => {
  const listed = ['/lead==', 'ab//cd==', 'ab/cd+e==', 'ab+cd==', 'plain=='];
  test.each([
    ['a numeric id', '85746065432', 'numeric', undefined],
    ['a plain UUID, encoded once', encodeURIComponent('plain=='), 'plain', undefined],
    ['a plain UUID, encoded twice (the platform decodes twice)', encodeURIComponent(encodeURIComponent('plain==')), 'plain', undefined],
    ['a "+", encoded once', encodeURIComponent('ab+cd=='), 'plus', undefined],
    ['a "+", sent as it is (a path keeps it)', 'ab+cd==', 'plus', undefined],
    ['a lone "/", encoded once', encodeURIComponent('ab/cd+e=='), 'lone-slash', undefined],
    ['a lone "/", encoded twice', encodeURIComponent(encodeURIComponent('ab/cd+e==')), 'lone-slash', undefined],
    ['a leading "/", encoded twice', encodeURIComponent(encodeURIComponent('/lead==')), 'leading-slash', undefined],
    ['"//", encoded twice', encodeURIComponent(encodeURIComponent('ab//cd==')), 'double-slash', undefined],
    ['a leading "/", encoded once', encodeURIComponent('/lead=='), 'leading-slash', 'this UUID starts with "/"; the platform decodes a path once, so it must be encoded twice: %252Flead%253D%253D (the platform read "lead==" and answered 404 code 3001)'],
    ['a leading "/", sent as it is', '/lead==', 'leading-slash', 'this UUID starts with "/"; the platform decodes a path once, so it must be encoded twice: %252Flead%253D%253D (the platform read "lead==" and answered 404 code 3001)'],
    ['"//", encoded once', encodeURIComponent('ab//cd=='), 'double-slash', 'this UUID contains "//"; the platform decodes a path once, so it must be encoded twice: ab%252F%252Fcd%253D%253D (the platform read "ab/cd==" and answered 404 code 3001)'],
    ['a lone "/" of a listed UUID, sent as it is', 'ab/cd+e==', 'lone-slash', 'the "/" of this UUID was sent as it is, a path separator: encode it (ab%2Fcd%2Be%3D%3D) (the platform read "ab/cd+e==" and answered 404 code 3001)'],
    ['encoded three times', encodeURIComponent(encodeURIComponent(encodeURIComponent('plain=='))), 'plain', 'encoded once too often: after the platform\'s two decodings it still read "plain%3D%3D"; encode it once: plain%3D%3D (answered 404 code 3001)'],
    ['a "+" turned into a space', encodeURIComponent('ab cd=='), 'plus', 'the "+" of this UUID reached the platform as a space ("ab cd=="): encode "+" as %2B (ab%2Bcd%3D%3D)'],
  ])('%s', (_, sent, path, problem) => {
    const j = judge();
    j.observe(exchangeOf('GET', `${api}/v2/users/me/meetings`, { headers: { authorization: 'Bearer t' } }, { json: { next_page_token: '', meetings: listed.map((uuid) => ({ uuid })) } }));
    j.observe(exchangeOf('GET', `${api}/v2/meetings/${sent}`, { headers: { authorization: 'Bearer t' } }, problem ? { status: 404, json: { code: 3001, message: 'Meeting does not exist.' } } : {}));
    const check = j.report().checks.find((c) => c.clause === 'MP-CLIENT-ID-ENCODING')!;
    expect(check.paths).toEqual([path]);
    expect(verdicts(j.report(), 'MP-CLIENT-ID-ENCODING')).toEqual(problem ? [problem] : []);
  });
});

describe('MP-CLIENT-PAGE-TOKEN', () => {
  const page = (token: string) => ({ json: { next_page_token: token, meetings: [] } });
  test.each([
    ['as received', (t: string) => encodeURIComponent(t), undefined],
    ['unencoded: "+" read as a space', (t: string) => t, 'next_page_token was sent unencoded: its "+" reached the platform as a space (" a/b="); encode it once (%2Ba%2Fb%3D)'],
    ['encoded twice', (t: string) => encodeURIComponent(encodeURIComponent(t)), 'next_page_token was encoded twice: the platform read "%2Ba%2Fb%3D", the page (request #1) returned "+a/b="'],
  ])('%s', (_, send, problem) => {
    const j = judge();
    j.observe(exchangeOf('GET', `${api}/v2/users/me/meetings`, { headers: { authorization: 'Bearer t' } }, page('+a/b=')));
    j.observe(exchangeOf('GET', `${api}/v2/users/me/meetings?next_page_token=${send('+a/b=')}`, { headers: { authorization: 'Bearer t' } }, problem ? { status: 400 } : page('')));
    const report = j.report();
    expect(verdicts(report, 'MP-CLIENT-PAGE-TOKEN')).toEqual(problem ? [problem] : []);
    // Sent back, however encoded, the walk went on.
    expect(report.checks.find((c) => c.clause === 'MP-CLIENT-PAGE-WALK')!.status).toBe('passed');
  });

  test("another list's token, or one the platform never returned, is not the one received", () => {
    const j = judge();
    j.observe(exchangeOf('GET', `${api}/v2/users/me/meetings?type=scheduled`, { headers: { authorization: 'Bearer t' } }, page('tok-a')));
    j.observe(exchangeOf('GET', `${api}/v2/users/me/meetings?type=live&next_page_token=tok-a`, { headers: { authorization: 'Bearer t' } }, { status: 400 }));
    j.observe(exchangeOf('GET', `${api}/v2/users/me/meetings?next_page_token=made-up`, { headers: { authorization: 'Bearer t' } }, { status: 400, json: { code: 300, message: 'The next page token is invalid or expired.' } }));
    expect(verdicts(j.report(), 'MP-CLIENT-PAGE-TOKEN')).toEqual([
      "sent the next_page_token of the meeting list of me (type scheduled) (request #1) with the meeting list of me (type live): a token continues its own list, with the same query",
      'the platform did not take this next_page_token (400 code 300: The next page token is invalid or expired.): it is not one a page returned, as received',
    ]);
  });

  test('a token a later walk gets again (the same page within a second gets the same one) is pending again for it', () => {
    const j = judge();
    const get = (query: string, token: string) => j.observe(exchangeOf('GET', `${api}/v2/users/me/meetings${query}`, { headers: { authorization: 'Bearer t' } }, page(token)));
    get('', 'p2');
    get('?next_page_token=p2', '');
    get('', 'p2');
    const check = j.report().checks.find((c) => c.clause === 'MP-CLIENT-PAGE-WALK')!;
    expect(check.finding?.groups[0]!.examples.map((e) => e.label)).toEqual(['#3 GET /v2/users/me/meetings']);
  });

  test('two walks side by side (the first page asked for twice, both tokens followed) drop nothing', () => {
    const j = judge();
    const get = (query: string, token: string) => j.observe(exchangeOf('GET', `${api}/v2/users/me/meetings${query}`, { headers: { authorization: 'Bearer t' } }, page(token)));
    get('', 'p2-a');
    get('', 'p2-b');
    get('?next_page_token=p2-a', '');
    get('?next_page_token=p2-b', '');
    const report = j.report();
    expect(report.checks.filter((c) => c.status === 'failed')).toEqual([]);
    expect(report.checks.find((c) => c.clause === 'MP-CLIENT-PAGE-TOKEN')!.paths?.sort()).toEqual(['next-page', 'restart']);
  });
});

test("the first page asked for again drops its own list's pending tokens, one followed before and handed out again among them, and not another list's", () => {
  const j = judge();
  let at = 0;
  const get = (query: string, next: string) => j.observe(exchangeOf('GET', `${api}/v2/users/me/meetings?page_size=2${query}`, { headers: { authorization: 'Bearer t' } }, { json: { next_page_token: next, meetings: [] } }, (at += 1000)));
  get('&type=live', 'live-2'); // #1: a walk of the live list, left pending
  get('', 'all-2'); // #2
  get('&next_page_token=all-2', ''); // #3: followed to the end
  get('', 'all-2'); // #4: the same token handed out again, pending again
  get('', 'all-2b'); // #5: the first page again while it is pending
  const report = j.report();
  const examples = (clause: string) => report.checks.find((c) => c.clause === clause)!.finding?.groups.map((g) => [g.cause, g.examples.map((e) => [e.label, e.problem])]);
  expect(examples('MP-CLIENT-PAGE-TOKEN')).toEqual([
    [
      'next_page_token dropped: the list asked for from its first page again',
      [
        ['#5 GET /v2/users/me/meetings?page_size=2', 'asked for the meeting list of me from its first page again while the next_page_token of request #4 was pending, and never sent that token back (the session ended)'],
        ['#5 GET /v2/users/me/meetings?page_size=2', 'asked for the meeting list of me from its first page again while the next_page_token of request #5 was pending, and never sent that token back (the session ended)'],
      ],
    ],
  ]);
  expect(examples('MP-CLIENT-PAGE-WALK')).toEqual([
    [
      'a walk of the meeting list stopped with next_page_token pending',
      [['#1 GET /v2/users/me/meetings?page_size=2&type=live', 'the walk of the meeting list of me (type live) stopped at this page: it returned a next_page_token that was never sent back (the session ended)']],
    ],
  ]);
});

test('a next_page_token handed out again lives from then on: a token left pending before it is judged expired first', () => {
  const j = judge();
  const minute = 60_000;
  const get = (query: string, next: string, at: number) => j.observe(exchangeOf('GET', `${api}/v2/users/me/meetings?page_size=2${query}`, { headers: { authorization: 'Bearer t' } }, { json: { next_page_token: next, meetings: [] } }, at));
  get('', 'all-2', 0); // #1
  get('', 'all-2', 1_000); // #2: handed out again, the newest still
  get('&type=live', 'live-2', minute); // #3: pending, never followed
  get('', 'all-2', 10 * minute); // #4: all-2 handed out again, newer than live-2 now
  get('&type=upcoming', '', 16 * minute); // #5: live-2 is 15 minutes old, all-2 six
  const walk = j.report().checks.find((c) => c.clause === 'MP-CLIENT-PAGE-WALK')!;
  expect(walk.finding?.groups.flatMap((g) => g.examples.map((e) => [e.label, e.problem]))).toEqual([
    ['#3 GET /v2/users/me/meetings?page_size=2&type=live', 'the walk of the meeting list of me (type live) stopped at this page: it returned a next_page_token that was never sent back (it expired unused)'],
  ]);
});

describe('MP-CLIENT-PAGE-TOKEN: the next page asked for is the one the latest token names', () => {
  const page = (token: string) => ({ json: { next_page_token: token, meetings: [] } });
  function walker() {
    const j = judge();
    let at = 0;
    const get = (token: string, answer: Parameters<typeof exchangeOf>[3]) => j.observe(exchangeOf('GET', `${api}/v2/users/me/meetings?page_size=2${token ? `&next_page_token=${token}` : ''}`, { headers: { authorization: 'Bearer t' } }, answer, (at += 1000)));
    return { j, get };
  }

  test("the first page's token sent again and again (a stale token): a MUST failure on each repeat, not a walk that stopped", () => {
    const { j, get } = walker();
    get('', page('p2'));
    get('p2', page('p3'));
    get('p2', page('p3'));
    get('p2', page('p3'));
    const report = j.report();
    const check = report.checks.find((c) => c.clause === 'MP-CLIENT-PAGE-TOKEN')!;
    expect(check.status).toBe('failed');
    expect(check.level).toBe('MUST');
    expect(check.finding!.headline).toBe('2 of 3 page-token cases did not send back the next_page_token just received, as received');
    expect(check.finding!.groups.map((g) => g.cause)).toEqual(["a stale next_page_token: an earlier page asked for again while a later page's token was pending"]);
    expect(check.finding!.groups[0]!.examples.map((e) => e.label)).toEqual(['#3 GET /v2/users/me/meetings?page_size=2&next_page_token=p2', '#4 GET /v2/users/me/meetings?page_size=2&next_page_token=p2']);
    expect(verdicts(report, 'MP-CLIENT-PAGE-TOKEN')[0]).toBe(
      'sent again the next_page_token that request #1 returned, which request #2 had already followed to the next page: this asks for the page it had already got, while the next_page_token of request #2 was pending (a stale token: the walk repeats pages and never reaches the rest)',
    );
    // Its fault is named once, as the token sent: the walk it kept from going on is not a walk that stopped as well.
    expect(report.checks.find((c) => c.clause === 'MP-CLIENT-PAGE-WALK')!.status).toBe('passed');
  });

  test('a loop back to an earlier page, pages on', () => {
    const { j, get } = walker();
    get('', page('p2'));
    get('p2', page('p3'));
    get('p3', page('p4'));
    get('p2', page('p3'));
    expect(verdicts(j.report(), 'MP-CLIENT-PAGE-TOKEN')).toEqual([
      'sent again the next_page_token that request #1 returned, which request #2 had already followed to the next page: this asks for 2 pages back, while the next_page_token of request #3 was pending (a stale token: the walk repeats pages and never reaches the rest)',
    ]);
  });

  test.each([
    ['a 5xx', { status: 503, json: { code: 503, message: 'Service temporarily unavailable.' } }],
    ['a 429', { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '1' }, json: { code: 429, message: 'Too many requests.' } }],
    ['no answer (the proxy answered 502)', { status: 502, headers: { 'content-type': 'text/plain' }, body: 'conform proxy: no answer' }],
  ])('a retry of a request that failed with %s, the same token, is no step back', (_, failed) => {
    const { j, get } = walker();
    get('', page('p2'));
    get('p2', failed);
    get('p2', page('p3'));
    get('p3', page(''));
    const report = j.report();
    expect(report.checks.filter((c) => c.clause.startsWith('MP-CLIENT-PAGE') && c.status !== 'passed')).toEqual([]);
  });

  test('a page asked again once the walk ended, or by a second walk given the same tokens, is no step back', () => {
    const { j, get } = walker();
    get('', page('p2'));
    get('', page('p2'));
    get('p2', page('p3'));
    get('p2', page('p3'));
    get('p3', page(''));
    get('p3', page(''));
    get('p2', page('p3'));
    get('p3', page(''));
    expect(j.report().checks.filter((c) => c.clause.startsWith('MP-CLIENT-PAGE') && c.status !== 'passed')).toEqual([]);
  });
});

describe('MP-CLIENT-ROUTE: a route or method the platform does not have, named with the operation meant', () => {
  const bearer = { authorization: 'Bearer t' };
  test.each([
    ['the token endpoint', 'POST', `${auth}/oauth/token`, { authorization: basic, ...form }, 'grant_type=account_credentials&account_id=a', 200, undefined],
    ['the current user', 'GET', `${api}/v2/users/me`, bearer, '', 200, undefined],
    ['the token request at the API host', 'POST', `${api}/oauth/token`, { authorization: basic, ...form }, 'grant_type=account_credentials&account_id=a', 404, `the app called POST ${api}/oauth/token, a token request at another address than {auth_url}/oauth/token: the token endpoint is POST ${auth}/oauth/token (answered 404)`],
    ['the token request at another path', 'POST', `${auth}/oauth2/token`, { authorization: basic, ...form }, 'grant_type=account_credentials&account_id=a', 404, `the app called POST ${auth}/oauth2/token, a token request at another address than {auth_url}/oauth/token: the token endpoint is POST ${auth}/oauth/token (answered 404)`],
    ['the meeting list without /v2', 'GET', `${api}/users/me/meetings`, bearer, '', 404, `the app called GET ${api}/users/me/meetings; the meeting list is GET ${api}/v2/users/me/meetings (without the /v2 prefix the API version is carried in) (answered 404)`],
    ['the current user with POST', 'POST', `${api}/v2/users/me`, bearer, '', 404, `the app called POST ${api}/v2/users/me; the current user is GET ${api}/v2/users/me (with POST: the operation is a GET) (answered 404)`],
    ['the current user on the auth host', 'GET', `${auth}/v2/users/me`, bearer, '', 404, `the app called GET ${auth}/v2/users/me; the current user is GET ${api}/v2/users/me (on the auth host: the API lives at {api_base_url}) (answered 404)`],
    ['a path the platform does not have', 'GET', `${api}/v2/accounts`, bearer, '', 404, `the app called GET ${api}/v2/accounts: the platform has no such route; its operations are POST ${auth}/oauth/token, GET ${api}/v2/users/me, GET ${api}/v2/users/me/meetings and GET ${api}/v2/meetings/{meetingId} (answered 404)`],
  ])('%s', (_, method, url, headers, body, status, problem) => {
    const j = judge();
    j.observe(exchangeOf(method, url, { headers, body }, { status }));
    const report = j.report();
    const check = report.checks.find((c) => c.clause === 'MP-CLIENT-ROUTE')!;
    expect(verdicts(report, 'MP-CLIENT-ROUTE')).toEqual(problem ? [problem] : []);
    expect(check.status).toBe(problem ? 'failed' : 'passed');
    expect(check.level).toBe('MUST');
    expect(JSON.stringify(report)).not.toContain('client-secret-value');
  });
});

describe('MP-CLIENT-PAGE-SIZE', () => {
  test.each([
    ['an integer', 'page_size=30', undefined],
    ['leading zeros, still an integer', 'page_size=030', undefined],
    ['percent-encoded digits read as digits', 'page_size=%33%30', undefined],
    ['empty', 'page_size=', 'page_size was empty: it is an integer'],
    ['a fraction', 'page_size=20.0', 'page_size was "20.0", not an integer in decimal digits'],
    ['an exponent', 'page_size=1e2', 'page_size was "1e2", not an integer in decimal digits'],
    ['a sign ("+" reads as a space)', 'page_size=+30', 'page_size was " 30", not an integer in decimal digits'],
    ['a word', 'page_size=all', 'page_size was "all", not an integer in decimal digits'],
    ['twice', 'page_size=30&page_size=300', 'page_size was sent 2 times ("30", "300"): it is one integer'],
  ])('%s', (_, query, problem) => {
    const j = judge();
    j.observe(exchangeOf('GET', `${api}/v2/users/me/meetings?${query}`, { headers: { authorization: `Bearer ${longToken}` } }, { json: { next_page_token: '', meetings: [] } }));
    const report = j.report();
    const check = report.checks.find((c) => c.clause === 'MP-CLIENT-PAGE-SIZE')!;
    expect(verdicts(report, 'MP-CLIENT-PAGE-SIZE')).toEqual(problem ? [problem] : []);
    expect([check.status, check.level, check.paths]).toEqual([problem ? 'failed' : 'passed', 'SHOULD', ['page-size']]);
  });

  test('a list request without page_size, or another operation with one, is not its business', () => {
    const j = judge();
    j.observe(exchangeOf('GET', `${api}/v2/users/me/meetings`, { headers: { authorization: `Bearer ${longToken}` } }, { json: { next_page_token: '', meetings: [] } }));
    j.observe(exchangeOf('GET', `${api}/v2/users/me?page_size=ten`, { headers: { authorization: `Bearer ${longToken}` } }));
    expect(j.report().checks.find((c) => c.clause === 'MP-CLIENT-PAGE-SIZE')!.status).toBe('skipped');
  });
});

test('token answers in a row are journalled with their token named each time: one like the one before, one with the token twice, one around it otherwise', () => {
  const j = judge();
  const tokens = ['t1', 't2', 't3', 't4', 't5'].map((t) => `${longToken}.${t}-${'x'.repeat(40)}`);
  const request = { headers: { authorization: basic, ...form }, body: 'grant_type=account_credentials&account_id=a' };
  const answers = [
    { json: { access_token: tokens[0], token_type: 'bearer', expires_in: 3600 } },
    { json: { access_token: tokens[1], token_type: 'bearer', expires_in: 3600 } },
    // The token twice: a showing of the one before would leave the second.
    { json: { access_token: tokens[2], token_type: 'bearer', expires_in: 3600, echo: tokens[2] } },
    { json: { access_token: tokens[3], token_type: 'bearer', expires_in: 3600 } },
    // The same length around the token, other text.
    { json: { access_token: tokens[4], token_type: 'BEARER', expires_in: 3600 } },
  ];
  answers.forEach((answer, i) => j.record(exchangeOf('POST', `${auth}/oauth/token`, request, answer, i)));
  const excerpts = j.journal().map((e) => e.answer.excerpt);
  expect(excerpts).toEqual([
    '{"access_token":"$ACCESS_TOKEN","token_type":"bearer","expires_in":3600}',
    '{"access_token":"$ACCESS_TOKEN","token_type":"bearer","expires_in":3600}',
    '{"access_token":"$ACCESS_TOKEN","token_type":"bearer","expires_in":3600,"echo":"$ACCESS_TOKEN"}',
    '{"access_token":"$ACCESS_TOKEN","token_type":"bearer","expires_in":3600}',
    '{"access_token":"$ACCESS_TOKEN","token_type":"BEARER","expires_in":3600}',
  ]);
  expect(JSON.stringify(j.journal())).not.toContain(longToken);
});

test('MP-CLIENT-TOKEN-REUSE keeps two apps apart by their Basic client ids: each taking one early token in turn, as a restart would, is no finding; the same four requests from one app are', () => {
  const basicOf = (id: string) => `Basic ${Buffer.from(`${id}:secret-of-${id}`).toString('base64')}`;
  const run = (ids: string[]) => {
    const j = judge();
    ids.forEach((id, i) => {
      const request = { headers: { authorization: basicOf(id), ...form }, body: 'grant_type=account_credentials&account_id=a' };
      j.observe(exchangeOf('POST', `${auth}/oauth/token`, request, { status: 200, ...tokenAnswer(`${longToken}-${i}`) }, i * 1000));
    });
    return verdicts(j.report(), 'MP-CLIENT-TOKEN-REUSE');
  };
  expect(run(['app-a', 'app-b', 'app-a', 'app-b'])).toEqual([]);
  expect(run(['app-a', 'app-a', 'app-a', 'app-a']).length).toBeGreaterThan(0);
});
