import type { Check } from '../../src/harness/suite-api/check.ts';
import { replied, status, type Expectation } from './expectations.ts';
import type { Exchange } from './fetchClient.ts';
import { controlPasses, judgeWithControls, sendControls, servedPage } from './controlFetch.ts';
import { judge, probeAll, type Case } from './judge.ts';
import { provokeTooMany } from './provokeTooMany.ts';
import { begin, durationText, type SuiteTarget } from './SuiteTarget.ts';

/** What came back and when: "got 504 after 12.7 s: The fetch did not complete ...". */
function repliedAfter(x: Exchange): string {
  return replied(x).replace(/^(got \d+|no HTTP answer)/, `$1 after ${durationText(x.durationMs)}`);
}

/** Seed §7 and §8: the concurrency limit (429), the size limit (502) and the fixed fetch timeout (504). */
export function defineLimitChecks(check: Check, s: SuiteTarget): void {
  const seconds = s.target.fetchTimeoutSeconds;
  const { pastTimeoutMs } = s;
  const slowCheck = { timeout: s.timeoutMs * 3 + 30_000 };
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
    const first = crowd.replies.length ? `the first answer, after ${durationText(exchange.durationMs)} (the fetch timeout is ${seconds} s): ${replied(exchange)}` : 'all of them were still waiting when cut';
    const problem = crowd.tooMany ? undefined : `no 429 with up to ${crowd.peak} fetches in flight at once; ${first}`;
    judge(ctx, s.client, "a fetch request beyond the caller's concurrent fetch limit must get 429 Too Many Requests", [{ label: 'ramp of concurrent slow fetches', exchange, problem }]);
    controlPasses(ctx, controls);
  }, slowCheck);

  check('FS-502-SIZE', 'a body of 1 GiB (with Content-Length and chunked) and a gzip bomb get 502', async (ctx) => {
    const cases: Case[] = [
      { label: '1 GiB with Content-Length', call: shared('/big'), expect: status(502) },
      { label: '1 GiB chunked, no Content-Length', call: fetchOf('/big?chunked=1'), expect: status(502) },
      { label: 'gzip bomb: 130 KiB inflating to 128 MiB', call: fetchOf('/gzip-bomb'), expect: status(502) },
    ];
    await judgeWithControls(ctx, s, 'a fetched response larger than the maximum response size must get 502 Bad Gateway', cases, [servedPage(s, "a small body (the farm's /small page) fetched")]);
  }, slowCheck);

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
  }, slowCheck);

  check('FS-TIMEOUT-FIXED', 'timeout fields in the request change nothing: the fixed timeout holds both ways', async (ctx) => {
    const longer = { timeout: 3600, timeoutMs: 3_600_000, timeoutSeconds: 3600, fetchTimeout: 3600 };
    const shorter = { timeout: 0.001, timeoutMs: 1, timeoutSeconds: 0.001, fetchTimeout: 0.001 };
    // A longer timeout honoured shows as the slow page fetched (200); a shorter one as a quick page lost.
    const notExtended: Expectation = (x) => (x.status === 200 ? `answered 200 after ${durationText(x.durationMs)}: the fetch ran past the ${seconds} s timeout` : undefined);
    // Far inside the timeout, far beyond the 1 ms asked for.
    const quickMs = Math.max(100, Math.round(s.timeoutMs / 10));
    // 400 also keeps the timeout fixed: a service may refuse fields it does not know. So does a 504 that
    // came only once the fixed timeout had run out: a machine too busy to fetch even this page in time,
    // not the 1 ms honoured (that 504 comes at once).
    const notShortened: Expectation = (x) => {
      if (x.status === 200 || x.status === 400 || (x.status === 504 && x.durationMs >= s.timeoutMs)) return undefined;
      return `${repliedAfter(x)}, before the fixed ${seconds} s timeout ran out; a page answering after ${quickMs} ms was not fetched`;
    };
    const cases: Case[] = [
      { label: 'asking for an hour, page slower than the timeout', call: fetchOf(`/slow/headers?ms=${pastTimeoutMs}`, longer), expect: notExtended },
      { label: `asking for 1 ms, page answering after ${quickMs} ms`, call: fetchOf(`/slow/headers?ms=${quickMs}`, shorter), expect: notShortened },
    ];
    judge(ctx, s.client, 'the fetch timeout is fixed: a request field asking for another timeout must not change it', await probeAll(begin(ctx, s), cases));
  }, slowCheck);
}
