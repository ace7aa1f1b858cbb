// A meeting by its id (MP-MEETING-BY-ID: every listed one comes back) and one that does not exist
// (MP-MEETING-UNKNOWN: 404, judged on the API checks' probe for it, apiProbes.ts).
import type { Check } from '../../src/harness/suite-api/check.ts';
import type { MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { summarize, type Exchange } from '../../src/meeting-platform/exchange.ts';
import { apiCurl } from '../../src/meeting-platform/platformRequests.ts';
import { brokenOff } from './walkMeetings.ts';
import { listedUntil, lookupCases, lookupsFor } from './meetingWalks.ts';
import { probe, refusedCase, reproduce, unknownMeetingPath } from './apiProbes.ts';

/** Why an answer to a meeting that does not exist is not the platform's 404, or undefined when it is. */
function notFoundCause(x: Exchange): string | undefined {
  return x.status === 404 ? undefined : x.status < 300 ? 'answered as if the meeting existed' : `HTTP ${x.status} instead of 404`;
}

export function defineMeetingChecks(check: Check, target: MeetingPlatformTarget): void {
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
}
