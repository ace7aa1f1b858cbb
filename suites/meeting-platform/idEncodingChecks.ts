// A meeting by its UUID (MP-ID-ENCODING), encoded once, or twice as the identifier rule says.
import type { Check } from '../../src/harness/suite-api/check.ts';
import type { MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { needsDoubleEncoding } from '../../src/meeting-platform/core/encodeMeetingId.ts';
import { apiCurl } from '../../src/meeting-platform/platformRequests.ts';
import { brokenOff } from './walkMeetings.ts';
import { listedUntil, lookupCases, lookupsFor } from './meetingWalks.ts';

export function defineIdEncodingChecks(check: Check, target: MeetingPlatformTarget): void {
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
}
