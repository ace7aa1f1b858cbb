import type { Check } from '../../src/harness/suite-api/check.ts';
import { behindRedirect, replied, status } from './expectations.ts';
import type { FetchCall } from './fetchClient.ts';
import { hangUpMidFetch } from './hangUpMidFetch.ts';
import { controlPasses, judgeWithControls, sendControls, servedPage } from './controlFetch.ts';
import { judge, type Case } from './judge.ts';
import { provokeTooMany } from './provokeTooMany.ts';
import { begin, type SuiteTarget } from './SuiteTarget.ts';

/**
 * Seed §7 and §8's limits on the paths beside the first request (limitChecks.ts has that one): the size
 * cap and the timeout behind a followed redirect, the timeout over a whole chain (not per hop), and the
 * concurrency limit on a second burst after the first.
 */
export function defineLimitPathChecks(check: Check, s: SuiteTarget): void {
  const slowCheck = { timeout: s.timeoutMs * 3 + 30_000 };
  // What the limits behind a redirect are proven by: the same redirect to a small page that answers at once, followed.
  const smallRedirected = { ...servedPage(s, "a 307 to the farm's /small page, followed"), clause: 'FS-REDIRECT-FOLLOW', call: { body: { url: s.farm.url('httpUrl', `/redirect/to?status=307&url=${encodeURIComponent(s.farm.url('httpUrl', '/small'))}`), allowRedirects: true } } };
  // Absolute Locations: whether relative ones are followed is FS-REDIRECT-FOLLOW's business, not the limits'.
  const redirected = (code: number, path: string, extra: object = {}): FetchCall => ({
    body: { url: s.farm.url('httpUrl', `/redirect/to?status=${code}&url=${encodeURIComponent(s.farm.url('httpUrl', path))}${query(extra)}`), allowRedirects: true },
  });

  check('FS-502-SIZE', 'a body of 1 GiB (with Content-Length and chunked) gets 502 behind a followed redirect too', async (ctx) => {
    const cases: Case[] = [
      { label: 'a 302 to 1 GiB with Content-Length', call: redirected(302, '/big'), expect: behindRedirect(status(502)) },
      { label: 'a 307 to 1 GiB chunked', call: redirected(307, '/big?chunked=1'), expect: behindRedirect(status(502)) },
    ];
    await judgeWithControls(ctx, s, 'a fetched response larger than the maximum response size must get 502 Bad Gateway, at the end of a redirect as on the first request', cases, [smallRedirected]);
  }, { ...slowCheck, paths: ['after-redirect'] });

  // Each hop takes 60% of the timeout: a service that times each hop alone answers 200 after 120% of it.
  const hopMs = Math.round(s.timeoutMs * 0.6);
  // No seconds in the title: it is part of the check's id, and the embedded targets' timeout scales with the machine's load.
  check('FS-504', 'the fetch timeout holds behind a followed redirect and over a whole chain (two hops of 60% of it each)', async (ctx) => {
    const cases: Case[] = [
      { label: `a 307 to headers after ${s.pastTimeoutMs} ms`, call: redirected(307, `/slow/headers?ms=${s.pastTimeoutMs}`), expect: behindRedirect(status(504)) },
      { label: `a redirect after ${hopMs} ms to headers after ${hopMs} ms`, call: redirected(302, `/slow/headers?ms=${hopMs}`, { ms: hopMs }), expect: behindRedirect(status(504)) },
    ];
    await judgeWithControls(ctx, s, 'a fetch that does not complete within the fetch timeout must get 504 Gateway Timeout: the timeout is the whole fetch\'s, redirects included', cases, [smallRedirected]);
  }, { ...slowCheck, paths: ['after-redirect', 'whole-chain'] });

  check('FS-429', 'a second burst of concurrent slow fetches, after the first has ended, gets 429 too', async (ctx) => {
    const post = begin(ctx, s);
    // The first burst is the one FS-429's own check (and the error body checks) provoke; this one comes
    // after it and after a caller has hung up mid-fetch, the path a limiter's bookkeeping can lose.
    await s.shared('crowd', () => provokeTooMany(s, post));
    const hungUp = await hangUpMidFetch(s, post, ctx.signal);
    const second = await provokeTooMany(s, post);
    const exchange = second.tooMany ?? second.replies[0] ?? second.cut;
    if (!exchange) throw new Error('the second burst started no fetch');
    ctx.evidence('second burst', `${hungUp ? 'after a caller hung up mid-fetch, ' : 'after a fetch whose caller was to hang up mid-fetch was answered first, '}${second.started} slow fetches started in doubling batches; replies before they were cut: ${second.replies.map((x) => x.status).join(', ') || 'none'}`);
    const problem = second.tooMany ? undefined : `no 429 with up to ${second.started} fetches in flight at once in the second burst (${second.replies.length ? replied(exchange) : 'all of them were still waiting when cut'})`;
    const controls = await sendControls(post, [servedPage(s, "one fetch within the limit (the farm's /small page) served after the second burst")]);
    judge(ctx, s.client, "a fetch request beyond the caller's concurrent fetch limit must get 429 Too Many Requests, every time the limit is passed", [{ label: 'a second ramp of concurrent slow fetches', exchange, problem }]);
    controlPasses(ctx, controls);
  }, { ...slowCheck, paths: ['second-burst'] });
}

/** `&name=value` for each entry, to add to a query that already has a "?". */
function query(extra: object): string {
  return Object.entries(extra).map(([name, value]) => `&${name}=${encodeURIComponent(String(value))}`).join('');
}
