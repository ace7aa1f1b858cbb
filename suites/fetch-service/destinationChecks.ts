import type { Check, CheckContext } from '../../src/harness/suite-api/check.ts';
import { refused, replied, resultOf, type Expectation } from './expectations.ts';
import type { FetchCall } from './fetchClient.ts';
import { controlPasses, sendControls, servedPage, type Control } from './controlFetch.ts';
import { judge, type Verdict } from './judge.ts';
import { loopbackDestinations, remotePrivateDestinations, type PrivateDestination } from './privateDestinations.ts';
import type { Canary } from '../../src/harness/suite-api/startCanary.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';
import { withCanary } from './withCanary.ts';

/** A private destination as a probe: the URL to ask for, reached directly or through the farm's redirect. */
interface Row extends PrivateDestination {
  viaRedirect: boolean;
  /** allowInsecureSsl true for the first hop's sake. */
  insecure?: boolean;
}

/**
 * Seed §2: allowInsecureSsl is not for localhost, private, link-local or metadata destinations (MUST), and
 * such destinations are refused altogether (SHOULD). Against a local target every destination is loopback
 * and watched by a canary listener; against a deployment elsewhere they are the private ranges it lives in.
 */
export function defineDestinationChecks(check: Check, s: SuiteTarget): void {
  const scope = s.local ? 'loopback spellings, watched by a canary' : 'private-network and metadata addresses';

  check('FS-INSECURE-PRIVATE', `allowInsecureSsl for private destinations (${scope}, and on a hop of every redirect kind) is refused with 4xx and nothing is fetched`, (ctx) =>
    withCanary(s, async (canary) => {
      const rows = [...destinations(canary, 'https'), ...redirectRows(s, canary, 'https')];
      const [verdicts, controls] = await Promise.all([probeRows(ctx, s, canary, rows, { allowInsecureSsl: true }), sendControls(begin(ctx, s), [insecureHonoured(s)])]);
      judge(ctx, s.client, 'allowInsecureSsl true must not be honoured for localhost, private-network, link-local or cloud-metadata destinations: 4xx, nothing fetched', verdicts);
      controlPasses(ctx, controls);
    }), { paths: privatePaths },
  );

  check('FS-SSRF', `private destinations in every spelling (${scope}) and on redirect hops are refused with 4xx before any connection`, (ctx) =>
    withCanary(s, async (canary) => {
      const rows = [...destinations(canary, 'http'), ...redirectRows(s, canary, 'http')];
      const [verdicts, controls] = await Promise.all([probeRows(ctx, s, canary, rows, {}), sendControls(begin(ctx, s), [servedPage(s, "a permitted destination (the farm's /small page) fetched")])]);
      judge(ctx, s.client, 'loopback, private, link-local and metadata destinations, in any spelling and on every redirect hop, must be refused with 4xx before any connection', verdicts);
      controlPasses(ctx, controls);
    }), { paths: privatePaths },
  );
}

/**
 * FS-INSECURE-PRIVATE's control: allowInsecureSsl true honoured for a destination it is meant for (the
 * farm's expired certificate): a service that refuses every request with allowInsecureSsl refuses the
 * private ones too, and proves nothing by it.
 */
function insecureHonoured(s: SuiteTarget): Control {
  const text = s.farm.page('/small').text;
  return {
    label: "allowInsecureSsl true honoured for the farm's expired certificate",
    clause: 'FS-TLS-INSECURE',
    call: { body: { url: s.farm.url('expiredTlsUrl', '/small'), allowInsecureSsl: true } },
    expect: (x) => (resultOf(x)?.content === text ? undefined : `${replied(x)}; expected 200 with the farm's page`),
  };
}

function destinations(canary: Canary | undefined, scheme: 'http' | 'https'): Row[] {
  const rows = canary ? loopbackDestinations(canary, scheme) : remotePrivateDestinations(scheme);
  return rows.map((r) => ({ ...r, viaRedirect: false }));
}

/** The paths of the matrix the private-destination checks take: every spelling asked for, and every redirect kind. */
const privatePaths = ['direct', 'after-301', 'after-302', 'after-303', 'after-307', 'after-308', 'from-tls-listener'];

/** Every redirect status, and a hop from the farm's TLS listener: each way a redirect can lead to a private destination. */
const privateRedirects: ReadonlyArray<{ code: number; from: 'httpUrl' | 'httpsUrl' }> = [
  ...[301, 302, 303, 307, 308].map((code) => ({ code, from: 'httpUrl' as const })),
  { code: 302, from: 'httpsUrl' },
];

/** The farm redirecting to a private destination in every way: a service must check every hop, not just the first. */
function redirectRows(s: SuiteTarget, canary: Canary | undefined, scheme: 'http' | 'https'): Row[] {
  const target = canary ? `${scheme}://127.0.0.2:${canary.port}/` : `${scheme}://169.254.169.254/latest/meta-data/`;
  return privateRedirects.map(({ code, from }) => {
    const url = s.farm.url(from, `/redirect/to?status=${code}&url=${encodeURIComponent(target)}`);
    // From the TLS listener, allowInsecureSsl: a target need not trust the farm's certificate, and the hop
    // to check is the next one.
    const label = `a ${code} from the farm's ${from === 'httpUrl' ? 'http' : 'TLS'} listener to ${target}`;
    return { label, url, watched: canary?.addresses.includes('127.0.0.2') ?? false, viaRedirect: true, insecure: from === 'httpsUrl' };
  });
}

/** Refused, or (for a redirect hop) the 3xx returned unfollowed: either way nothing was fetched from it. */
const refusedOrUnfollowed: Expectation = (x) => {
  const status = resultOf(x)?.statusCode;
  return typeof status === 'number' && status >= 300 && status < 400 ? undefined : refused(x);
};

/**
 * One row at a time, so each connection the canary counts belongs to the row just sent; a row whose
 * destination the canary watches must have made none.
 */
async function probeRows(ctx: CheckContext, s: SuiteTarget, canary: Canary | undefined, rows: Row[], options: object): Promise<Verdict[]> {
  const post = begin(ctx, s);
  const verdicts: Verdict[] = [];
  for (const row of rows) {
    const before = canary?.connections ?? 0;
    const call: FetchCall = { body: { url: row.url, ...options, ...(row.viaRedirect ? { allowRedirects: true } : {}), ...(row.insecure ? { allowInsecureSsl: true } : {}) } };
    const exchange = await post(call);
    const problems = [(row.viaRedirect ? refusedOrUnfollowed : refused)(exchange)];
    const connected = (canary?.connections ?? 0) - before;
    if (connected > 0) problems.push(`the canary listener on loopback received ${connected} connection(s): the destination was contacted`);
    verdicts.push({ label: `${row.label}${row.watched ? '' : ' (not watched)'}`, exchange, problem: problems.filter(Boolean).join('; ') || undefined });
  }
  return verdicts;
}
