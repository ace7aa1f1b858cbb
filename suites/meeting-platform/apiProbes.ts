// The read-only probes of the API checks (apiChecks.ts, jsonOnlyChecks.ts, meetingChecks.ts): each operation
// (the current user, the meeting list, a meeting by id and by UUID) made to answer both ways, its success
// and the errors a client meets, sent once per target and judged by each of those checks.
import type { CheckContext } from '../../src/harness/suite-api/check.ts';
import { CheckBlocked } from '../../src/harness/suite-api/CheckBlocked.ts';
import type { CaseOutcome } from '../../src/verdict/finding.ts';
import { currentTargets } from '../../src/harness/suite-api/currentTargets.ts';
import { sideBySide } from '../../src/harness/suite-api/inFlightCap.ts';
import { defaultConcurrency, type MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { encodeMeetingId } from '../../src/meeting-platform/core/encodeMeetingId.ts';
import { bearerEquivalent, bearerEquivalentWords, type BearerEquivalentName } from '../../src/meeting-platform/core/bearerEquivalents.ts';
import { bearerNearMiss, bearerNearMissWords, type BearerNearMissName } from '../../src/meeting-platform/core/nearMisses.ts';
import { equivalentsUnder, nearMissesUnder } from '../../src/meeting-platform/core/sentFields.ts';
import { kindOf } from '../../src/rules/meeting-platform/answerProblems.ts';
import { field, summarize, type Exchange } from '../../src/meeting-platform/exchange.ts';
import { apiCurl, apiGet, apiNearMissGet } from '../../src/meeting-platform/platformRequests.ts';
import { sessionFor } from './platformSession.ts';
import { answerOf } from './tokenProbes.ts';

/** A bearer value no platform issued. */
export const foreignToken = 'conform-invalid-token';
/** A meeting id for the probes that need one when there is no list to take one from. */
const madeUpMeeting = '85746065432';
/** A meeting UUID for the probes that need one when there is no list to take one from. */
const madeUpMeetingUuid = 'K7mVdXqRQ2uTfBnP9cLs4w==';
/** A meeting no account has: what MP-MEETING-UNKNOWN asks for, and an error MP-JSON-ONLY and MP-API-ERROR-BODY judge. */
export const unknownMeetingPath = '/v2/meetings/1';

type Operation = 'me' | 'list' | 'meeting';
type Credential = 'valid' | 'none' | 'foreign' | 'near-miss' | 'equivalent';

// The bearer token's row of the table of sent fields: what must be refused, and what must be served.
export const bearerNearMissNames = nearMissesUnder('MP-API-NEAR-MISS');
export const bearerEquivalentNames = equivalentsUnder('MP-API-EQUIVALENT');

export interface Probe {
  label: string;
  operation: Operation;
  credential: Credential;
  /** Which near miss of the token it sent, for a near-miss probe. */
  nearMiss?: BearerNearMissName;
  /** Which equivalent form of the token it sent, for an equivalent probe. */
  equivalent?: BearerEquivalentName;
  /** An answer that should be a success: the operation's success path; otherwise one of its error paths. */
  success: boolean;
  path: string;
  exchange: Exchange;
}

export const operationWords: Record<Operation, string> = { me: 'the current user', list: 'the meeting list', meeting: 'a listed meeting' };

/**
 * The probes' answers; `blocked` when there was no access token, `unsent` saying why a request that needs
 * a listed meeting was not sent, `sameAsToken` the near misses that would be the token itself.
 */
export interface Probed {
  probes: Probe[];
  blocked?: CheckBlocked;
  unsent?: string;
  sameAsToken: BearerNearMissName[];
}

const probed = new Map<string, Promise<Probed>>();

/**
 * Read-only requests that make each operation answer both ways: its success, and the errors a client
 * meets (no token, a token nobody issued, an invalid parameter, a made-up page token, an unknown
 * meeting). Sent once per target for the file's checks. Without an access token only the requests that
 * need none are sent, and `blocked` says why the others were not.
 */
export function probe(target: MeetingPlatformTarget, signal: AbortSignal): Promise<Probed> {
  let result = probed.get(target.label);
  if (!result) {
    result = sendProbes(target, signal);
    result.catch(() => probed.delete(target.label));
    probed.set(target.label, result);
  }
  return result;
}

async function sendProbes(target: MeetingPlatformTarget, signal: AbortSignal): Promise<Probed> {
  let token: string | undefined;
  let blocked: CheckBlocked | undefined;
  try {
    token = await sessionFor(target).token();
  } catch (err) {
    if (!(err instanceof CheckBlocked)) throw err;
    blocked = err;
  }
  // A probe, not yet sent: the probes of a stage go out side by side, none depending on another's answer.
  type Unsent = () => Promise<Probe>;
  const sameAsToken = new Set<BearerNearMissName>();
  const get = (label: string, operation: Operation, credential: Exclude<Credential, 'near-miss' | 'equivalent'>, path: string, success = false): Unsent[] => {
    if (credential === 'valid' && token === undefined) return [];
    const bearer = credential === 'valid' ? token : credential === 'foreign' ? foreignToken : undefined;
    return [async () => ({ label, operation, credential, success, path, exchange: await apiGet(target, path, bearer, signal) })];
  };
  // Each near miss of the token on the operation (the client's own credentials need no token), then each form equal to it.
  const nearMissesAndEquivalents = (operation: Operation, path: string, existing = true): Unsent[] => {
    const unsent: Unsent[] = [];
    for (const name of bearerNearMissNames) {
      if (token === undefined && name !== 'client-basic') continue;
      const r = bearerNearMiss(name, token ?? '', target.credentials);
      if (!r) {
        sameAsToken.add(name);
        continue;
      }
      unsent.push(async () => ({ label: `${operationWords[operation]} with ${bearerNearMissWords[name]}`, operation, credential: 'near-miss', nearMiss: name, success: false, path, exchange: await apiNearMissGet(target, path, r, signal) }));
    }
    // The forms equal to the token, beside its near misses: each served as the token itself is, on a resource that exists.
    if (token === undefined || !existing) return unsent;
    for (const name of bearerEquivalentNames) {
      const form = bearerEquivalent(name, token);
      unsent.push(async () => ({ label: `${operationWords[operation]} with ${bearerEquivalentWords[name]}`, operation, credential: 'equivalent', equivalent: name, success: true, path, exchange: await apiNearMissGet(target, path, form, signal) }));
    }
    return unsent;
  };
  const concurrency = currentTargets().concurrency ?? defaultConcurrency;
  // Sent side by side, up to the run's --concurrency; kept in the order they are listed, as a report shows them.
  const sendAll = (unsent: Unsent[]) => sideBySide(unsent, concurrency, (send) => send());
  const probes = await sendAll([
    ...get('current user', 'me', 'valid', '/v2/users/me', true),
    ...get('current user without a token', 'me', 'none', '/v2/users/me'),
    ...get('current user with a token the platform did not issue', 'me', 'foreign', '/v2/users/me'),
    ...nearMissesAndEquivalents('me', '/v2/users/me'),
    ...get('meeting list', 'list', 'valid', '/v2/users/me/meetings?page_size=5', true),
    ...get('meeting list without a token', 'list', 'none', '/v2/users/me/meetings?page_size=5'),
    ...get('meeting list with a token the platform did not issue', 'list', 'foreign', '/v2/users/me/meetings?page_size=5'),
    ...nearMissesAndEquivalents('list', '/v2/users/me/meetings?page_size=5'),
    ...get('meeting list with page_size=abc', 'list', 'valid', '/v2/users/me/meetings?page_size=abc'),
    ...get('meeting list with a made-up next_page_token', 'list', 'valid', '/v2/users/me/meetings?next_page_token=conform-made-up'),
  ]);
  // The meeting probes need the list's answer: a meeting it lists.
  const list = probes.find((p) => p.label === 'meeting list')?.exchange;
  const listed = list ? field(list, 'meetings') : undefined;
  const meeting = Array.isArray(listed) ? (listed[0] as Record<string, unknown> | undefined) : undefined;
  const id = typeof meeting?.id === 'number' || typeof meeting?.id === 'string' ? meeting.id : madeUpMeeting;
  let unsent: string | undefined;
  if (!meeting && list) {
    unsent = list.status === 200 && Array.isArray(listed) ? `the meeting list (GET ${list.url}) holds no meetings: no listed meeting to fetch` : `the meeting list (GET ${list.url}) answered ${answerOf(list)}, no meetings array: no listed meeting to fetch`;
  }
  // A meeting by UUID is a route of its own on many servers: its refusal is checked apart.
  const uuid = typeof meeting?.uuid === 'string' ? meeting.uuid : madeUpMeetingUuid;
  probes.push(
    ...(await sendAll([
      ...(meeting ? get('a listed meeting by id', 'meeting', 'valid', `/v2/meetings/${encodeMeetingId(id)}`, true) : []),
      ...(meeting && typeof meeting.uuid === 'string' ? get('a listed meeting by UUID', 'meeting', 'valid', `/v2/meetings/${encodeMeetingId(meeting.uuid)}`, true) : []),
      ...get('a meeting without a token', 'meeting', 'none', `/v2/meetings/${encodeMeetingId(id)}`),
      ...get('a meeting with a token the platform did not issue', 'meeting', 'foreign', `/v2/meetings/${encodeMeetingId(id)}`),
      ...get('a meeting by UUID without a token', 'meeting', 'none', `/v2/meetings/${encodeMeetingId(uuid)}`),
      ...nearMissesAndEquivalents('meeting', `/v2/meetings/${encodeMeetingId(id)}`, meeting !== undefined),
      ...get('an unknown meeting', 'meeting', 'valid', unknownMeetingPath),
    ])),
  );
  return { probes, ...(blocked ? { blocked } : {}), ...(unsent ? { unsent } : {}), sameAsToken: [...sameAsToken] };
}

export function reproduce(target: MeetingPlatformTarget, p: Probe): string {
  if (p.exchange.shownAs) return p.exchange.shownAs.reproduction;
  const curl = apiCurl(target.apiBaseUrl, p.path, p.credential === 'valid');
  return p.credential === 'foreign' ? `${curl} -H 'Authorization: Bearer ${foreignToken}'` : curl;
}

/** A probe's answer as a case of a check that wants it refused: failing with `cause`, when there is one. */
export function refusedCase(target: MeetingPlatformTarget, p: Probe, cause: string | undefined): CaseOutcome {
  const x = p.exchange;
  return { label: p.label, problem: cause && `${x.status} with ${kindOf(x)}`, cause, evidence: summarize(x), reproduction: reproduce(target, p), answer: answerOf(x) };
}

/** Marks the declared paths no probe stood for as not judged, saying why. */
export function unjudged(ctx: CheckContext, paths: readonly string[], judged: ReadonlySet<string>, why: string): void {
  for (const path of paths) if (!judged.has(path)) ctx.notJudged(path, why);
}
