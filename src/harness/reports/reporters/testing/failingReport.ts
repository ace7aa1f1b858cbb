import { buildReport } from '../../buildReport.ts';
import { findingFromErrors, findingOf, type CaseOutcome } from '../../../suite-api/finding.ts';
import type { CheckResult, RunReport } from '../../RunReport.ts';
import { checkResult } from '../../../testing/checkResult.ts';

const base = 'http://127.0.0.1:4010';
const curl = (path: string) => `curl -sS '${base}${path}' -H "Authorization: Bearer $ACCESS_TOKEN"`;

/** 47 meetings fetched by UUID: 14 with a "+" read back as a space, 13 double-encoded ones not found, 20 fine. */
function meetingCases(): CaseOutcome[] {
  const cases: CaseOutcome[] = [];
  for (let i = 0; i < 47; i++) {
    if (i % 3 === 0 && cases.filter((c) => c.cause?.startsWith('a "+"')).length < 14) {
      const uuid = i === 0 ? 'ab+c' : `u${i}+x`;
      const path = `/v2/meetings/${encodeURIComponent(uuid)}`;
      cases.push({ label: `uuid "${uuid}"`, problem: `GET ${path} answered 404`, cause: 'a "+" in the UUID came back as a space', diagnosis: 'decode path segments with percent-decoding only', evidence: `GET ${base}${path} → 404 application/json\n{"code":3001,"message":"Meeting does not exist: ${uuid.replace('+', ' ')}."}`, reproduction: curl(path) });
    } else if (i % 3 === 1 && cases.filter((c) => c.cause?.startsWith('not found')).length < 13) {
      const uuid = `/u${i}`;
      const path = `/v2/meetings/${encodeURIComponent(encodeURIComponent(uuid))}`;
      cases.push({ label: `uuid "${uuid}"`, problem: `GET ${path} answered 404`, cause: 'not found: UUIDs that start with "/" or contain "//"', diagnosis: 'the platform decodes the path once', evidence: `GET ${base}${path} → 404`, reproduction: curl(path) });
    } else {
      cases.push({ label: `uuid "fine${i}"` });
    }
  }
  return cases;
}

/**
 * A report of a failing run for the renderers' tests, built through the same functions checks use:
 * a finding from cases (counts, causes, examples, diagnoses), one from a failed assertion, a check whose
 * title needs escaping, and a suite whose checks did not run.
 */
export function failingReport(): RunReport {
  const cases = meetingCases();
  const finding = findingOf({ of: 'meetings', failed: 'could not be fetched by UUID', rule: 'GET /v2/meetings/{uuid} must answer the same meeting', cases })!;
  const firstFailing = cases.find((c) => c.problem)!;
  const hash = findingOf({ of: 'records', failed: 'got the wrong verdict from the validator', cases: [{ label: 'upper-hash', problem: 'valid (exit 0)', cause: 'accepted records that break the rule' }, { label: 'lower-hash' }] })!;
  const checks: CheckResult[] = [
    {
      id: 'meeting-platform › mock › MP-ID-ENCODING',
      suite: 'meeting-platform',
      target: 'meeting-platform mock (embedded)',
      clause: 'MP-ID-ENCODING',
      level: 'MUST',
      title: 'every listed meeting can be fetched by its UUID, encoded as the rule says',
      status: 'failed',
      durationMs: 40,
      message: finding.headline,
      finding,
      reproduction: firstFailing.reproduction!,
      evidence: cases.filter((c) => c.problem).slice(0, 2).map((c) => ({ label: c.label, text: c.evidence! })),
    },
    {
      id: 'meeting-platform › mock › MP-ME-200',
      suite: 'meeting-platform',
      target: 'meeting-platform mock (embedded)',
      clause: 'MP-ME-200',
      level: 'MUST',
      title: '/v2/users/me answers 200 JSON with the token',
      status: 'failed',
      durationMs: 3,
      message: 'the current user must come as JSON',
      finding: { ...findingFromErrors([{ name: 'AssertionError', message: "the current user must come as JSON: expected 'text/html' to be 'application/json' // Object.is equality", diff: '- Expected\n+ Received\n\n- application/json\n+ text/html', actual: 'text/html', expected: 'application/json' }]), diagnosis: 'The API answered with an HTML page instead of JSON: a wrong address.' },
      reproduction: curl('/v2/users/me'),
    },
    {
      id: 'unit-record › ref › UR-HASH',
      suite: 'unit-record',
      target: 'reference validator (in-process)',
      clause: 'UR-HASH',
      level: 'MUST',
      title: 'hash <script>alert(1)</script>',
      status: 'failed',
      durationMs: 3,
      message: hash.headline,
      finding: hash,
      reproduction: 'cat > /tmp/x.json',
      evidence: [{ label: 'record', text: '{"hash":"ABC"}' }],
    },
    { id: 'unit-record › ref › UR-ID', suite: 'unit-record', target: 'reference validator (in-process)', clause: 'UR-ID', level: 'MUST', title: 'id', status: 'passed', durationMs: 1 },
  ];
  return buildReport({ version: '0.1.0', suites: ['fetch-service', 'meeting-platform', 'unit-record'], seed: 7, strict: false, startedAt: new Date(0), durationMs: 1200, checks, filtered: false });
}

/**
 * A run against a meeting platform whose token endpoint answers `{}`: MP-TOKEN-FLOW fails and blocks the
 * checks that need a token, MP-TOKEN-FIELDS (a SHOULD: a warning) fails on its own, MP-API-401 passes. The checks come in the
 * order a run reports them (the blocked ones first), so the reports must reorder them.
 */
export function blockedReport(): RunReport {
  const target = 'meeting platform at http://127.0.0.1:4010';
  const check = (clause: string, status: CheckResult['status'], extra: Partial<CheckResult> = {}): CheckResult =>
    checkResult(clause, status, { suite: 'meeting-platform', target, ...extra });
  const noToken = 'no access token to run this check with: POST http://127.0.0.1:4010/oauth/token answered 200 application/json without an access_token';
  const blocked = (clause: string, title?: string) => check(clause, 'blocked', { blockedBy: 'MP-TOKEN-FLOW', message: noToken, evidence: [{ label: 'walk', text: 'nothing' }], ...(title ? { title } : {}) });
  const checks = [
    blocked('MP-ME-200'),
    blocked('MP-MEETINGS-LIST'),
    blocked('MP-FUZZ-NO-5XX', 'getCurrentUser'),
    blocked('MP-FUZZ-NO-5XX', 'listMeetings'),
    check('MP-TOKEN-FIELDS', 'failed', { level: 'SHOULD', message: 'expires_in must be a positive integer of seconds; got undefined' }),
    check('MP-TOKEN-FLOW', 'failed', { message: 'the token response must hold a non-empty access_token string', evidence: [{ label: 'token request', text: 'POST http://127.0.0.1:4010/oauth/token → 200\n{}' }], reproduction: "curl -sS -X POST 'http://127.0.0.1:4010/oauth/token'" }),
    check('MP-API-401', 'passed'),
  ];
  return buildReport({ version: '0.1.0', suites: ['meeting-platform'], seed: 7, strict: false, startedAt: new Date(0), durationMs: 1200, checks, filtered: false });
}
