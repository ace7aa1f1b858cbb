import type { Check } from '../../src/harness/suite-api/check.ts';
import { replied, resultOf, type Expectation } from './expectations.ts';
import { judge, probeAll } from './judge.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';

/** Seed §4 and §9: the operation's address, with its version in the path. */
export function defineVersionChecks(check: Check, s: SuiteTarget): void {
  check('FS-VERSION-PATH', 'POST {base}/v1/fetch serves the fetch operation', async (ctx) => {
    // The result's fields are FS-RESULT-SHAPE's business; this clause asks that the operation answers here.
    const isResult: Expectation = (x) => (resultOf(x) ? undefined : `${replied(x)}; expected 200 with a fetch result (a JSON object)`);
    const verdicts = await probeAll(begin(ctx, s), [{ label: 'POST /v1/fetch', call: { body: { url: s.farm.url('httpUrl', '/small') } }, expect: isResult }]);
    judge(ctx, s.client, 'POST {base}/v1/fetch with a key and a valid body must answer 200 with a fetch result', verdicts);
  }, { paths: ['post-v1-fetch'] });
}
