// What the meeting-list checks share per target: the walk of the list (and a second one), blocked by the
// clause that fails when there is none to judge, and each listed meeting fetched by its id or its UUID.
import pMap from 'p-map';
import type { CheckContext } from '../../src/harness/suite-api/check.ts';
import type { CaseOutcome } from '../../src/verdict/finding.ts';
import { currentTargets } from '../../src/harness/suite-api/currentTargets.ts';
import { defaultConcurrency, type MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { meetingLookupCause } from '../../src/meeting-platform/diagnoseFirstCall.ts';
import { encodeMeetingId } from '../../src/meeting-platform/core/encodeMeetingId.ts';
import { meetingIdentity } from '../../src/rules/meeting-platform/answerProblems.ts';
import { field, summarize, type Exchange } from '../../src/meeting-platform/exchange.ts';
import { apiCurl, apiGet } from '../../src/meeting-platform/platformRequests.ts';
import { sessionFor } from './platformSession.ts';
import { brokenOff, walkEvidence, walkReproduction, type Walk } from './walkMeetings.ts';

/** Meetings fetched one by one at most, so a large real account stays within its rate limits. */
const maxFetched = 200;
/** Lookups in flight at once: the run's --concurrency (each still paced by the rate limit). */
const fetchConcurrency = currentTargets().concurrency ?? defaultConcurrency;

export type Meeting = Record<string, unknown>;

/** What identifies a meeting instance across pages: its UUID, else its id. */
export const identity: (m: Meeting) => string = meetingIdentity;

/** Whether a walk has a first page to judge: a 200 JSON page with a meetings array. */
export function walked(walk: Walk): boolean {
  const first = walk.pages[0];
  return first?.exchange.status === 200 && first.exchange.isJson && Array.isArray(field(first.exchange, 'meetings'));
}

/**
 * The walk for a check that needs at least one page to judge: without an access token the check is
 * blocked by MP-TOKEN-FLOW, and when the first page is no meeting list (a 200 JSON page with a meetings
 * array, the request MP-MEETINGS-LIST judges) by MP-MEETINGS-LIST.
 */
export async function walkFor(target: MeetingPlatformTarget, ctx: CheckContext): Promise<Walk> {
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
export async function wholeWalkFor(target: MeetingPlatformTarget, ctx: CheckContext): Promise<Walk> {
  const walk = await walkFor(target, ctx);
  const broken = brokenOff(walk);
  if (broken) ctx.blocked('MP-MEETINGS-LIST', `the walk broke off before its end: ${broken}`);
  return walk;
}

/** Why a walk other than the first cannot be judged whole (undefined when it can): it got no first page, or broke off. */
export function unwalked(name: string, w: Walk): string | undefined {
  const broken = brokenOff(w);
  return broken && `${name} broke off before its end: ${broken}`;
}

/** The second walk, begun once the first ended (for the checks that judge a walk repeated). */
export async function secondWalkFor(target: MeetingPlatformTarget, ctx: CheckContext): Promise<Walk> {
  const walk = await sessionFor(target).walkAgain();
  ctx.evidence('second walk', walkEvidence(walk));
  return walk;
}

export function distinctMeetings(walk: Walk): Meeting[] {
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
export function lookupsFor(target: MeetingPlatformTarget, ctx: CheckContext, key: 'id' | 'uuid'): Promise<Lookups> {
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
export function listedUntil(broken: string | undefined): string {
  return broken ? `; the walk that listed them broke off before its end: ${broken}` : '';
}

/** One case per meeting fetched by `key`, failing when it did not come back. */
export function lookupCases(target: MeetingPlatformTarget, key: 'id' | 'uuid', fetched: readonly Lookup[]): CaseOutcome[] {
  return fetched.map(({ value, path, exchange: x }) => {
    const label = `${key} ${JSON.stringify(value)}`;
    if (x.status === 200 && x.isJson && field(x, key) === value) return { label };
    const seen = field(x, key);
    const problem = x.status === 200 && x.isJson ? `GET ${path} answered 200 with ${key} ${JSON.stringify(seen)}` : `GET ${path} answered ${x.status}${x.isJson ? '' : x.isHtml ? ' (HTML page)' : ''}`;
    return { label, problem, ...meetingLookupCause(x, target.apiBaseUrl, key, String(value)), evidence: summarize(x), reproduction: apiCurl(target.apiBaseUrl, path) };
  });
}

/** The meetings MP-JOIN-URL reads, from every route that returns one: the list, by id, by UUID. */
export async function meetingsFromEveryRoute(target: MeetingPlatformTarget, ctx: CheckContext): Promise<Array<{ route: string; meeting: Meeting }>> {
  const walk = await walkFor(target, ctx);
  const fromList = distinctMeetings(walk).map((meeting) => ({ route: 'in the list', meeting }));
  const fetched = async (key: 'id' | 'uuid') =>
    (await lookupsFor(target, ctx, key)).fetched.filter((l) => l.exchange.status === 200 && l.exchange.isJson).map((l) => ({ route: `GET /v2/meetings/{${key}}`, meeting: l.exchange.json as Meeting }));
  // The lookups by id and by UUID stand alone: side by side.
  const [byId, byUuid] = await Promise.all([fetched('id'), fetched('uuid')]);
  return [...fromList, ...byId, ...byUuid];
}
