import type { Check } from '../../src/harness/suite-api/check.ts';
import { errorBodyProblem, jsonObjectProblem } from '../../src/rules/fetch-service/replyProblems.ts';
import { controlPasses, sendControls, servedPage } from './controlFetch.ts';
import { judge, probeAll, type Case, type Verdict } from './judge.ts';
import { provokeTooMany } from './provokeTooMany.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';


/** Seed §2 and §7: every reply is JSON, and every error reply carries {statusCode, error, message}. */
export function defineReplyChecks(check: Check, s: SuiteTarget): void {
  const small = s.farm.url('httpUrl', '/small');
  const privateUrl = s.local ? 'http://127.0.0.2:9/' : 'http://169.254.169.254/latest/meta-data/';
  /** Each kind of reply, with the path of the matrix (specs/fetch-service.paths.json) it takes. */
  type Kind = Case & { path: string };
  const quickReplies: Kind[] = [
    { path: '200', label: '200: a page', call: { body: { url: small } }, expect: jsonObjectProblem },
    { path: '400', label: '400: url absent', call: { body: {} }, expect: jsonObjectProblem },
    { path: '400', label: '400: a body that is not JSON', call: { raw: 'not json' }, expect: jsonObjectProblem },
    { path: 'key-refusal', label: '4xx: no key', call: { body: { url: small }, key: null }, expect: jsonObjectProblem },
    { path: 'key-refusal', label: '4xx: a key nobody issued', call: { body: { url: small }, key: 'conform-not-an-issued-key' }, expect: jsonObjectProblem },
    { path: 'destination-refusal', label: `4xx: a private destination (${privateUrl})`, call: { body: { url: privateUrl } }, expect: jsonObjectProblem },
    { path: '502-tls', label: '502: an expired certificate', call: { body: { url: s.farm.url('expiredTlsUrl', '/small') } }, expect: jsonObjectProblem },
  ];

  const slow = `/slow/headers?ms=${s.pastTimeoutMs}`;
  const slowReplies: Kind[] = [
    // The same probes as FS-502-SIZE and FS-504 make: shared, so the target's slots are spent once.
    { path: '502-size', label: '502: a body of 1 GiB', call: { body: { url: s.farm.url('httpUrl', '/big') }, shareAs: '/big' }, expect: errorBodyProblem },
    { path: '504', label: '504: a page slower than the timeout', call: { body: { url: s.farm.url('httpUrl', slow) }, shareAs: slow }, expect: errorBodyProblem },
  ];
  const pathsOf = (kinds: Kind[]): string[] => [...new Set(kinds.map((k) => k.path))];
  check('FS-REPLY-JSON', `replies are JSON objects sent as application/json (${quickReplies.length} kinds, errors included)`, async (ctx) => {
    judge(ctx, s.client, 'every reply, the 200 result and every error, must be a JSON object sent with Content-Type application/json', await probeAll(begin(ctx, s), quickReplies));
  }, { paths: pathsOf(quickReplies) });

  check('FS-REPLY-JSON', 'the replies to slow fetches (502 for a body too large, 504) and the 429 are JSON objects sent as application/json too', async (ctx) => {
    const post = begin(ctx, s);
    const [verdicts, crowd] = await Promise.all([probeAll(post, slowReplies.map((c) => ({ ...c, expect: jsonObjectProblem }))), s.shared('crowd', () => provokeTooMany(s, post))]);
    if (crowd.tooMany) verdicts.push({ label: '429: concurrent slow fetches', exchange: crowd.tooMany, problem: jsonObjectProblem(crowd.tooMany) });
    else ctx.notJudged('429', 'no fetch of the crowd got a 429 (FS-429 judges that)');
    judge(ctx, s.client, 'every reply, the 200 result and every error, must be a JSON object sent with Content-Type application/json', verdicts);
  }, { timeout: s.fetchTimeoutMs * 3 + 30_000, paths: [...pathsOf(slowReplies), '429'] });

  check('FS-ERROR-BODY', 'every error reply (400, 4xx for the key, 4xx refusal, 429, 502, 504) is {statusCode, error, message} matching its status', async (ctx) => {
    const post = begin(ctx, s);
    const errorKinds = [...quickReplies.filter((c) => c.path !== '200').map((c) => ({ ...c, expect: errorBodyProblem })), ...slowReplies];
    const [verdicts, crowd, controls] = await Promise.all([
      probeAll(post, errorKinds),
      s.shared('crowd', () => provokeTooMany(s, post)),
      sendControls(post, [servedPage(s, "the farm's /small page served: the error replies are the service's own")]),
    ]);
    if (crowd.tooMany) verdicts.push({ label: '429: concurrent slow fetches', exchange: crowd.tooMany, problem: errorBodyProblem(crowd.tooMany) });
    else ctx.notJudged('429', 'no fetch of the crowd got a 429 (FS-429 judges that)');
    // Replies that are no error are other clauses' business; this one judges the error bodies that came.
    const errors: Verdict[] = verdicts.filter((v) => v.exchange.status >= 400);
    errorKinds.forEach((kind, i) => {
      const status = verdicts[i]!.exchange.status;
      if (status < 400 && !errorKinds.some((k, j) => k.path === kind.path && verdicts[j]!.exchange.status >= 400)) ctx.notJudged(kind.path, `${kind.label} got no error reply (${status})`);
    });
    ctx.evidence('statuses provoked', verdicts.map((v) => `${v.label}: ${v.exchange.status}`).join('\n'));
    if (!errors.length) throw new Error('none of the probes got an error reply, so no error body could be checked');
    judge(ctx, s.client, "every error reply's body must be {statusCode, error, message}: statusCode the HTTP status, error its reason phrase, message a string", errors);
    controlPasses(ctx, controls);
  }, { timeout: s.fetchTimeoutMs * 3 + 30_000, paths: [...pathsOf(quickReplies.filter((c) => c.path !== '200')), ...pathsOf(slowReplies), '429'] });
}

