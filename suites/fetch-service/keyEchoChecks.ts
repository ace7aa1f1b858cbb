import type { Check } from '../../src/harness/suite-api/check.ts';
import { noKeyToSearch, placed } from './callerCredentials.ts';
import { credentialProbes } from './credentialProbes.ts';
import { keyVariable, type Exchange } from './fetchClient.ts';
import { judge, probeAll, type Case, type Verdict } from './judge.ts';
import { provokeTooMany } from './provokeTooMany.ts';
import { anywhereLength, secretSearch, type SecretSearch } from '../../src/rules/fetch-service/secretSearch.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';

/**
 * Seed §5: the key is the caller's credential, kept in an environment variable; a reply that carries it
 * back puts it in every log, proxy and error tracker the reply passes. Every kind of reply is provoked
 * with the key sent (or sent in the wrong place), and its headers and body are searched for it.
 */
export function defineKeyEchoChecks(check: Check, s: SuiteTarget): void {
  const url = (path: string) => s.farm.url('httpUrl', path);
  const privateUrl = s.local ? 'http://127.0.0.2:9/' : 'http://169.254.169.254/latest/meta-data/';
  const slow = `/slow/headers?ms=${s.pastTimeoutMs}`;
  const kinds: Array<Omit<Case, 'expect'>> = [
    { label: '200: a page', call: { body: { url: url('/small') } } },
    { label: '200: a redirect returned unfollowed', call: { body: { url: url('/redirect/status/302') } } },
    { label: '400: url absent', call: { body: {} } },
    { label: '400: url not a URI', call: { body: { url: 'not a url' } } },
    { label: '400: a body that is not JSON', call: { raw: 'not json' } },
    { label: 'the key in Authorization: Bearer instead of X-SVC-API-Key (served or refused)', call: { body: { url: url('/small') }, key: null, headers: { Authorization: `Bearer ${keyVariable}` } } },
    { label: 'the body sent as text/plain (served or refused)', call: { raw: JSON.stringify({ url: url('/small') }), headers: { 'Content-Type': 'text/plain' } } },
    { label: `4xx: a private destination (${privateUrl})`, call: { body: { url: privateUrl } } },
    { label: '502: a connection reset by the origin', call: { body: { url: url('/broken/reset') } } },
    { label: '502: an expired certificate', call: { body: { url: s.farm.url('expiredTlsUrl', '/small') } } },
    { label: '5xx: a redirect loop', call: { body: { url: url('/redirect/loop/a'), allowRedirects: true } } },
    // The same slow probes as FS-502-SIZE and FS-504 make: shared, so the target's slots are spent once.
    { label: '502: a body of 1 GiB', call: { body: { url: url('/big') }, shareAs: '/big' } },
    { label: '504: a page slower than the timeout', call: { body: { url: url(slow) }, shareAs: slow } },
  ];

  const echoPaths = ['200', '200-redirect', '400', 'key-elsewhere', 'text-plain', 'destination-refusal', '502-upstream', '502-tls', 'redirect-loop', '502-size', '504', '429', 'with-caller-credentials'];
  const short = (s.client.key?.length ?? anywhereLength) < anywhereLength ? ' (a short key: where it stands whole)' : '';
  check('FS-SEC-KEY-ECHO', `no reply (${kinds.length} kinds, results and errors, and the 429 and credential probes' replies) carries the key in its headers or body${short}`, async (ctx) => {
    const post = begin(ctx, s);
    const search = secretSearch(s.client.key!);
    ctx.evidence('how the API key was searched for', search.scope);
    const expect = (x: Exchange) => echoed(x, search);
    const [verdicts, crowd, credentials] = await Promise.all([
      probeAll(post, kinds.map((k) => ({ ...k, expect }))),
      s.shared('crowd', () => provokeTooMany(s, post)),
      credentialProbes(s),
    ]);
    const more: Verdict[] = [
      ...(crowd.tooMany ? [{ label: '429: concurrent slow fetches', exchange: crowd.tooMany }] : []),
      ...credentials.probes.map((p) => ({ label: `with the caller's credentials: ${p.label}`, exchange: p.exchange })),
    ];
    for (const v of more) v.problem = expect(v.exchange);
    if (!crowd.tooMany) ctx.notJudged('429', 'no fetch of the crowd got a 429 (FS-429 judges that)');
    ctx.evidence('statuses provoked', [...verdicts, ...more].map((v) => `${v.label}: ${v.exchange.status}`).join('\n'));
    judge(ctx, s.client, 'no reply, success or error, may carry the API key or its base64 form in its headers or body', [...verdicts, ...more], { of: 'replies', failed: 'carry the API key' });
  }, { timeout: s.fetchTimeoutMs * 3 + 30_000, skip: noKeyToSearch(s.client.key), paths: echoPaths });
}

/** Where a reply carries the key, or undefined when it does not. */
export function echoed(x: Exchange, search: SecretSearch): string | undefined {
  const found: string[] = [];
  for (const [name, value] of Object.entries(x.headers)) {
    const form = search.header(name, value);
    if (form) found.push(placed(`header ${name}`, form));
  }
  const inBody = search.body(x.text, x.json);
  if (inBody) found.push(placed('body', inBody));
  return found.length ? `the ${x.status} reply carries the API key in its ${found.join(', ')}` : undefined;
}
