import type { Check, CheckContext } from '../../src/harness/suite-api/check.ts';
import { callerCredentials, credentialsIn, noKeyToSearch, type Credential } from './callerCredentials.ts';
import type { Exchange } from './fetchClient.ts';
import { judge, type Verdict } from './judge.ts';
import { newProbe, type FarmRequest } from './originFarm.ts';
import { anywhereLength, secretSearch } from '../../src/rules/fetch-service/secretSearch.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';

/** The paths of the matrix (specs/fetch-service.paths.json) the credential probes take: every hop a credential could ride. */
export const credentialPaths = ['first-request', 'after-301', 'after-302', 'after-303', 'after-307', 'after-308', 'relative-location', 'chain', 'scheme-upgrade', 'scheme-downgrade'] as const;
type CredentialPath = (typeof credentialPaths)[number];

/** One fetch carrying every credential, and what the origin farm logged for its probe token, hop by hop. */
export interface CredentialProbe {
  label: string;
  exchange: Exchange;
  hops: FarmRequest[];
}

export interface CredentialProbes {
  probes: CredentialProbe[];
  /** The caller's own Authorization, Cookie and Proxy-Authorization as the probes sent them. */
  caller: Credential[];
}

/**
 * The fetches the credential checks judge, made once per target: a page, redirects of every status, a
 * chain, relative and absolute Locations, and hops to another origin (plain HTTP to TLS and back). Each
 * carries the key, the caller's marked headers and its own probe token, which every hop keeps.
 */
export function credentialProbes(s: SuiteTarget): Promise<CredentialProbes> {
  return s.shared('credential-probes', async () => {
    const { headers, credentials } = callerCredentials();
    const redirect = (path: CredentialPath, label: string, farmPath: string) => ({ path, label, make: (probe: string) => s.farm.url('httpUrl', farmPath, probe) });
    const across = (path: CredentialPath, label: string, from: 'httpUrl' | 'httpsUrl', to: 'httpUrl' | 'httpsUrl') => ({
      path,
      label,
      make: (probe: string) => s.farm.url(from, `/redirect/to?url=${encodeURIComponent(s.farm.url(to, '/small', probe))}`, probe),
    });
    const rows = [
      redirect('first-request', 'the first request (no redirect)', '/small'),
      redirect('after-302', 'a 302 to the same origin (absolute Location)', '/redirect/absolute'),
      redirect('relative-location', 'a 302 with a relative Location', '/redirect/relative'),
      redirect('chain', 'a chain of 3 redirects', '/redirect/chain/3'),
      ...([301, 303, 307, 308] as const).map((code) => redirect(`after-${code}`, `a ${code} to the same origin`, `/redirect/status/${code}`)),
      across('scheme-upgrade', "a 302 to another origin (the farm's TLS listener)", 'httpUrl', 'httpsUrl'),
      across('scheme-downgrade', 'a 302 from TLS to plain HTTP (another origin)', 'httpsUrl', 'httpUrl'),
    ];
    const probes = await Promise.all(
      rows.map(async (row) => {
        const probe = newProbe();
        const exchange = await s.client.post({ body: { url: row.make(probe), allowRedirects: true }, headers });
        return { label: row.label, exchange, hops: await s.farm.requests(probe) };
      }),
    );
    return { probes, caller: credentials };
  });
}

/**
 * Seed §5 makes the key the caller's credential and §4 gives the request no headers to pass on; §1 makes
 * the origin any host on the internet. So nothing the caller authenticates with may reach it, on any hop:
 * proven from the farm's request log, where each hop of a probe carries the probe's token.
 */
export function defineCredentialChecks(check: Check, s: SuiteTarget): void {
  const short = (s.client.key?.length ?? anywhereLength) < anywhereLength ? ' (a short key: where it stands whole)' : '';
  check('FS-SEC-KEY-FORWARD', `the API key reaches the origin on no hop (first request, same-origin and cross-origin redirects), in no form${short}`, async (ctx) => {
    begin(ctx, s);
    const { probes } = await credentialProbes(s);
    const key: Credential = { name: 'the API key', search: secretSearch(s.client.key!) };
    ctx.evidence('how the API key was searched for', key.search.scope);
    judgeHops(ctx, s, 'the API key must never reach the fetched origin, as is or encoded, on any hop', probes, [key], 'sent the origin the API key');
  }, { skip: noKeyToSearch(s.client.key), paths: [...credentialPaths] });

  check('FS-SEC-CALLER-HEADERS', "the caller's Authorization, Cookie and Proxy-Authorization reach the origin on no hop, in no form", async (ctx) => {
    begin(ctx, s);
    const { probes, caller } = await credentialProbes(s);
    judgeHops(ctx, s, "the caller's Authorization, Cookie and Proxy-Authorization must never reach the fetched origin, on any hop", probes, caller, "sent the origin a credential of the caller's");
  }, { paths: [...credentialPaths] });
}

/** A verdict per probe: wrong when any request the origin received for it carries one of `credentials`. */
function judgeHops(ctx: CheckContext, s: SuiteTarget, rule: string, probes: CredentialProbe[], credentials: Credential[], failed: string): void {
  const verdicts: Verdict[] = probes.map(({ label, exchange, hops }) => {
    // The same request can be logged more than once (a retry after a 429): each distinct find once, counted.
    const finds = new Map<string, number>();
    const kinds = new Set<string>();
    for (const hop of hops) {
      for (const found of credentialsIn(hop, credentials)) {
        const line = `${hop.method} ${hop.path} (${hop.listener} listener) carried ${found}`;
        finds.set(line, (finds.get(line) ?? 0) + 1);
        kinds.add(found);
      }
    }
    const leaks = [...finds].map(([line, n]) => (n > 1 ? `${line} (${n} times)` : line));
    if (leaks.length) ctx.evidence(`${label}: what the origin received`, leaks.join('\n'));
    // Grouped by what reached the origin where, whichever request of which probe carried it.
    const cause = `the origin received ${[...kinds].sort().join(', ')}`;
    return { label, exchange, problem: leaks.length ? `the origin received: ${leaks.join('; ')}` : undefined, cause };
  });
  // What the proof rests on: the requests the farm saw. None at all: the target never reached this farm (a
  // mock that answers its pages in memory), so nothing could leak to it.
  const seen = probes.map((p) => `${p.label}: ${p.hops.length}`);
  if (probes.every((p) => p.hops.length === 0)) seen.push('(the target reached the origin farm with no request: nothing was sent there to leak)');
  ctx.evidence('requests the origin farm logged per probe', seen.join('\n'));
  judge(ctx, s.client, rule, verdicts, { of: 'fetches', failed });
}
