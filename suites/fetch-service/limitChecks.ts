import type { Check } from '../../src/harness/suite-api/check.ts';
import { behindRedirect, replied, status, type Expectation } from './expectations.ts';
import type { Exchange, FetchCall } from './fetchClient.ts';
import { hangUpMidFetch } from './hangUpMidFetch.ts';
import { controlPasses, judgeWithControls, sendControls, servedPage } from './controlFetch.ts';
import { judge, probeAll, type Case } from './judge.ts';
import { crowdTooSmall, provokeTooMany } from './provokeTooMany.ts';
import { begin, durationText, type SuiteTarget } from './SuiteTarget.ts';

/** What came back and when: "got 504 after 12.7 s: The fetch did not complete ...". */
function repliedAfter(x: Exchange): string {
  return replied(x).replace(/^(got \d+|no HTTP answer)/, `$1 after ${durationText(x.durationMs)}`);
}

/**
 * Seed §7 and §8: the concurrency limit (429), the size limit (502) and the fixed fetch timeout (504), on
 * the first request and on the paths beside it.
 */
export function defineLimitChecks(check: Check, s: SuiteTarget): void {
  defineFirstRequestChecks(check, s);
  defineLimitPathChecks(check, s);
}

/** The limits on the first request, each on the paths of the matrix (specs/fetch-service.paths.json) it judges. */
function defineFirstRequestChecks(check: Check, s: SuiteTarget): void {
  const seconds = s.target.fetchTimeoutSeconds;
  const { pastTimeoutMs } = s;
  const slowCheck = { timeout: s.fetchTimeoutMs * 3 + 30_000 };
  const fetchOf = (path: string, extra: object = {}) => ({ body: { url: s.farm.url('httpUrl', path), ...extra } });
  const shared = (path: string) => ({ ...fetchOf(path), shareAs: path });
  const withinLimit = servedPage(s, "one fetch within the limit (the farm's /small page) served");

  check('FS-429', 'concurrent slow fetches beyond the limit get 429', async (ctx) => {
    const post = begin(ctx, s);
    const crowd = await s.shared('crowd', () => provokeTooMany(s, post));
    // Once the crowd is gone: a fetch within the limit served shows the 429 was the limit, not a refusal of everything.
    const controls = await sendControls(post, [withinLimit]);
    const statuses = crowd.replies.map((x) => x.status);
    ctx.evidence('crowd', `${crowd.started} slow fetches started in doubling batches, at most ${crowd.peak} in flight at once; replies before they were cut: ${statuses.join(', ') || 'none'}`);
    const exchange = crowd.tooMany ?? crowd.replies[0] ?? crowd.cut;
    if (!exchange) throw new Error('the concurrency probe started no fetch');
    const tooSmall = crowdTooSmall(s, crowd);
    if (tooSmall) ctx.skip(tooSmall);
    const first = crowd.replies.length ? `the first answer, after ${durationText(exchange.durationMs)} (the fetch timeout is ${seconds} s): ${replied(exchange)}` : 'all of them were still waiting when cut';
    const problem = crowd.tooMany ? undefined : `no 429 with up to ${crowd.peak} fetches in flight at once; ${first}`;
    judge(ctx, s.client, "a fetch request beyond the caller's concurrent fetch limit must get 429 Too Many Requests", [{ label: 'ramp of concurrent slow fetches', exchange, problem }]);
    controlPasses(ctx, controls);
  }, { ...slowCheck, paths: ['first-burst'] });

  check('FS-502-SIZE', 'a body of 1 GiB (with Content-Length and chunked) and a gzip bomb get 502', async (ctx) => {
    const cases: Case[] = [
      { label: '1 GiB with Content-Length', call: shared('/big'), expect: status(502) },
      { label: '1 GiB chunked, no Content-Length', call: fetchOf('/big?chunked=1'), expect: status(502) },
      { label: 'gzip bomb: 130 KiB inflating to 128 MiB', call: fetchOf('/gzip-bomb'), expect: status(502) },
    ];
    await judgeWithControls(ctx, s, 'a fetched response larger than the maximum response size must get 502 Bad Gateway', cases, [servedPage(s, "a small body (the farm's /small page) fetched")]);
  }, { ...slowCheck, paths: ['content-length', 'chunked', 'gzip-bomb'] });

  // The titles name no number of seconds: an embedded target's timeout depends on how busy the machine
  // is, and a title is part of a check's id in reports.
  check('FS-504', 'a fetch outlasting the fetch timeout (slow headers, dripping body) gets 504', async (ctx) => {
    // No bound on how soon the 504 comes: a busy machine or network delays it, and the page, slower than
    // the timeout by seconds, answers 200 to a service that let the fetch run on.
    const timedOut: Expectation = (x) => (x.status === 504 ? undefined : `${repliedAfter(x)}; expected 504 once the ${seconds} s fetch timeout ran out (the page takes ${durationText(pastTimeoutMs)})`);
    const cases: Case[] = [
      { label: `headers after ${pastTimeoutMs} ms`, call: shared(`/slow/headers?ms=${pastTimeoutMs}`), expect: timedOut },
      { label: `a body dripping for ${pastTimeoutMs} ms`, call: fetchOf(`/slow/drip?ms=250&chunks=${Math.ceil(pastTimeoutMs / 250)}`), expect: timedOut },
    ];
    await judgeWithControls(ctx, s, 'a fetch that does not complete within the fetch timeout must get 504 Gateway Timeout', cases, [servedPage(s, "a page that answers at once (the farm's /small) fetched")]);
  }, { ...slowCheck, paths: ['slow-headers', 'drip'] });

  check('FS-TIMEOUT-FIXED', 'timeout fields in the request change nothing: the fixed timeout holds both ways', async (ctx) => {
    const longer = { timeout: 3600, timeoutMs: 3_600_000, timeoutSeconds: 3600, fetchTimeout: 3600 };
    const shorter = { timeout: 0.001, timeoutMs: 1, timeoutSeconds: 0.001, fetchTimeout: 0.001 };
    // A longer timeout honoured shows as the slow page fetched (200); a shorter one as a quick page lost.
    const notExtended: Expectation = (x) => (x.status === 200 ? `answered 200 after ${durationText(x.durationMs)}: the fetch ran past the ${seconds} s timeout` : undefined);
    // Far inside the timeout, far beyond the 1 ms asked for.
    const quickMs = Math.max(100, Math.round(s.fetchTimeoutMs / 10));
    // 400 also keeps the timeout fixed: a service may refuse fields it does not know. So does a 504 that
    // came only once the fixed timeout had run out: a machine too busy to fetch even this page in time,
    // not the 1 ms honoured (that 504 comes at once).
    const notShortened: Expectation = (x) => {
      if (x.status === 200 || x.status === 400 || (x.status === 504 && x.durationMs >= s.fetchTimeoutMs)) return undefined;
      return `${repliedAfter(x)}, before the fixed ${seconds} s timeout ran out; a page answering after ${quickMs} ms was not fetched`;
    };
    const cases: Case[] = [
      { label: 'asking for an hour, page slower than the timeout', call: fetchOf(`/slow/headers?ms=${pastTimeoutMs}`, longer), expect: notExtended },
      { label: `asking for 1 ms, page answering after ${quickMs} ms`, call: fetchOf(`/slow/headers?ms=${quickMs}`, shorter), expect: notShortened },
    ];
    judge(ctx, s.client, 'the fetch timeout is fixed: a request field asking for another timeout must not change it', await probeAll(begin(ctx, s), cases));
  }, { ...slowCheck, paths: ['longer-asked', 'shorter-asked'] });
}

/**
 * Seed §7 and §8's limits on the paths beside the first request: the size
 * cap and the timeout behind a followed redirect, the timeout over a whole chain (not per hop), and the
 * concurrency limit on a second burst after the first.
 */
function defineLimitPathChecks(check: Check, s: SuiteTarget): void {
  const slowCheck = { timeout: s.fetchTimeoutMs * 3 + 30_000 };
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
  const hopMs = Math.round(s.fetchTimeoutMs * 0.6);
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
    const tooSmall = crowdTooSmall(s, second);
    if (tooSmall) ctx.skip(tooSmall);
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
