import type { Check } from '../../src/harness/suite-api/check.ts';
import { fetchedStatus, headerOf, page, replied, resultOf, type Expectation } from './expectations.ts';
import { requireUnseen } from './farmProof.ts';
import { judge, probeAll, type Case } from './judge.ts';
import { newProbe } from './originFarm.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';

const redirectStatuses = [301, 302, 303, 307, 308];

/** Seed §4 rule 2 and §2: redirects are followed when asked, and only then. */
export function defineRedirectChecks(check: Check, s: SuiteTarget): void {
  check('FS-REDIRECT-DEFAULT', `without allowRedirects, a ${redirectStatuses.join('/')} is the result, Location included, and is not followed`, async (ctx) => {
    const probes: Array<{ probe: string; case: Case }> = [
      ...redirectStatuses.map((code) => ({ code, options: {}, label: `${code}, allowRedirects omitted` })),
      { code: 302, options: { allowRedirects: false }, label: '302, allowRedirects: false' },
      // JSON member names are compared as written (RFC 8259 §8.3): AllowRedirects is not allowRedirects, which stays omitted.
      { code: 302, options: { AllowRedirects: true }, label: '302, AllowRedirects: true (the option named in another case; allowRedirects omitted)' },
      { code: 307, options: { allowredirects: true }, label: '307, allowredirects: true (the option named in another case; allowRedirects omitted)' },
    ].map(({ code, options, label }) => {
      const probe = newProbe();
      return { probe, case: { label, call: { body: { url: s.farm.url('httpUrl', `/redirect/status/${code}`, probe), ...options } }, expect: notFollowed(code) } };
    });
    const verdicts = await probeAll(begin(ctx, s), probes.map((p) => p.case));
    const toTarget = (r: { path: string }) => r.path.startsWith('/small');
    await requireUnseen(s.farm, probes.map((p) => p.probe), verdicts, 'the origin farm received the redirect target: it was followed', toTarget);
    judge(ctx, s.client, 'with allowRedirects false or omitted, the result must be the 3xx response itself, with its Location, and the target must not be fetched', verdicts);
  }, { paths: [...redirectStatuses.map((code) => `status-${code}`), 'allowRedirects-false', 'option-name-case'] });

  const small = page(s.farm.page('/small').text);
  check('FS-REDIRECT-FOLLOW', 'with allowRedirects true, chains, relative and absolute Locations and every redirect status are followed', async (ctx) => {
    const followed = (path: string, expect: Expectation): Case => ({ label: path, call: { body: { url: s.farm.url('httpUrl', path), allowRedirects: true } }, expect });
    const cases = [
      followed('/redirect/chain/3', fetchedStatus(200)),
      followed('/redirect/relative', small),
      followed('/redirect/absolute', small),
      ...redirectStatuses.map((code) => followed(`/redirect/status/${code}`, small)),
    ];
    judge(ctx, s.client, 'with allowRedirects true, the result must be the response at the end of the redirect chain', await probeAll(begin(ctx, s), cases));
  }, { paths: ['chain', 'relative', 'absolute', ...redirectStatuses.map((code) => `status-${code}`)] });
}

/** The `code` redirect itself as the result, with its Location (which names `target`). */
export function notFollowed(code: number, target = '/small'): Expectation {
  return (x) => {
    const result = resultOf(x);
    if (!result) return `${replied(x)}; expected 200 with the ${code} as the result`;
    if (result.statusCode !== code) return `the result reports statusCode ${JSON.stringify(result.statusCode)}, not the ${code} the origin answered`;
    const location = headerOf(result, 'location');
    return typeof location === 'string' && location.includes(target) ? undefined : `the result's headers lack the Location (${JSON.stringify(location)})`;
  };
}
