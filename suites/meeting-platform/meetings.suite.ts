import pMap from 'p-map';
import { checksFor, describeTarget, type CheckContext } from '../../src/harness/suite-api/check.ts';
import type { CaseOutcome } from '../../src/verdict/finding.ts';
import { currentTargets } from '../../src/harness/suite-api/currentTargets.ts';
import type { MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { diagnoseApi, meetingLookupCause } from '../../src/meeting-platform/diagnoseFirstCall.ts';
import { encodeMeetingId, needsDoubleEncoding } from '../../src/meeting-platform/core/encodeMeetingId.ts';
import { joinUrlHttpsProblem, joinUrlProblem, listPageProblem, meetingIdentity } from '../../src/rules/meeting-platform/answerProblems.ts';
import { field, summarize, type Exchange } from '../../src/meeting-platform/exchange.ts';
import { apiCurl, apiGet } from '../../src/meeting-platform/platformRequests.ts';
import { sessionFor, walkPageSize } from './platformSession.ts';
import { brokenOff, listPath, onePageOnly, walkEvidence, walkMeetings, walkReproduction, type Walk } from './walkMeetings.ts';
import { defineSpecResponseCheck, exchangeLogFor } from './specResponses.ts';
import { answerOf } from './tokenProbes.ts';

const check = checksFor('meeting-platform');

/** Meetings fetched one by one at most, so a large real account stays within its rate limits. */
const maxFetched = 200;
const fetchConcurrency = 4;

type Meeting = Record<string, unknown>;

/** What identifies a meeting instance across pages: its UUID, else its id. */
const identity: (m: Meeting) => string = meetingIdentity;

/** Whether a walk has a first page to judge: a 200 JSON page with a meetings array. */
function walked(walk: Walk): boolean {
  const first = walk.pages[0];
  return first?.exchange.status === 200 && first.exchange.isJson && Array.isArray(field(first.exchange, 'meetings'));
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
  if (!walked(walk)) ctx.blocked('MP-MEETINGS-LIST', `no meeting list to walk: ${walk.stoppedBecause ?? 'the first page did not come'}`);
  return walk;
}

/**
 * The walk for a check that judges it whole (every meeting once, an empty token at the end): a walk cut
 * short by a later page that was no list is blocked by MP-MEETINGS-LIST, which fails on that very page,
 * saying which page and what it answered.
 */
async function wholeWalkFor(target: MeetingPlatformTarget, ctx: CheckContext): Promise<Walk> {
  const walk = await walkFor(target, ctx);
  const broken = brokenOff(walk);
  if (broken) ctx.blocked('MP-MEETINGS-LIST', `the walk broke off before its end: ${broken}`);
  return walk;
}

/** Why a walk other than the first cannot be judged whole (undefined when it can): it got no first page, or broke off. */
function unwalked(name: string, w: Walk): string | undefined {
  const broken = brokenOff(w);
  return broken && `${name} broke off before its end: ${broken}`;
}

/** The second walk, begun once the first ended (for the checks that judge a walk repeated). */
async function secondWalkFor(target: MeetingPlatformTarget, ctx: CheckContext): Promise<Walk> {
  const walk = await sessionFor(target).walkAgain();
  ctx.evidence('second walk', walkEvidence(walk));
  return walk;
}

function distinctMeetings(walk: Walk): Meeting[] {
  const byIdentity = new Map<string, Meeting>();
  for (const m of walk.meetings) if (!byIdentity.has(identity(m))) byIdentity.set(identity(m), m);
  return [...byIdentity.values()];
}

/** A listed meeting fetched by one of its identifiers. */
interface Lookup {
  meeting: Meeting;
  value: string | number;
  path: string;
  exchange: Exchange;
}

/** The meetings of the first walk fetched by one identifier: how many it listed, and why it listed no more when it broke off. */
interface Lookups {
  listed: number;
  fetched: Lookup[];
  brokenOff?: string;
}

const lookups = new Map<string, Promise<Lookups>>();

/** Each listed meeting (of the first walk) fetched by its id or its UUID, once per target for the file's checks. */
function lookupsFor(target: MeetingPlatformTarget, ctx: CheckContext, key: 'id' | 'uuid'): Promise<Lookups> {
  const memo = JSON.stringify([target.label, key]);
  let result = lookups.get(memo);
  if (!result) {
    result = (async () => {
      const walk = await walkFor(target, ctx);
      const token = await sessionFor(target).token();
      const listed = distinctMeetings(walk);
      const meetings = listed.filter((m) => typeof m[key] === 'string' || typeof m[key] === 'number').slice(0, maxFetched);
      const fetched = await pMap(
        meetings,
        async (meeting): Promise<Lookup> => {
          const value = meeting[key] as string | number;
          const path = `/v2/meetings/${encodeMeetingId(value)}`;
          return { meeting, value, path, exchange: await apiGet(target, path, token, ctx.signal) };
        },
        { concurrency: fetchConcurrency },
      );
      const broken = brokenOff(walk);
      return { listed: listed.length, fetched, ...(broken ? { brokenOff: broken } : {}) };
    })();
    result.catch(() => lookups.delete(memo));
    lookups.set(memo, result);
  }
  return result;
}

/** Why the walk listed no more meetings, for the evidence of the checks that fetch the listed ones. */
function listedUntil(broken: string | undefined): string {
  return broken ? `; the walk that listed them broke off before its end: ${broken}` : '';
}

/** One case per meeting fetched by `key`, failing when it did not come back. */
function lookupCases(target: MeetingPlatformTarget, key: 'id' | 'uuid', fetched: readonly Lookup[]): CaseOutcome[] {
  return fetched.map(({ value, path, exchange: x }) => {
    const label = `${key} ${JSON.stringify(value)}`;
    if (x.status === 200 && x.isJson && field(x, key) === value) return { label };
    const seen = field(x, key);
    const problem = x.status === 200 && x.isJson ? `GET ${path} answered 200 with ${key} ${JSON.stringify(seen)}` : `GET ${path} answered ${x.status}${x.isJson ? '' : x.isHtml ? ' (HTML page)' : ''}`;
    return { label, problem, ...meetingLookupCause(x, target.apiBaseUrl, key, String(value)), evidence: summarize(x), reproduction: apiCurl(target.apiBaseUrl, path) };
  });
}

/** The meetings MP-JOIN-URL reads, from every route that returns one: the list, by id, by UUID. */
async function meetingsFromEveryRoute(target: MeetingPlatformTarget, ctx: CheckContext): Promise<Array<{ route: string; meeting: Meeting }>> {
  const walk = await walkFor(target, ctx);
  const fromList = distinctMeetings(walk).map((meeting) => ({ route: 'in the list', meeting }));
  const fetched = async (key: 'id' | 'uuid') =>
    (await lookupsFor(target, ctx, key)).fetched.filter((l) => l.exchange.status === 200 && l.exchange.isJson).map((l) => ({ route: `GET /v2/meetings/{${key}}`, meeting: l.exchange.json as Meeting }));
  return [...fromList, ...(await fetched('id')), ...(await fetched('uuid'))];
}

const joinPaths = ['list', 'by-id', 'by-uuid'];

for (const target of currentTargets()['meeting-platform']) {
  describeTarget(target.label, () => {
    exchangeLogFor(target);
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
        const cases: CaseOutcome[] = [
          { label: `the first page (page_size=${walkPageSize})`, ...listPageProblem(firstPage), reproduction: apiCurl(target.apiBaseUrl, path) },
          { label: 'the first page asked again', ...listPageProblem(await get(path)), reproduction: apiCurl(target.apiBaseUrl, path) },
          { label: 'the first page without page_size', ...listPageProblem(await get('/v2/users/me/meetings')), reproduction: apiCurl(target.apiBaseUrl, '/v2/users/me/meetings') },
        ];
        const walk = await sessionFor(target).walk();
        // Every page of the walk the other checks read is judged here, so a check blocked by this clause for a page of the walk waits on a failure of its own.
        for (const [i, page] of walk.pages.entries()) cases.push({ label: `page ${i + 1} of the walk`, ...listPageProblem(page.exchange), evidence: summarize(page.exchange), reproduction: apiCurl(target.apiBaseUrl, page.path) });
        if (walk.pages.length < 2) ctx.notJudged('later-pages', onePageOnly(walk) ?? walk.stoppedBecause ?? 'the walk stopped at page 1');
        ctx.conclude({ of: 'list pages', failed: 'were not 200 JSON with meetings, total_records and next_page_token', cases });
      },
      { paths: ['first-page', 'asked-again', 'default-page-size', 'later-pages'] },
    );

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
        const second = await secondWalkFor(target, ctx);
        const total = walk.pages[0]?.totalRecords;
        // One page of everything is the reference a walk must match, meeting for meeting.
        let all: string[] | undefined;
        if (typeof total === 'number' && total > 0 && total <= 300) {
          const whole = await apiGet(target, listPath(300), await sessionFor(target).token(), ctx.signal);
          const meetings = field(whole, 'meetings');
          if (whole.status === 200 && Array.isArray(meetings)) all = (meetings as Meeting[]).map(identity);
        }
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
        const second = await secondWalkFor(target, ctx);
        const token = await sessionFor(target).token();
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
          judge('one-page', 'one page of everything (page_size=300)', await walkMeetings(target, token, 300, ctx.signal));
          judge('exact-fit', `page_size=${total}, total_records itself`, await walkMeetings(target, token, total, ctx.signal));
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

    for (const [clause, title, problemOf, failed] of [
      ['MP-JOIN-URL', 'every join_url, from the list, by id and by UUID, is an absolute browser link', joinUrlProblem, 'have no absolute http(s) join_url for a browser'],
      ['MP-JOIN-URL-HTTPS', 'every join_url, from the list, by id and by UUID, is https', joinUrlHttpsProblem, 'have a join_url that is not https'],
    ] as const) {
      check(
        clause,
        title,
        async (ctx) => {
          const meetings = await meetingsFromEveryRoute(target, ctx);
          ctx.evidence('checked', `${meetings.length} meetings: ${[...new Set(meetings.map((m) => m.route))].join(', ')}`);
          ctx.conclude({
            of: 'meetings',
            failed,
            rule: clause === 'MP-JOIN-URL' ? 'join_url must be an absolute link a browser opens, not a payload for a meeting client SDK, wherever the meeting comes from' : 'join_url should be https wherever the meeting comes from',
            cases: meetings.map(({ route, meeting }) => {
              const problem = problemOf(meeting.join_url);
              return { label: `${identity(meeting)} ${route}`, problem: problem && `join_url ${JSON.stringify(meeting.join_url)}`, cause: problem && `${problem} (${route})` };
            }),
          });
        },
        { paths: joinPaths },
      );
    }

    check(
      'MP-MEETING-BY-ID',
      'every listed meeting can be fetched by its numeric id',
      async (ctx) => {
        const { listed, fetched, brokenOff: broken } = await lookupsFor(target, ctx, 'id');
        if (fetched[0]) ctx.reproduction(apiCurl(target.apiBaseUrl, fetched[0].path));
        ctx.evidence('fetched', `${fetched.length} of ${listed} listed meetings by id${listedUntil(broken)}`);
        ctx.conclude({ of: 'meetings', failed: 'could not be fetched by their numeric id', rule: 'GET /v2/meetings/{id} must answer 200 with the same meeting for every listed meeting', cases: lookupCases(target, 'id', fetched) });
      },
      { paths: ['listed'] },
    );

    check(
      'MP-ID-ENCODING',
      'every listed meeting can be fetched by its UUID, encoded as the rule says',
      async (ctx) => {
        const { listed, fetched, brokenOff: broken } = await lookupsFor(target, ctx, 'uuid');
        if (fetched[0]) ctx.reproduction(apiCurl(target.apiBaseUrl, fetched[0].path));
        const doubled = fetched.filter((l) => needsDoubleEncoding(String(l.value)));
        ctx.evidence('fetched', `${fetched.length} of ${listed} listed meetings by uuid, ${doubled.length} of them double-encoded by the rule${listedUntil(broken)}`);
        if (!doubled.length) ctx.notJudged('encoded-twice', 'no listed UUID starts with "/" or contains "//"');
        if (doubled.length === fetched.length) ctx.notJudged('encoded-once', 'every listed UUID starts with "/" or contains "//"');
        ctx.conclude({
          of: 'meetings',
          failed: 'could not be fetched by UUID',
          rule: 'GET /v2/meetings/{uuid}, encoded once (twice when it starts with "/" or contains "//"), must answer the same meeting',
          cases: lookupCases(target, 'uuid', fetched),
        });
      },
      { paths: ['encoded-once', 'encoded-twice'] },
    );

    defineSpecResponseCheck(check, target, 'the meeting-list checks', 'meetings');
  });
}
