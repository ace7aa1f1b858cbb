import type { Check } from '../../src/harness/suite-api/check.ts';
import { fetchedStatus, headerOf, page, replied, resultOf, type Expectation } from './expectations.ts';
import { requireUnseen } from './farmProof.ts';
import { judge, probeAll, type Case, type Verdict } from './judge.ts';
import { newProbe } from './originFarm.ts';
import { hopForms, hopProbe, hopProblem, hopStatuses, relativeLocations, type Form } from './redirectHops.ts';
import { followed, followedTour, tourCall, tourPage, tourRows } from './redirectTour.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';

const redirectStatuses = [301, 302, 303, 307, 308];

/**
 * Seed §4 rule 2 and §2: redirects are followed when asked, and only then; on every kind of redirect (the
 * tour), and each hop to the Location resolved whole.
 */
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

  defineTourChecks(check, s);
  defineHopChecks(check, s);
}

/** The `code` redirect itself as the result, with its Location (which names `target`). */
function notFollowed(code: number, target = '/small'): Expectation {
  return (x) => {
    const result = resultOf(x);
    if (!result) return `${replied(x)}; expected 200 with the ${code} as the result`;
    if (result.statusCode !== code) return `the result reports statusCode ${JSON.stringify(result.statusCode)}, not the ${code} the origin answered`;
    const location = headerOf(result, 'location');
    return typeof location === 'string' && location.includes(target) ? undefined : `the result's headers lack the Location (${JSON.stringify(location)})`;
  };
}

/**
 * Seed §2 after every kind of redirect: with allowRedirects, every kind is followed to the page at its
 * end, and without it every kind is the result itself, whichever status redirected, whether the Location
 * was relative or absolute, and across schemes and origins. One tour of fetches (redirectTour.ts) for both;
 * resultChecks.ts judges the result's fields on the same tour.
 */
function defineTourChecks(check: Check, s: SuiteTarget): void {
  const page = s.farm.page(tourPage);
  const tourPaths = tourRows(s.farm.listeners).map((row) => row.path);
  const kinds = tourPaths.length;

  check('FS-REDIRECT-FOLLOW', `with allowRedirects, every kind of redirect (${kinds}) is followed to the page at its end`, async (ctx) => {
    begin(ctx, s);
    const stops = await followedTour(s);
    const verdicts = stops.map(({ row, exchange }): Verdict => ({
      label: row.label,
      exchange,
      problem: followed(exchange, page.text) ? undefined : resultOf(exchange) ? `the ${row.status} came back as the result: it was not followed` : `${replied(exchange)}; expected 200 with the page at the end of the redirect`,
    }));
    judge(ctx, s.client, 'with allowRedirects true, the result must be the response at the end of the redirect chain, whatever the redirect status, Location, scheme or origin', verdicts);
  }, { paths: tourPaths });

  check('FS-REDIRECT-DEFAULT', `without allowRedirects, every kind of redirect (${kinds}) is the result, Location included, and is not followed`, async (ctx) => {
    const probes = new Map<string, string>();
    const rows = tourRows(s.farm.listeners, (row) => {
      const probe = newProbe();
      probes.set(row, probe);
      return probe;
    });
    const verdicts = await probeAll(begin(ctx, s), rows.map((row) => ({ label: `${row.label}, allowRedirects omitted`, call: tourCall(row, undefined), expect: notFollowed(row.status, tourPage) })));
    await requireUnseen(s.farm, rows.map((row) => probes.get(row.path)!), verdicts, 'the origin farm received the page the redirect points to: it was followed', (r) => r.path.startsWith(tourPage));
    judge(ctx, s.client, 'with allowRedirects false or omitted, the result must be the 3xx response itself, with its Location, whatever the status, Location, scheme or origin', verdicts);
  }, { paths: tourPaths });
}

/**
 * Seed §2: with allowRedirects the service follows redirects, and following one is requesting what its
 * Location names (RFC 9110 §10.2.2): the Location resolved against the URL that answered (RFC 3986 §5),
 * whole, path and query as sent. On every redirect status, the Location absolute and in every relative
 * form, its query holding several parameters and percent-encoded characters: proven by the request the
 * origin farm received for the hop (its query carries the probe token).
 */
function defineHopChecks(check: Check, s: SuiteTarget): void {
  const paths = [...hopStatuses.map((code) => `hop-${code}`), ...hopForms.map((form) => `hop-${form}`)];
  // Every status with an absolute Location and one relative form, the relative forms in turn: every status
  // and every form, in 10 fetches.
  const relative = hopForms.filter((form) => form !== 'absolute');
  const pairs = hopStatuses.flatMap((status, i) => [[status, 'absolute'], [status, relative[i % relative.length]!]] as Array<[number, Form]>);
  check('FS-REDIRECT-FOLLOW', `each redirect hop requests the Location resolved against the URL that answered, whole (${hopStatuses.length} statuses, absolute and ${relative.length} relative Location forms, a query with several parameters and percent-encoded characters)`, async (ctx) => {
    const post = begin(ctx, s);
    const verdicts: Verdict[] = [];
    // Two at a time: within any concurrency limit, beside the checks that hold slots for a whole timeout.
    for (let i = 0; i < pairs.length; i += 2) {
      const two = pairs.slice(i, i + 2).map(([status, form]) => hopProbe(s, status, form));
      verdicts.push(
        ...(await Promise.all(
          two.map(async (p): Promise<Verdict> => {
            const exchange = await post({ body: { url: p.url, allowRedirects: true } });
            const label = `a ${p.status} whose Location is ${p.form === 'absolute' ? 'an absolute URL' : `${p.form} (${JSON.stringify(relativeLocations[p.form])}…)`} with a query`;
            return { label, exchange, ...hopProblem(p, exchange, await s.farm.requests(p.probe)) };
          }),
        )),
      );
    }
    judge(ctx, s.client, 'with allowRedirects true, each hop must request the Location resolved against the URL that answered, its path and query whole', verdicts);
  }, { paths });
}
