import type { Check } from '../../src/harness/suite-api/check.ts';
import { page, replied, type Expectation } from './expectations.ts';
import { judge, probeAll } from './judge.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';

/** Seed §2: the proxies option, a boolean, with false or omitted fetching directly. */
export function defineProxiesChecks(check: Check, s: SuiteTarget): void {
  const small = page(s.farm.page('/small').text);
  check('FS-PROXIES-OPTION', 'proxies false or omitted fetches directly; proxies true is accepted', async (ctx) => {
    const url = s.farm.url('httpUrl', '/small');
    const accepted: Expectation = (x) => (x.status === 400 ? `${replied(x)}: a boolean proxies was refused as invalid` : undefined);
    const verdicts = await probeAll(begin(ctx, s), [
      { label: 'proxies: false', call: { body: { url, proxies: false } }, expect: small },
      { label: 'proxies omitted', call: { body: { url } }, expect: small },
      { label: 'proxies: true', call: { body: { url, proxies: true } }, expect: accepted },
    ]);
    judge(ctx, s.client, 'proxies must be accepted as a boolean, and false or omitted must fetch the page', verdicts);
  }, { paths: ['false', 'omitted', 'true'] });
}
