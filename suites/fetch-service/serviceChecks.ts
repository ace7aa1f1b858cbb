import type { Check } from '../../src/harness/check.ts';
import { page, refused, replied, resultOf, type Expectation } from './expectations.ts';
import { requireUnseen } from './farmProof.ts';
import { keyVariable, type FetchCall } from './fetchClient.ts';
import { judge, probeAll, type Case } from './judge.ts';
import { newProbe } from './originFarm.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';

/** The operation's address, its key, and the proxies option. */
export function defineServiceChecks(check: Check, s: SuiteTarget): void {
  const small = page(s.farm.page('/small').text);

  check('FS-VERSION-PATH', 'POST {base}/v1/fetch serves the fetch operation', async (ctx) => {
    // The result's fields are FS-RESULT-SHAPE's business; this clause asks that the operation answers here.
    const isResult: Expectation = (x) => (resultOf(x) ? undefined : `${replied(x)}; expected 200 with a fetch result (a JSON object)`);
    const verdicts = await probeAll(begin(ctx, s), [{ label: 'POST /v1/fetch', call: { body: { url: s.farm.url('httpUrl', '/small') } }, expect: isResult }]);
    judge(ctx, s.client, 'POST {base}/v1/fetch with a key and a valid body must answer 200 with a fetch result', verdicts);
  });

  check('FS-AUTH-KEY', 'a request with the issued key is served', async (ctx) => {
    const verdicts = await probeAll(begin(ctx, s), [{ label: 'X-SVC-API-Key: $SVC_API_KEY', call: { body: { url: s.farm.url('httpUrl', '/small') } }, expect: small }]);
    judge(ctx, s.client, 'a request carrying the issued key in X-SVC-API-Key must get 200 with the fetched page', verdicts);
  });

  check('FS-AUTH-REQUIRED', 'no key, an empty key, a key nobody issued or the key in another header: 4xx and nothing fetched', async (ctx) => {
    const keys: Array<[string, Pick<FetchCall, 'key' | 'headers'>]> = [
      ['no X-SVC-API-Key header', { key: null }],
      ['an empty X-SVC-API-Key', { key: '' }],
      ['a key nobody issued', { key: 'conform-not-an-issued-key' }],
      ['the key in Authorization: Bearer instead', { key: null, headers: { Authorization: `Bearer ${keyVariable}` } }],
    ];
    const probes = keys.map(() => newProbe());
    const cases = keys.map(([label, key], i): Case => ({ label, call: { body: { url: s.farm.url('httpUrl', '/small', probes[i]) }, ...key }, expect: refused }));
    const verdicts = await probeAll(begin(ctx, s), cases);
    await requireUnseen(s.farm, probes, verdicts, 'the origin farm received the page request: it was fetched without a valid key');
    judge(ctx, s.client, 'a request without an issued key in X-SVC-API-Key must be refused with 4xx before anything is fetched', verdicts);
  });

  check('FS-PROXIES-OPTION', 'proxies false or omitted fetches directly; proxies true is accepted', async (ctx) => {
    const url = s.farm.url('httpUrl', '/small');
    const accepted: Expectation = (x) => (x.status === 400 ? `${replied(x)}: a boolean proxies was refused as invalid` : undefined);
    const verdicts = await probeAll(begin(ctx, s), [
      { label: 'proxies: false', call: { body: { url, proxies: false } }, expect: small },
      { label: 'proxies omitted', call: { body: { url } }, expect: small },
      { label: 'proxies: true', call: { body: { url, proxies: true } }, expect: accepted },
    ]);
    judge(ctx, s.client, 'proxies must be accepted as a boolean, and false or omitted must fetch the page', verdicts);
  });
}
