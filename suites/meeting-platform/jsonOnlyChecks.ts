// JSON always (MP-JSON-ONLY): every answer of every operation, its successes and its errors, judged on the
// answers of the API checks' read-only probes (apiProbes.ts).
import type { Check } from '../../src/harness/suite-api/check.ts';
import type { MeetingPlatformTarget } from '../../src/harness/suite-api/targets.ts';
import { notJsonProblem } from '../../src/rules/meeting-platform/answerProblems.ts';
import { summarize } from '../../src/meeting-platform/exchange.ts';
import { apiCurl } from '../../src/meeting-platform/platformRequests.ts';
import { probe, reproduce, unjudged, unknownMeetingPath } from './apiProbes.ts';
import { answerOf } from './tokenProbes.ts';

const jsonPaths = ['me-success', 'me-error', 'list-success', 'list-error', 'meeting-success', 'meeting-error'];

export function defineJsonOnlyChecks(check: Check, target: MeetingPlatformTarget): void {
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
}
