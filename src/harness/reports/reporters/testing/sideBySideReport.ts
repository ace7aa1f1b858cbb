import { buildReport } from '../../buildReport.ts';
import { caseAnswers, findingOf, type CaseOutcome } from '../../../suite-api/finding.ts';
import { referenceLabels } from '../../referenceLabels.ts';
import type { CheckResult, CheckStatus, RunReport } from '../../RunReport.ts';

const reference = referenceLabels['fetch-service'];
const authCases = ['no X-SVC-API-Key header', 'a key nobody issued'];

/** A check against one target, its cases' answers kept as ctx.conclude keeps them. */
function check(target: string, clause: string, title: string, status: CheckStatus, cases: CaseOutcome[] = [], extra: Partial<CheckResult> = {}): CheckResult {
  const finding = status === 'failed' ? findingOf({ of: 'requests', failed: 'were answered against the rule', cases }) : undefined;
  const answers = caseAnswers(cases);
  return {
    id: `fetch-service › ${target} › ${clause} ${title}`,
    suite: 'fetch-service',
    target,
    clause,
    level: 'MUST',
    title,
    status,
    durationMs: 5,
    ...(finding ? { finding, message: finding.headline } : {}),
    ...(answers.length ? { answers } : {}),
    ...extra,
  };
}

/**
 * A run of the fetch-service suite against three targets side by side (the embedded reference, a
 * correct `staging` and a `broken` one that serves requests without a key), and of the unit-record suite
 * against its one: the matrix's material in the renderers' tests.
 */
export function sideBySideReport(): RunReport {
  const auth = (answer: string) => authCases.map((label): CaseOutcome => (answer === '401' ? { label, answer } : { label, answer, problem: `got ${answer}; expected a 4xx refusal`, cause: 'served without a valid key' }));
  const checks: CheckResult[] = [];
  for (const target of [reference, 'staging', 'broken']) {
    const broken = target === 'broken';
    checks.push(check(target, 'FS-AUTH-KEY', 'a request with the issued key is served', 'passed', [{ label: 'the issued key', answer: '200' }]));
    checks.push(check(target, 'FS-AUTH-REQUIRED', 'no key or a key nobody issued: 4xx', broken ? 'failed' : 'passed', auth(broken ? '200' : '401')));
    checks.push(
      check(target, 'FS-SEC-KEY-ECHO', 'no reply carries the key', target === reference ? 'passed' : 'skipped', [], {
        group: 'security',
        ...(target === reference ? {} : { message: 'needs the origin farm started here' }),
      }),
    );
  }
  checks.push({ id: 'unit-record › ref › UR-ID', suite: 'unit-record', target: referenceLabels['unit-record'], clause: 'UR-ID', level: 'MUST', title: 'id', status: 'passed', durationMs: 1 });
  return buildReport({
    version: '0.1.0',
    suites: ['fetch-service', 'unit-record'],
    seed: 7,
    strict: false,
    startedAt: new Date(0),
    durationMs: 900,
    checks,
    filtered: true,
    targetOrder: { 'fetch-service': [reference, 'staging', 'broken'] },
  });
}
