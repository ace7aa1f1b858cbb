// The join link (MP-JOIN-URL, MP-JOIN-URL-HTTPS) of every meeting, from every route that returns one.
import type { Check } from '../../src/harness/suite-api/check.ts';
import type { MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { joinUrlHttpsProblem, joinUrlProblem } from '../../src/rules/meeting-platform/answerProblems.ts';
import { identity, meetingsFromEveryRoute } from './meetingWalks.ts';

const joinPaths = ['list', 'by-id', 'by-uuid'];

export function defineJoinUrlChecks(check: Check, target: MeetingPlatformTarget): void {
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
}
