import type { Check } from '../../src/harness/suite-api/check.ts';
import { page, refused } from './expectations.ts';
import { requireUnseen } from './farmProof.ts';
import type { FetchCall } from './fetchClient.ts';
import { controlPasses, sendControls, servedPage } from './controlFetch.ts';
import { judge, probeAll, type Case } from './judge.ts';
import { equivalentsUnder, nearMissesUnder, type SentForm } from './sentFields.ts';
import { newProbe } from './originFarm.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';

/** Seed §4 and §5: the issued key in X-SVC-API-Key serves a request, and nothing else does. */
export function defineAuthChecks(check: Check, s: SuiteTarget): void {
  const small = page(s.farm.page('/small').text);
  const smallUrl = s.farm.url('httpUrl', '/small');
  // A refusal of a key that is not the issued one proves the comparison only beside the issued one served.
  const keyServed = servedPage(s, 'the same page fetched with the issued key in X-SVC-API-Key');

  // Ways of sending the key that are the seed's own: its own form, and each form the table of sent fields
  // makes equal to it (a JSON media type whatever its parameters and case, RFC 9110 §8.3.1; a header name
  // whatever its case, RFC 9110 §5.1).
  const keyWays: Array<[string, FetchCall]> = [
    ['X-SVC-API-Key: $SVC_API_KEY, Content-Type: application/json', { body: { url: smallUrl } }],
    ...equivalentsUnder('FS-AUTH-KEY').map((e): [string, FetchCall] => [e.label, { body: { url: smallUrl }, ...e.form }]),
  ];
  check('FS-AUTH-KEY', `a request with the issued key is served (${keyWays.length} ways of sending it: media type parameters and case, header name case)`, async (ctx) => {
    const verdicts = await probeAll(begin(ctx, s), keyWays.map(([label, call]): Case => ({ label, call, expect: small })));
    judge(ctx, s.client, 'a request carrying the issued key in X-SVC-API-Key and a JSON body must get 200 with the fetched page', verdicts);
  }, { paths: ['json', 'json-charset', 'media-type-case', 'header-name-case'] });

  const nearMisses = nearMissesUnder('FS-AUTH-REQUIRED', s.client.key);
  const keys: Array<[string, SentForm]> = [
    ['no X-SVC-API-Key header', { key: null }],
    ['a key nobody issued', { key: 'conform-not-an-issued-key' }],
    ...nearMisses.map((m): [string, SentForm] => [m.label, m.form]),
  ];
  const ways = callingWays(smallUrl, '').length;
  check('FS-AUTH-REQUIRED', `no key, an empty key, a key nobody issued or one almost the issued key (${nearMisses.length} near misses), on every way of calling (${ways} bodies and content types): 4xx and nothing fetched`, async (ctx) => {
    const probes: string[] = [];
    const cases: Case[] = [];
    const add = (keyLabel: string, key: SentForm, way: number): void => {
      const probe = newProbe();
      const [wayLabel, call] = callingWays(s.farm.url('httpUrl', '/small', probe), probe)[way]!;
      probes.push(probe);
      cases.push({ label: `${keyLabel}, ${wayLabel}`, call: { ...call, ...key }, expect: refused });
    };
    for (const [keyLabel, key] of keys) for (let way = 0; way < ways; way++) add(keyLabel, key, way);
    add('an empty X-SVC-API-Key', { key: '' }, 0);
    if (!nearMisses.some((m) => m.path === 'key-case')) ctx.notJudged('key-case', 'the key has no letters: in the other case it is the issued key itself');
    const post = begin(ctx, s);
    const [verdicts, controls] = await Promise.all([probeAll(post, cases), sendControls(post, [keyServed])]);
    await requireUnseen(s.farm, probes, verdicts, 'the origin farm received the page request: it was fetched without a valid key');
    judge(ctx, s.client, 'a request without an issued key in X-SVC-API-Key must be refused with 4xx before anything is fetched, whatever its body and content type', verdicts);
    controlPasses(ctx, controls);
  }, { paths: ['no-key', 'empty-key', 'unissued-key', 'key-appended', 'key-prepended', 'key-last-dropped', 'key-first-dropped', 'key-case', 'key-scheme', 'key-nbsp', 'json', 'json-charset', 'text-plain', 'no-content-type', 'form', 'query-no-body', 'not-json', 'empty-body'] });

  // The issued key in another place than X-SVC-API-Key: the near misses of the header's name.
  const elsewhere = nearMissesUnder('FS-AUTH-HEADER-ONLY', s.client.key);
  check('FS-AUTH-HEADER-ONLY', 'the issued key in another header than X-SVC-API-Key (Authorization: Bearer, X-API-Key) or in the query string is refused and nothing is fetched', async (ctx) => {
    const probes = elsewhere.map(() => newProbe());
    const cases = elsewhere.map((m, i): Case => ({ label: m.label, call: { body: { url: s.farm.url('httpUrl', '/small', probes[i]) }, ...m.form }, expect: refused }));
    const post = begin(ctx, s);
    const [verdicts, controls] = await Promise.all([probeAll(post, cases), sendControls(post, [keyServed])]);
    await requireUnseen(s.farm, probes, verdicts, 'the origin farm received the page request: the key was taken from another header');
    judge(ctx, s.client, 'the key should be taken from X-SVC-API-Key only: in another header, the request should be refused with 4xx and nothing fetched', verdicts);
    controlPasses(ctx, controls);
  }, { paths: ['authorization-bearer', 'x-api-key', 'query-parameter'] });

}

/**
 * Every way a caller can send a fetch request, with `url` in it where there is a place for one: the seed's
 * JSON (with and without a charset), the same JSON as text/plain or with no Content-Type, a form, the url
 * in the query string and no body, a body that is not JSON, and an empty body.
 */
function callingWays(url: string, probe: string): Array<[string, FetchCall]> {
  const json = JSON.stringify({ url });
  return [
    ['a JSON body (application/json)', { body: { url } }],
    ['a JSON body (application/json; charset=utf-8)', { body: { url }, contentType: 'application/json; charset=utf-8' }],
    ['a JSON body sent as text/plain', { raw: json, contentType: 'text/plain' }],
    ['a JSON body and no Content-Type', { raw: json, contentType: null }],
    ['a form body (application/x-www-form-urlencoded)', { raw: `url=${encodeURIComponent(url)}`, contentType: 'application/x-www-form-urlencoded' }],
    ['the url in the query string and no body', { raw: '', contentType: null, query: `url=${encodeURIComponent(url)}&probe=${probe}` }],
    ['a body that is not JSON', { raw: `not json ${probe}` }],
    ['an empty body', { raw: '' }],
  ];
}
