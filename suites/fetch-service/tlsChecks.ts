import type { Check } from '../../src/harness/suite-api/check.ts';
import { behindRedirect, page, replied, status, type Expectation } from './expectations.ts';
import type { FetchCall } from './fetchClient.ts';
import { requireUnseen } from './farmProof.ts';
import { controlPasses, sendControls, type Control } from './controlFetch.ts';
import { judge, probeAll, type Case } from './judge.ts';
import { newProbe, type FarmListeners } from './originFarm.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';

/** The farm's listeners whose certificate does not verify, each for one reason. */
const unverifiable: Array<[keyof FarmListeners, string]> = [
  ['expiredTlsUrl', 'expired certificate'],
  ['wrongHostTlsUrl', 'certificate for another host'],
];

/**
 * The ways of leaving verification on: the option omitted, false, or omitted beside options of its name in
 * another case (JSON member names are compared as written, RFC 8259 §8.3: AllowInsecureSsl is not it).
 */
const defaults: Array<[string, object]> = [
  ['omitted', {}],
  ['false', { allowInsecureSsl: false }],
  ['omitted, AllowInsecureSsl: true and allowinsecuressl: true sent (the option named in another case)', { AllowInsecureSsl: true, allowinsecuressl: true }],
];

/** How a probe reaches the unverifiable host: asked for, or on a redirect hop (where verification applies as much). */
type Route = 'direct' | 'after-redirect';
const routes: Route[] = ['direct', 'after-redirect'];

/** A redirect the service did not follow reached no TLS host: the TLS clauses have nothing to judge in it. */
function onRoute(route: Route, expect: Expectation): Expectation {
  return route === 'direct' ? expect : behindRedirect(expect);
}

/** Seed §4 rule 3, §7 and §2: TLS verified unless allowInsecureSsl, 502 when verification fails. */
export function defineTlsChecks(check: Check, s: SuiteTarget): void {
  /** `/small` on an unverifiable listener: asked for directly, or reached through a redirect on the farm's plain listener. */
  const urlOf = (listener: keyof FarmListeners, route: Route, probe?: string): string => {
    const target = s.farm.url(listener, '/small', probe);
    return route === 'direct' ? target : s.farm.url('httpUrl', `/redirect/to?status=307&url=${encodeURIComponent(target)}`);
  };
  const routeOptions = (route: Route): object => (route === 'direct' ? {} : { allowRedirects: true });
  const routeLabel = (route: Route): string => (route === 'direct' ? '' : ', reached through a followed 307');

  /** Each unverifiable listener, directly and through a redirect, with allowInsecureSsl omitted and false, each with its own probe token. */
  const verificationCases = (expect: Expectation): Array<{ probe: string; case: Case }> =>
    routes.flatMap((route) =>
      unverifiable.flatMap(([listener, why]) =>
        defaults.map(([how, options]) => {
          const probe = newProbe();
          const call: FetchCall = { body: { url: urlOf(listener, route, probe), ...routeOptions(route), ...options } };
          return { probe, case: { label: `${why}${routeLabel(route)}, allowInsecureSsl ${how}`, call, expect: onRoute(route, expect) } };
        }),
      ),
    );

  const small = page(s.farm.page('/small').text);
  /** The listener whose certificate verifies, fetched without allowInsecureSsl: directly, and through a redirect. */
  const verifiedCases: Case[] = routes.map((route) => ({
    label: `the certificate that verifies${routeLabel(route)}, allowInsecureSsl omitted`,
    call: { body: { url: urlOf('httpsUrl', route), ...routeOptions(route) } },
    expect: onRoute(route, small),
  }));
  /**
   * What FS-TLS-DEFAULT's and FS-502-TLS's refusals are proven by: the same fetches of a certificate that
   * verifies, served. A service that refuses every certificate (an empty trust store) refuses the bad ones too.
   */
  const verifiedControls: Control[] = verifiedCases.map((c) => ({ label: c.label, clause: 'FS-TLS-VERIFIED', call: c.call, expect: c.expect }));

  check('FS-TLS-VERIFIED', 'a host whose certificate verifies is fetched without allowInsecureSsl, asked for or on a redirect hop', async (ctx) => {
    judge(ctx, s.client, 'with allowInsecureSsl false or omitted, a host whose certificate verifies must be fetched (200)', await probeAll(begin(ctx, s), verifiedCases));
  }, { paths: [...routes] });

  check('FS-TLS-DEFAULT', 'a host whose certificate is expired or for another host is not fetched without allowInsecureSsl, asked for or on a redirect hop', async (ctx) => {
    const notFetched: Expectation = (x) => (x.status >= 400 ? undefined : `${replied(x)}; the page was fetched over TLS that does not verify`);
    const probes = verificationCases(notFetched);
    const post = begin(ctx, s);
    const [verdicts, controls] = await Promise.all([probeAll(post, probes.map((p) => p.case)), sendControls(post, verifiedControls)]);
    // A handshake that fails never reaches HTTP: the farm must have logged none of the probes.
    await requireUnseen(s.farm, probes.map((p) => p.probe), verdicts, 'the origin farm received the request over TLS that does not verify');
    judge(ctx, s.client, 'with allowInsecureSsl false or omitted, a host whose certificate does not verify must not be fetched', verdicts);
    controlPasses(ctx, controls);
  }, { paths: [...routes, 'option-name-case'] });

  check('FS-502-TLS', 'a fetch refused for TLS verification gets 502, on the first request or a redirect hop', async (ctx) => {
    const post = begin(ctx, s);
    const [verdicts, controls] = await Promise.all([probeAll(post, verificationCases(status(502)).map((p) => p.case)), sendControls(post, verifiedControls)]);
    judge(ctx, s.client, 'a fetch refused because TLS certificate verification failed must get 502 Bad Gateway', verdicts);
    controlPasses(ctx, controls);
  }, { paths: [...routes, 'option-name-case'] });

  check('FS-TLS-INSECURE', 'with allowInsecureSsl, the test hosts with an expired or wrong-host certificate are fetched, asked for or on a redirect hop', async (ctx) => {
    const cases = routes.flatMap((route) =>
      unverifiable.map(([listener, why]): Case => ({ label: `${why}${routeLabel(route)}, allowInsecureSsl true`, call: { body: { url: urlOf(listener, route), ...routeOptions(route), allowInsecureSsl: true } }, expect: onRoute(route, small) })),
    );
    judge(ctx, s.client, 'with allowInsecureSsl true, a trusted test host whose certificate does not verify must be fetched (200)', await probeAll(begin(ctx, s), cases));
  }, { paths: [...routes] });
}
