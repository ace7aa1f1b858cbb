import { describe, expect } from 'vitest';
import { checksFor, type CheckContext } from '../../src/harness/check.ts';
import { currentTargets } from '../../src/harness/currentTargets.ts';
import type { MeetingPlatformTarget } from '../../src/harness/targets.ts';
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

/** The walk for a check that needs at least one page to judge. */
async function walkFor(target: MeetingPlatformTarget, ctx: CheckContext): Promise<Walk> {
  const walk = await sessionFor(target).walk();
  ctx.reproduction(walkReproduction(target.apiBaseUrl, walk.pageSize));
  ctx.evidence('walk', walkEvidence(walk));
  const first = walk.pages[0];
  expect(first?.exchange.status === 200 && first.exchange.isJson, `the first page of the meeting list must be a 200 JSON page; ${walk.stoppedBecause ?? ''}`).toBe(true);
  return walk;
}

function distinctMeetings(walk: Walk): Meeting[] {
  const byIdentity = new Map<string, Meeting>();
  for (const m of walk.meetings) if (!byIdentity.has(identity(m))) byIdentity.set(identity(m), m);
  return [...byIdentity.values()];
}

/** Fetches each listed meeting by one of its identifiers; returns the ones that did not come back. */
async function fetchEach(target: MeetingPlatformTarget, ctx: CheckContext, key: 'id' | 'uuid'): Promise<string[]> {
  const walk = await walkFor(target, ctx);
  const token = await sessionFor(target).token();
  const meetings = distinctMeetings(walk).filter((m) => typeof m[key] === 'string' || typeof m[key] === 'number').slice(0, maxFetched);
  const first = meetings[0];
  if (first) ctx.reproduction(apiCurl(target.apiBaseUrl, `/v2/meetings/${encodeMeetingId(first[key] as string | number)}`));
  const failures = await mapLimit(meetings, fetchConcurrency, async (m) => {
    const value = m[key] as string | number;
    const path = `/v2/meetings/${encodeMeetingId(value)}`;
    const x = await apiGet(target.apiBaseUrl, path, token, ctx.signal);
    const same = x.status === 200 && x.isJson && field(x, key) === value;
    return same ? undefined : `${key} ${JSON.stringify(value)} as GET ${path}: ${summarize(x)}`;
  });
  ctx.evidence('fetched', `${meetings.length} of ${distinctMeetings(walk).length} listed meetings by ${key}` + (key === 'uuid' ? `, ${meetings.filter((m) => needsDoubleEncoding(String(m.uuid))).length} of them double-encoded by the rule` : ''));
  return failures.filter((f): f is string => f !== undefined);
}

for (const target of currentTargets()['meeting-platform']) {
  describe(target.label, () => {
    exchangeLogFor(target);
    check('MP-MEETINGS-LIST', 'the meeting list answers 200 JSON with meetings, total_records and next_page_token', async (ctx) => {
      const token = await sessionFor(target).token();
      const path = listPath(walkPageSize);
      ctx.reproduction(apiCurl(target.apiBaseUrl, path));
      const x = await apiGet(target.apiBaseUrl, path, token, ctx.signal);
      ctx.evidence(`GET ${path}`, summarize(x));
      expect(x.status, `GET ${path} must answer 200; got ${summarize(x)}`).toBe(200);
      expect(x.isJson, `the meeting list must be JSON; got ${x.contentType || 'no content type'}`).toBe(true);
      expect(Array.isArray(field(x, 'meetings')), 'the list must hold a meetings array').toBe(true);
      expect(Number.isInteger(field(x, 'total_records')), `the list must state total_records as an integer; got ${JSON.stringify(field(x, 'total_records'))}`).toBe(true);
      expect(typeof field(x, 'next_page_token'), 'a paginated list must carry next_page_token (empty on the last page)').toBe('string');
    });

    check('MP-PAGINATION-PAGE-SIZE', 'no page holds more meetings than page_size', async (ctx) => {
      const walk = await walkFor(target, ctx);
      const oversized = walk.pages.map((p, i) => ({ page: i + 1, count: p.meetings.length })).filter((p) => p.count > walk.pageSize);
      expect(oversized, `asked for page_size=${walk.pageSize}; these pages held more`).toEqual([]);
    });

    check('MP-PAGINATION-EXACTLY-ONCE', 'walking next_page_token visits every meeting exactly once', async (ctx) => {
      const walk = await walkFor(target, ctx);
      const seen = new Map<string, number>();
      for (const m of walk.meetings) seen.set(identity(m), (seen.get(identity(m)) ?? 0) + 1);
      const duplicates = [...seen].filter(([, n]) => n > 1).map(([id, n]) => `${id} (${n} times)`);
      expect(duplicates, 'a meeting must appear on exactly one page of a walk; these appeared more than once').toEqual([]);
      const total = walk.pages[0]?.totalRecords;
      expect(seen.size, `the walk must visit as many distinct meetings as total_records (${String(total)}); a difference means gaps`).toBe(total);
      if (typeof total === 'number' && total > 0 && total <= 300) {
        // One page of everything is the reference a walk must match, meeting for meeting.
        const token = await sessionFor(target).token();
        const whole = await apiGet(target.apiBaseUrl, listPath(300), token, ctx.signal);
        const all = field(whole, 'meetings');
        if (whole.status === 200 && Array.isArray(all)) {
          const missing = (all as Meeting[]).map(identity).filter((id) => !seen.has(id));
          expect(missing, 'meetings on the single page of page_size=300 that the walk never visited (gaps)').toEqual([]);
        }
      }
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
      const bad = distinctMeetings(walk)
        .filter((m) => {
          try {
            const url = new URL(String(m.join_url));
            return url.protocol !== 'https:' || !url.hostname;
          } catch {
            return true;
          }
        })
        .map((m) => `${identity(m)}: ${JSON.stringify(m.join_url)}`);
      ctx.evidence('checked', `${distinctMeetings(walk).length} meetings`);
      expect(bad, 'join_url must be an absolute https link for a browser; these are not').toEqual([]);
    });

    check('MP-MEETING-BY-ID', 'every listed meeting can be fetched by its numeric id', async (ctx) => {
      const failures = await fetchEach(target, ctx, 'id');
      expect(failures, 'GET /v2/meetings/{id} must answer 200 with the same meeting for every listed meeting').toEqual([]);
    });

    check('MP-ID-ENCODING', 'every listed meeting can be fetched by its UUID, encoded as the rule says', async (ctx) => {
      const failures = await fetchEach(target, ctx, 'uuid');
      expect(failures, 'GET /v2/meetings/{uuid}, encoded once (twice when it starts with "/" or contains "//"), must answer the same meeting').toEqual([]);
    });

    defineSpecResponseCheck(check, target, 'the meeting-list checks');
  });
}
