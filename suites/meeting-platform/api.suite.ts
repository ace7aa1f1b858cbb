// What every API operation owes a client, success or error: a 401 without a good token or with one that
// is almost good, JSON always, and error bodies with a code and a message. Each is checked on the current
// user, the meeting list and a meeting by id (by UUID too), with the answers of one set of read-only probes.
import { checksFor, describeTarget, type CheckContext } from '../../src/harness/suite-api/check.ts';
import { CheckBlocked } from '../../src/harness/suite-api/CheckBlocked.ts';
import type { CaseOutcome } from '../../src/verdict/finding.ts';
import { currentTargets } from '../../src/harness/suite-api/currentTargets.ts';
import { sideBySide } from '../../src/harness/suite-api/inFlightCap.ts';
import { defaultConcurrency, type MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { encodeMeetingId } from '../../src/meeting-platform/core/encodeMeetingId.ts';
import { bearerEquivalent, bearerEquivalentWords, type BearerEquivalentName } from '../../src/meeting-platform/core/bearerEquivalents.ts';
import { bearerNearMiss, bearerNearMissWords, nearMissCause, type BearerNearMissName } from '../../src/meeting-platform/core/nearMisses.ts';
import { equivalentsUnder, nearMissesUnder } from '../../src/meeting-platform/core/sentFields.ts';
import { apiErrorProblem, kindOf, notJsonProblem, notRefusedCause } from '../../src/rules/meeting-platform/answerProblems.ts';
import { field, summarize, type Exchange } from '../../src/meeting-platform/exchange.ts';
import { apiCurl, apiGet, apiNearMissGet } from '../../src/meeting-platform/platformRequests.ts';
import { sessionFor } from './platformSession.ts';
import { defineSpecResponseCheck, exchangeLogFor } from './specResponses.ts';
import { answerOf } from './tokenProbes.ts';

const check = checksFor('meeting-platform');

/** A bearer value no platform issued. */
const foreignToken = 'conform-invalid-token';
/** A meeting id for the probes that need one when there is no list to take one from. */
const madeUpMeeting = '85746065432';
/** A meeting UUID for the probes that need one when there is no list to take one from. */
const madeUpMeetingUuid = 'K7mVdXqRQ2uTfBnP9cLs4w==';
/** A meeting no account has: what MP-MEETING-UNKNOWN asks for, and an error MP-JSON-ONLY and MP-API-ERROR-BODY judge. */
const unknownMeetingPath = '/v2/meetings/1';

type Operation = 'me' | 'list' | 'meeting';
type Credential = 'valid' | 'none' | 'foreign' | 'near-miss' | 'equivalent';

// The bearer token's row of the table of sent fields: what must be refused, and what must be served.
const bearerNearMissNames = nearMissesUnder('MP-API-NEAR-MISS');
const bearerEquivalentNames = equivalentsUnder('MP-API-EQUIVALENT');

interface Probe {
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

const operationWords: Record<Operation, string> = { me: 'the current user', list: 'the meeting list', meeting: 'a listed meeting' };

/**
 * The probes' answers; `blocked` when there was no access token, `unsent` saying why a request that needs
 * a listed meeting was not sent, `sameAsToken` the near misses that would be the token itself.
 */
interface Probed {
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
function probe(target: MeetingPlatformTarget, signal: AbortSignal): Promise<Probed> {
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

function reproduce(target: MeetingPlatformTarget, p: Probe): string {
  if (p.exchange.shownAs) return p.exchange.shownAs.reproduction;
  const curl = apiCurl(target.apiBaseUrl, p.path, p.credential === 'valid');
  return p.credential === 'foreign' ? `${curl} -H 'Authorization: Bearer ${foreignToken}'` : curl;
}

/** A probe's answer as a case of a check that wants it refused: failing with `cause`, when there is one. */
function refusedCase(target: MeetingPlatformTarget, p: Probe, cause: string | undefined): CaseOutcome {
  const x = p.exchange;
  return { label: p.label, problem: cause && `${x.status} with ${kindOf(x)}`, cause, evidence: summarize(x), reproduction: reproduce(target, p), answer: answerOf(x) };
}

/** Marks the declared paths no probe stood for as not judged, saying why. */
function unjudged(ctx: CheckContext, paths: readonly string[], judged: ReadonlySet<string>, why: string): void {
  for (const path of paths) if (!judged.has(path)) ctx.notJudged(path, why);
}

/** Why an answer to a meeting that does not exist is not the platform's 404, or undefined when it is. */
function notFoundCause(x: Exchange): string | undefined {
  return x.status === 404 ? undefined : x.status < 300 ? 'answered as if the meeting existed' : `HTTP ${x.status} instead of 404`;
}

const unauthorizedPaths = ['me-no-token', 'me-foreign-token', 'list-no-token', 'list-foreign-token', 'meeting-no-token', 'meeting-foreign-token', 'meeting-uuid-no-token'];
const jsonPaths = ['me-success', 'me-error', 'list-success', 'list-error', 'meeting-success', 'meeting-error'];
const errorPaths = ['me-error', 'list-error', 'meeting-error'];

for (const target of currentTargets()['meeting-platform']) {
  describeTarget(target.label, () => {
    exchangeLogFor(target);

    check(
      'MP-API-401',
      'every operation answers 401 without a token or with one the platform did not issue',
      async (ctx) => {
        const { probes } = await probe(target, ctx.signal);
        const refused = probes.filter((p) => p.credential === 'none' || p.credential === 'foreign');
        ctx.reproduction(reproduce(target, refused[0]!));
        ctx.evidence('answers', refused.map((p) => `${p.label}: ${summarize(p.exchange)}`).join('\n\n'));
        ctx.conclude({
          of: 'requests without a valid token',
          failed: 'were not refused with 401',
          rule: 'every API operation answers a request without a token, or with one the platform did not issue, with 401 and none of its data',
          cases: refused.map((p) => {
            const x = p.exchange;
            return refusedCase(target, p, notRefusedCause(x, operationWords[p.operation]));
          }),
        });
      },
      { paths: unauthorizedPaths },
    );

    check(
      'MP-API-NEAR-MISS',
      'every operation answers 401 to a credential that is almost the access token: the client credentials, the token a character longer or shorter, half of it, under another scheme, in the query string, in no-break spaces, in another case',
      async (ctx) => {
        const { probes, blocked, sameAsToken } = await probe(target, ctx.signal);
        const near = probes.filter((p) => p.nearMiss);
        for (const name of sameAsToken) ctx.notJudged(name, 'the access token has no letter: no other case to send it in');
        if (blocked) for (const name of bearerNearMissNames) if (!near.some((p) => p.nearMiss === name) && !sameAsToken.includes(name)) ctx.notJudged(name, blocked.message);
        ctx.reproduction(reproduce(target, near[0]!));
        ctx.evidence('answers', near.map((p) => `${p.label}: ${summarize(p.exchange)}`).join('\n\n'));
        ctx.conclude({
          of: 'requests with a credential that is almost the access token',
          failed: 'were not refused with 401',
          rule: 'a credential that is almost the bearer token (the client credentials, the token with a character more or less, a part of it, under another scheme or in the query string, in no-break spaces, in another case) is no token: 401 and none of the data, on every operation',
          cases: near.map((p) => refusedCase(target, p, nearMissCause(p.nearMiss!, p.exchange.status))),
        });
        // The near misses it could send were refused; the ones derived from a token it could not make.
        if (blocked) throw blocked;
        // The refusals prove a comparison only beside the token itself served on the same operations.
        // The current user alone: a list or a meeting the platform gets wrong is other clauses' fault, not the token's.
        const exact = probes.filter((p) => p.credential === 'valid' && p.success && p.operation === 'me');
        const unserved = exact.filter((p) => p.exchange.status !== 200);
        ctx.control({
          label: 'the access token itself, as the seed sends it, on the current user',
          clause: 'MP-ME-200',
          problem: exact.length === 0 ? 'not sent' : unserved.length ? unserved.map((p) => `${p.label}: ${answerOf(p.exchange)}`).join('; ') : undefined,
        });
      },
      { paths: [...bearerNearMissNames] },
    );

    check(
      'MP-API-EQUIVALENT',
      'every operation serves the access token under the scheme word in another case (bearer, BEARER), as it serves "Bearer"',
      async (ctx) => {
        const { probes, blocked } = await probe(target, ctx.signal);
        // The forms are the token's: without a token, MP-TOKEN-FLOW's failure says why none was sent.
        if (blocked) throw blocked;
        const equal = probes.filter((p) => p.equivalent);
        ctx.reproduction(reproduce(target, equal[0]!));
        ctx.evidence('answers', equal.map((p) => `${p.label}: ${summarize(p.exchange)}`).join('\n\n'));
        ctx.conclude({
          of: 'requests with the access token in a form equal to the seed\'s',
          failed: 'were not served',
          rule: 'the auth scheme is a case-insensitive token (RFC 7235 §2.1): "bearer" and "BEARER" are "Bearer", and the operation answers 200 as it does to the seed\'s form',
          cases: equal.map((p) => {
            const x = p.exchange;
            return { label: p.label, ...(x.status === 200 ? {} : { problem: `${x.status} with ${kindOf(x)}`, cause: `HTTP ${x.status} for the token under the scheme word in another case` }), evidence: summarize(x), reproduction: reproduce(target, p), answer: answerOf(x) };
          }),
        });
      },
      { paths: [...bearerEquivalentNames] },
    );

    check(
      'MP-JSON-ONLY',
      'every answer of every operation, errors included, is JSON',
      async (ctx) => {
        const { probes, blocked, unsent } = await probe(target, ctx.signal);
        ctx.reproduction(apiCurl(target.apiBaseUrl, unknownMeetingPath));
        ctx.evidence('answers', probes.map((p) => `${p.label}: ${summarize(p.exchange)}`).join('\n\n'));
        unjudged(ctx, jsonPaths, new Set(probes.map((p) => `${p.operation}-${p.success ? 'success' : 'error'}`)), blocked?.message ?? unsent ?? 'no request of the probes stood for it');
        ctx.conclude({
          of: 'API answers',
          failed: 'were not JSON',
          rule: 'every API answer, errors included, must be JSON (application/json that parses), never an HTML page',
          cases: probes.map((p) => ({
            label: p.label,
            ...notJsonProblem(p.exchange),
            evidence: summarize(p.exchange),
            reproduction: reproduce(target, p),
            answer: answerOf(p.exchange),
          })),
        });
        // The answers it could get were JSON; the ones that need a token it could not ask for.
        if (blocked) throw blocked;
      },
      { paths: jsonPaths },
    );

    check(
      'MP-API-ERROR-BODY',
      'the errors of every operation carry a numeric code and a message',
      async (ctx) => {
        ctx.reproduction(apiCurl(target.apiBaseUrl, '/v2/users/me', false));
        const { probes, blocked } = await probe(target, ctx.signal);
        const errors = probes.filter((p) => p.exchange.status >= 400);
        ctx.evidence('error answers', errors.map((p) => `${p.label}: ${summarize(p.exchange)}`).join('\n\n'));
        if (!errors.length && !blocked) ctx.skip('none of the probes (no token, unknown meeting, invalid parameters) got an error answer to judge');
        unjudged(ctx, errorPaths, new Set(errors.map((p) => `${p.operation}-error`)), 'none of its probes got an error answer');
        ctx.conclude({
          of: 'error answers',
          failed: 'lack a numeric code and a message',
          rule: 'an API error must be a JSON object with a numeric code and a message',
          cases: errors.map((p) => ({
            label: p.label,
            ...apiErrorProblem(p.exchange),
            evidence: summarize(p.exchange),
            reproduction: reproduce(target, p),
            answer: answerOf(p.exchange),
          })),
        });
        // The errors it could provoke were well formed; the ones that need a token it could not provoke.
        if (blocked) throw blocked;
      },
      { paths: errorPaths },
    );

    check(
      'MP-MEETING-UNKNOWN',
      'a meeting that does not exist is answered 404',
      async (ctx) => {
        const { probes, blocked } = await probe(target, ctx.signal);
        // Asking for a meeting takes a token: without one, MP-TOKEN-FLOW's failure says why.
        if (blocked) throw blocked;
        const unknown = probes.filter((p) => p.path === unknownMeetingPath);
        ctx.reproduction(reproduce(target, unknown[0]!));
        ctx.evidence('answers', unknown.map((p) => `${p.label}: ${summarize(p.exchange)}`).join('\n\n'));
        ctx.conclude({
          of: 'requests for a meeting that does not exist',
          failed: 'were not answered 404',
          rule: 'GET /v2/meetings/{id} for a meeting that does not exist must answer 404 Not Found',
          cases: unknown.map((p) => refusedCase(target, p, notFoundCause(p.exchange))),
        });
      },
      { paths: ['made-up-id'] },
    );

    defineSpecResponseCheck(check, target, 'the API checks', 'api-errors');
  });
}
