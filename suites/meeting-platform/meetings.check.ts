import { expect } from 'vitest';
import { checksFor, describeTarget, type CheckContext } from '../../src/harness/check.ts';
import type { CaseOutcome } from '../../src/harness/finding.ts';
import { currentTargets } from '../../src/harness/currentTargets.ts';
import type { MeetingPlatformTarget } from '../../src/harness/targets.ts';
import { diagnoseApi, meetingLookupCause } from '../../src/meeting-platform/diagnoseFirstCall.ts';
import { encodeMeetingId, needsDoubleEncoding } from '../../src/meeting-platform/encodeMeetingId.ts';
import { field, summarize } from '../../src/meeting-platform/exchange.ts';
import { apiCurl, apiGet } from '../../src/meeting-platform/platformRequests.ts';
import { mapLimit } from './mapLimit.ts';
import { sessionFor, walkPageSize } from './platformSession.ts';
import { listPath, walkEvidence, walkReproduction, type Walk } from './walkMeetings.ts';
import { defineSpecResponseCheck, exchangeLogFor } from './specResponses.ts';

const check = checksFor('meeting-platform');

/** Meetings fetched one by one at most, so a large real account stays within its rate limits. */
const maxFetched = 200;
const fetchConcurrency = 4;

type Meeting = Record<string, unknown>;

/** What identifies a meeting instance across pages: its UUID, else its id. */
function identity(m: Meeting): string {
  return typeof m.uuid === 'string' ? m.uuid : `id:${String(m.id)}`;
}

/**
 * The walk for a check that needs at least one page to judge: without an access token the check is
 * blocked by MP-TOKEN-FLOW, and when the first page is no meeting list (a 200 JSON page with a meetings
 * array, the request MP-MEETINGS-LIST judges) by MP-MEETINGS-LIST.
 */
async function walkFor(target: MeetingPlatformTarget, ctx: CheckContext): Promise<Walk> {
  const walk = await sessionFor(target).walk();
  ctx.reproduction(walkReproduction(target.apiBaseUrl, walk.pageSize));
  ctx.evidence('walk', walkEvidence(walk));
  const first = walk.pages[0];
  const ok = first?.exchange.status === 200 && first.exchange.isJson && Array.isArray(field(first.exchange, 'meetings'));
  if (!ok) ctx.blocked('MP-MEETINGS-LIST', `no meeting list to walk: ${walk.stoppedBecause ?? 'the first page did not come'}`);
  return walk;
}

function distinctMeetings(walk: Walk): Meeting[] {
  const byIdentity = new Map<string, Meeting>();
  for (const m of walk.meetings) if (!byIdentity.has(identity(m))) byIdentity.set(identity(m), m);
  return [...byIdentity.values()];
}

/** Fetches each listed meeting by one of its identifiers: one case per meeting, failing when it did not come back. */
async function fetchEach(target: MeetingPlatformTarget, ctx: CheckContext, key: 'id' | 'uuid'): Promise<CaseOutcome[]> {
  const walk = await walkFor(target, ctx);
  const token = await sessionFor(target).token();
  const listed = distinctMeetings(walk);
  const meetings = listed.filter((m) => typeof m[key] === 'string' || typeof m[key] === 'number').slice(0, maxFetched);
  const first = meetings[0];
  if (first) ctx.reproduction(apiCurl(target.apiBaseUrl, `/v2/meetings/${encodeMeetingId(first[key] as string | number)}`));
  const cases = await mapLimit(meetings, fetchConcurrency, async (m): Promise<CaseOutcome> => {
    const value = m[key] as string | number;
    const path = `/v2/meetings/${encodeMeetingId(value)}`;
    const x = await apiGet(target.apiBaseUrl, path, token, ctx.signal);
    const label = `${key} ${JSON.stringify(value)}`;
    if (x.status === 200 && x.isJson && field(x, key) === value) return { label };
    const seen = field(x, key);
    const problem = x.status === 200 && x.isJson ? `GET ${path} answered 200 with ${key} ${JSON.stringify(seen)}` : `GET ${path} answered ${x.status}${x.isJson ? '' : x.isHtml ? ' (HTML page)' : ''}`;
    return { label, problem, ...meetingLookupCause(x, target.apiBaseUrl, key, String(value)), evidence: summarize(x), reproduction: apiCurl(target.apiBaseUrl, path) };
  });
  const doubled = key === 'uuid' ? `, ${meetings.filter((m) => needsDoubleEncoding(String(m.uuid))).length} of them double-encoded by the rule` : '';
  ctx.evidence('fetched', `${meetings.length} of ${listed.length} listed meetings by ${key}${doubled}`);
  return cases;
}

/** join_url's fault, or undefined when it is an absolute https URL. */
function joinUrlProblem(joinUrl: unknown): string | undefined {
  if (typeof joinUrl !== 'string') return joinUrl === undefined ? 'no join_url' : `join_url is a ${joinUrl === null ? 'null' : typeof joinUrl}, not a string`;
  try {
    const url = new URL(joinUrl);
    if (url.protocol !== 'https:') return `an ${url.protocol.replace(':', '')} link, not https`;
    return url.hostname ? undefined : 'a URL without a host';
  } catch {
    return 'not an absolute URL';
  }
}

