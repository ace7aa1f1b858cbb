// Walking the meeting list by next_page_token (MP-PAGINATION-*): page sizes kept, every meeting once,
// pages repeatable, total_records steady, and an end; each walk in order, the second after the first.
import type { Check } from '../../src/harness/suite-api/check.ts';
import type { CaseOutcome } from '../../src/verdict/finding.ts';
import type { MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { field, summarize } from '../../src/meeting-platform/exchange.ts';
import { apiCurl, apiGet } from '../../src/meeting-platform/platformRequests.ts';
import { sessionFor } from './platformSession.ts';
import { brokenOff, listPath, onePageOnly, walkEvidence, walkMeetings, walkReproduction, type Walk } from './walkMeetings.ts';
import { identity, secondWalkFor, unwalked, walked, walkFor, wholeWalkFor, type Meeting } from './meetingWalks.ts';
import { answerOf } from './tokenProbes.ts';

export function definePaginationChecks(check: Check, target: MeetingPlatformTarget): void {
  check(
    'MP-PAGINATION-PAGE-SIZE',
    'no page holds more meetings than page_size, later pages and page_size=1 included',
    async (ctx) => {
      const walk = await walkFor(target, ctx);
      const one = await apiGet(target, listPath(1), await sessionFor(target).token(), ctx.signal);
      ctx.evidence(`GET ${listPath(1)}`, summarize(one));
      const oneMeetings = field(one, 'meetings');
      const cases: CaseOutcome[] = walk.pages.map((p, i) => ({
        label: `page ${i + 1} of the walk at page_size=${walk.pageSize}`,
        problem: p.meetings.length > walk.pageSize ? `${p.meetings.length} meetings` : undefined,
        cause: 'more meetings than page_size',
        reproduction: apiCurl(target.apiBaseUrl, p.path),
      }));
      if (Array.isArray(oneMeetings)) {
        cases.push({ label: 'the first page at page_size=1', problem: oneMeetings.length > 1 ? `${oneMeetings.length} meetings` : undefined, cause: 'more meetings than page_size', reproduction: apiCurl(target.apiBaseUrl, listPath(1)) });
      } else {
        ctx.notJudged('page-size-1', `GET ${listPath(1)} answered ${answerOf(one)} without a meetings array: no page to count`);
      }
      ctx.conclude({ of: 'pages', failed: 'held more meetings than the page_size asked for', cases });
    },
    { paths: ['walk', 'page-size-1'] },
  );

  check(
    'MP-PAGINATION-EXACTLY-ONCE',
    'walking next_page_token visits every meeting exactly once, and so does a second walk',
    async (ctx) => {
      const walk = await wholeWalkFor(target, ctx);
      const total = walk.pages[0]?.totalRecords;
      // One page of everything is the reference a walk must match, meeting for meeting: asked while the second walk goes.
      const reference = async (): Promise<string[] | undefined> => {
        if (!(typeof total === 'number' && total > 0 && total <= 300)) return undefined;
        const whole = await apiGet(target, listPath(300), await sessionFor(target).token(), ctx.signal);
        const meetings = field(whole, 'meetings');
        return whole.status === 200 && Array.isArray(meetings) ? (meetings as Meeting[]).map(identity) : undefined;
      };
      const [second, all] = await Promise.all([secondWalkFor(target, ctx), reference()]);
      const cases: CaseOutcome[] = [];
      for (const [name, w] of [['the walk', walk], ['the second walk', second]] as const) {
        const unjudged = name === 'the second walk' ? unwalked(name, w) : undefined;
        if (unjudged) {
          ctx.notJudged('second-walk', unjudged);
          continue;
        }
        const pagesOf = new Map<string, number[]>();
        w.pages.forEach((p, i) => {
          for (const m of p.meetings) pagesOf.set(identity(m), [...(pagesOf.get(identity(m)) ?? []), i + 1]);
        });
        const walkCases: CaseOutcome[] = [...pagesOf].map(([id, pages]) => ({ label: `${name}: ${id}`, problem: pages.length > 1 ? `on pages ${pages.join(', ')}` : undefined, cause: `appeared on more than one page of ${name}` }));
        for (const id of (all ?? []).filter((id) => !pagesOf.has(id))) {
          walkCases.push({ label: `${name}: ${id}`, problem: 'never visited', cause: `on the single page of page_size=300 but never visited by ${name} (a gap)` });
        }
        // Without a reference page (a large account), or with one that agrees, the count still tells gaps.
        const count = w.pages[0]?.totalRecords;
        if (typeof count === 'number' && pagesOf.size !== count && !walkCases.some((c) => c.problem)) {
          walkCases.push({ label: `${name}: the count`, problem: `${pagesOf.size} distinct meetings for total_records ${count}`, cause: `${name} visited another number of meetings than total_records` });
        }
        cases.push(...walkCases);
      }
      ctx.conclude({ of: 'meetings', failed: 'were not visited exactly once', rule: 'a meeting must appear on exactly one page of a walk, and every meeting on one, however often the walk is made', cases });
    },
    { paths: ['walk', 'second-walk'] },
  );

  check(
    'MP-PAGINATION-REPEATABLE',
    'a page asked again with the same next_page_token holds the same meetings',
    async (ctx) => {
      const walk = await walkFor(target, ctx);
      const page = walk.pages[1];
      // Why there is no page 2 to ask again, from what page 1 and page 2 answered: a list of one page, or a walk cut short.
      const one = onePageOnly(walk);
      if (one) return ctx.skip(`${one}: no next_page_token to ask again`);
      const broken = brokenOff(walk);
      if (broken && (!page || (walk.stop.kind === 'page-failed' && walk.stop.page === 2))) return ctx.blocked('MP-MEETINGS-LIST', `no page 2 to ask again: ${broken}`);
      if (!page) return ctx.blocked('MP-PAGINATION-END', `no page 2 to ask again: ${walk.stoppedBecause ?? 'the walk stopped at page 1'}`);
      const again = await apiGet(target, page.path, await sessionFor(target).token(), ctx.signal);
      ctx.evidence(`GET ${page.path} again`, summarize(again));
      const before = page.meetings.map(identity).join(', ');
      const meetings = field(again, 'meetings');
      const after = Array.isArray(meetings) ? (meetings as Meeting[]).map(identity).join(', ') : undefined;
      const problem = again.status !== 200 ? `${again.status} ${again.contentType || 'without a content type'}` : after !== before ? `[${after ?? 'no meetings array'}] where the first answer held [${before}]` : undefined;
      ctx.conclude({
        of: 'pages asked again',
        failed: 'did not hold the same meetings',
        cases: [{ label: 'page 2, asked again with its next_page_token', problem, cause: again.status >= 500 ? `a server error the second time (HTTP ${again.status})` : again.status !== 200 ? `the token was refused the second time (HTTP ${again.status})` : 'other meetings the second time', evidence: summarize(again), reproduction: apiCurl(target.apiBaseUrl, page.path) }],
      });
    },
    { paths: ['page-asked-again'] },
  );

  check(
    'MP-PAGINATION-TOTAL',
    'total_records stays the same on every page of a walk, and of a second walk',
    async (ctx) => {
      const walk = await walkFor(target, ctx);
      const second = await secondWalkFor(target, ctx);
      const cases: CaseOutcome[] = [];
      for (const [name, w] of [['the walk', walk], ['the second walk', second]] as const) {
        if (name === 'the second walk' && !walked(w)) {
          ctx.notJudged('second-walk', unwalked(name, w) ?? 'the second walk got no first page');
          continue;
        }
        const served = w.pages.filter((p) => p.exchange.status === 200);
        const first = served[0]?.totalRecords;
        served.forEach((p, i) => {
          const problem = !Number.isInteger(p.totalRecords) ? `total_records ${JSON.stringify(p.totalRecords)}` : p.totalRecords !== first ? `total_records ${String(p.totalRecords)} where page 1 said ${String(first)}` : undefined;
          cases.push({ label: `${name}, page ${i + 1}`, problem, cause: Number.isInteger(p.totalRecords) ? `total_records changed within ${name}` : 'no integer total_records', reproduction: apiCurl(target.apiBaseUrl, p.path) });
        });
      }
      ctx.conclude({ of: 'pages', failed: 'did not state the same integer total_records as their walk\'s first page', cases });
    },
    { paths: ['walk', 'second-walk'] },
  );

  check(
    'MP-PAGINATION-END',
    'a walk ends with an empty next_page_token: the walk, a second walk, one page of everything, a page size equal to total_records',
    async (ctx) => {
      const walk = await walkFor(target, ctx);
      const [second, token] = await Promise.all([secondWalkFor(target, ctx), sessionFor(target).token()]);
      const total = walk.pages[0]?.totalRecords;
      const endCase = (label: string, w: Walk): CaseOutcome => ({
        label,
        problem: !w.ended ? (w.stoppedBecause ?? 'no empty next_page_token') : w.pages.length > w.pageBudget ? `${w.pages.length} pages` : undefined,
        cause: !w.ended ? 'the walk did not end with an empty next_page_token' : `more pages than ceil(total_records / page_size) with one to spare`,
        evidence: walkEvidence(w),
        reproduction: walkReproduction(target.apiBaseUrl, w.pageSize),
      });
      // A walk cut short by a page that was no list tells nothing of how it ends: that page is MP-MEETINGS-LIST's failure (the first walk's), or not judged here, saying why.
      const cases: CaseOutcome[] = [];
      const judge = (path: string, label: string, w: Walk) => {
        const unjudged = unwalked(label, w);
        if (unjudged) ctx.notJudged(path, unjudged);
        else cases.push(endCase(label, w));
      };
      judge('walk', `the walk at page_size=${walk.pageSize}`, walk);
      judge('second-walk', 'the second walk', second);
      if (typeof total === 'number' && total >= 1 && total <= 300) {
        // Two walks of their own, each in order, side by side.
        const [onePage, exactFit] = await Promise.all([walkMeetings(target, token, 300, ctx.signal), walkMeetings(target, token, total, ctx.signal)]);
        judge('one-page', 'one page of everything (page_size=300)', onePage);
        judge('exact-fit', `page_size=${total}, total_records itself`, exactFit);
      } else {
        const why = `total_records ${JSON.stringify(total)} is not between 1 and 300`;
        ctx.notJudged('one-page', why);
        ctx.notJudged('exact-fit', why);
      }
      const broken = brokenOff(walk);
      if (!cases.length && broken) ctx.blocked('MP-MEETINGS-LIST', `every walk broke off before its end; the first: ${broken}`);
      ctx.conclude({ of: 'walks', failed: 'did not end with an empty next_page_token in time', cases });
    },
    { paths: ['walk', 'second-walk', 'one-page', 'exact-fit'] },
  );
}
