import type { Check, CheckContext } from '../../src/harness/suite-api/check.ts';
import { credentialsIn, noKeyToSearch, type Credential } from './callerCredentials.ts';
import { credentialPaths, credentialProbes, type CredentialProbe } from './credentialProbes.ts';
import { judge, type Verdict } from './judge.ts';
import { anywhereLength, secretSearch } from '../../src/rules/fetch-service/secretSearch.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';

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
