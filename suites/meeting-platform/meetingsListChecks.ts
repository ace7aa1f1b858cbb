// The meeting list (MP-MEETINGS-LIST): 200 JSON with meetings, total_records and next_page_token, on its
// first page asked twice, without page_size, and on every page of the walk the other list checks read.
import type { Check } from '../../src/harness/suite-api/check.ts';
import type { CaseOutcome } from '../../src/verdict/finding.ts';
import type { MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { diagnoseApi } from '../../src/meeting-platform/diagnoseFirstCall.ts';
import { listPageProblem } from '../../src/rules/meeting-platform/answerProblems.ts';
import { summarize } from '../../src/meeting-platform/exchange.ts';
import { apiCurl, apiGet } from '../../src/meeting-platform/platformRequests.ts';
import { sessionFor, walkPageSize } from './platformSession.ts';
import { listPath, onePageOnly } from './walkMeetings.ts';

export function defineMeetingsListChecks(check: Check, target: MeetingPlatformTarget): void {
  check(
    'MP-MEETINGS-LIST',
    'the meeting list answers 200 JSON with meetings, total_records and next_page_token: first page, asked again, without page_size, later pages',
    async (ctx) => {
      const token = await sessionFor(target).token();
      const path = listPath(walkPageSize);
      ctx.reproduction(apiCurl(target.apiBaseUrl, path));
      const get = async (p: string) => {
        const x = await apiGet(target, p, token, ctx.signal);
        ctx.evidence(`GET ${p}`, summarize(x));
        return x;
      };
      const firstPage = await get(path);
      if (firstPage.status !== 200 || !firstPage.isJson) ctx.diagnose(diagnoseApi(firstPage, target.apiBaseUrl, undefined, true));
      // The first page asked again right after it came, before any other request for it: the walk's first
      // page too is that page. The page without page_size and the walk stand alone: side by side.
      const again = await get(path);
      const [unsized, walk] = await Promise.all([get('/v2/users/me/meetings'), sessionFor(target).walk()]);
      const cases: CaseOutcome[] = [
        { label: `the first page (page_size=${walkPageSize})`, ...listPageProblem(firstPage), reproduction: apiCurl(target.apiBaseUrl, path) },
        { label: 'the first page asked again', ...listPageProblem(again), reproduction: apiCurl(target.apiBaseUrl, path) },
        { label: 'the first page without page_size', ...listPageProblem(unsized), reproduction: apiCurl(target.apiBaseUrl, '/v2/users/me/meetings') },
      ];
      // Every page of the walk the other checks read is judged here, so a check blocked by this clause for a page of the walk waits on a failure of its own.
      for (const [i, page] of walk.pages.entries()) cases.push({ label: `page ${i + 1} of the walk`, ...listPageProblem(page.exchange), evidence: summarize(page.exchange), reproduction: apiCurl(target.apiBaseUrl, page.path) });
      if (walk.pages.length < 2) ctx.notJudged('later-pages', onePageOnly(walk) ?? walk.stoppedBecause ?? 'the walk stopped at page 1');
      ctx.conclude({ of: 'list pages', failed: 'were not 200 JSON with meetings, total_records and next_page_token', cases });
    },
    // Before the other checks of the list, which walk it: its first page, asked twice, is the first the list serves.
    { paths: ['first-page', 'asked-again', 'default-page-size', 'later-pages'], concurrent: false },
  );
}