for (const target of currentTargets()['meeting-platform']) {
  describeTarget(target.label, () => {
    exchangeLogFor(target);
    check('MP-MEETINGS-LIST', 'the meeting list answers 200 JSON with meetings, total_records and next_page_token', async (ctx) => {
      const token = await sessionFor(target).token();
      const path = listPath(walkPageSize);
      ctx.reproduction(apiCurl(target.apiBaseUrl, path));
      const x = await apiGet(target.apiBaseUrl, path, token, ctx.signal);
      ctx.evidence(`GET ${path}`, summarize(x));
      if (x.status !== 200 || !x.isJson) ctx.diagnose(diagnoseApi(x, target.apiBaseUrl, undefined, true));
      expect(x.status, `GET ${path} must answer 200; got ${summarize(x)}`).toBe(200);
      expect(x.isJson, `the meeting list must be JSON; got ${x.contentType || 'no content type'}`).toBe(true);
      expect(Array.isArray(field(x, 'meetings')), 'the list must hold a meetings array').toBe(true);
      expect(Number.isInteger(field(x, 'total_records')), `the list must state total_records as an integer; got ${JSON.stringify(field(x, 'total_records'))}`).toBe(true);
      expect(typeof field(x, 'next_page_token'), 'a paginated list must carry next_page_token (empty on the last page)').toBe('string');
    });

    check('MP-PAGINATION-PAGE-SIZE', 'no page holds more meetings than page_size', async (ctx) => {
      const walk = await walkFor(target, ctx);
      ctx.conclude({
        of: 'pages',
        failed: `held more than the page_size=${walk.pageSize} asked for`,
        cases: walk.pages.map((p, i) => ({
          label: `page ${i + 1}`,
          problem: p.meetings.length > walk.pageSize ? `${p.meetings.length} meetings` : undefined,
          cause: 'more meetings than page_size',
          reproduction: apiCurl(target.apiBaseUrl, p.path),
        })),
      });
    });

    check('MP-PAGINATION-EXACTLY-ONCE', 'walking next_page_token visits every meeting exactly once', async (ctx) => {
      const walk = await walkFor(target, ctx);
      const pagesOf = new Map<string, number[]>();
      walk.pages.forEach((p, i) => {
        for (const m of p.meetings) pagesOf.set(identity(m), [...(pagesOf.get(identity(m)) ?? []), i + 1]);
      });
      const cases: CaseOutcome[] = [...pagesOf].map(([id, pages]) => ({
        label: id,
        problem: pages.length > 1 ? `on pages ${pages.join(', ')}` : undefined,
        cause: 'appeared on more than one page of the walk',
      }));
      const total = walk.pages[0]?.totalRecords;
      if (typeof total === 'number' && total > 0 && total <= 300) {
        // One page of everything is the reference a walk must match, meeting for meeting.
        const token = await sessionFor(target).token();
        const whole = await apiGet(target.apiBaseUrl, listPath(300), token, ctx.signal);
        const all = field(whole, 'meetings');
        if (whole.status === 200 && Array.isArray(all)) {
          for (const id of (all as Meeting[]).map(identity).filter((id) => !pagesOf.has(id))) {
            cases.push({ label: id, problem: 'never visited', cause: 'on the single page of page_size=300 but never visited by the walk (a gap)' });
          }
        }
      }
      ctx.conclude({ of: 'meetings', failed: 'were not visited exactly once', rule: 'a meeting must appear on exactly one page of a walk, and every meeting on one', cases });
      expect(pagesOf.size, `the walk must visit as many distinct meetings as total_records (${String(total)}); a difference means gaps`).toBe(total);
    });

    check('MP-PAGINATION-TOTAL', 'total_records stays the same on every page', async (ctx) => {
      const walk = await walkFor(target, ctx);
      const totals = [...new Set(walk.pages.filter((p) => p.exchange.status === 200).map((p) => JSON.stringify(p.totalRecords)))];
      expect(totals, 'every page of one walk must state the same integer total_records').toHaveLength(1);
      expect(Number.isInteger(walk.pages[0]?.totalRecords), 'total_records must be an integer').toBe(true);
    });

    check('MP-PAGINATION-END', 'the walk ends with an empty next_page_token', async (ctx) => {
      const walk = await walkFor(target, ctx);
      expect(walk.ended, `the walk must end with an empty next_page_token: ${walk.stoppedBecause ?? ''}`).toBe(true);
      expect(walk.pages.length, `the walk must end within ceil(total_records / page_size) pages (with one to spare)`).toBeLessThanOrEqual(walk.pageBudget);
    });

    check('MP-JOIN-URL', 'every join_url is an absolute https URL', async (ctx) => {
      const walk = await walkFor(target, ctx);
      const meetings = distinctMeetings(walk);
      ctx.evidence('checked', `${meetings.length} meetings`);
      ctx.conclude({
        of: 'meetings',
        failed: 'have no absolute https join_url',
        rule: 'join_url must be an absolute https link for a browser',
        cases: meetings.map((m) => {
          const problem = joinUrlProblem(m.join_url);
          return { label: identity(m), problem: problem && `join_url ${JSON.stringify(m.join_url)}`, cause: problem };
        }),
      });
    });

    check('MP-MEETING-BY-ID', 'every listed meeting can be fetched by its numeric id', async (ctx) => {
      ctx.conclude({
        of: 'meetings',
        failed: 'could not be fetched by their numeric id',
        rule: 'GET /v2/meetings/{id} must answer 200 with the same meeting for every listed meeting',
        cases: await fetchEach(target, ctx, 'id'),
      });
    });

    check('MP-ID-ENCODING', 'every listed meeting can be fetched by its UUID, encoded as the rule says', async (ctx) => {
      ctx.conclude({
        of: 'meetings',
        failed: 'could not be fetched by UUID',
        rule: 'GET /v2/meetings/{uuid}, encoded once (twice when it starts with "/" or contains "//"), must answer the same meeting',
        cases: await fetchEach(target, ctx, 'uuid'),
      });
    });

    defineSpecResponseCheck(check, target, 'the meeting-list checks');
  });
}
