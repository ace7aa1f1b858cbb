import { buildReport } from '../verdict/buildReport.ts';
import type { CheckResult, RunReport } from '../verdict/RunReport.ts';
import { checkResult } from './checkResult.ts';

type Outcome = CheckResult['status'] | 'absent';

/**
 * Two runs of the fetch-service suite against the same targets, a loopback deployment (on another port
 * each time), `staging` and, in one run only, `prod` or `old`, with every kind of change a diff
 * lists: for the deployment, each clause's outcome in BEFORE and AFTER (and its level).
 */
export const deploymentClauses: Record<string, { before: Outcome; after: Outcome; level?: 'SHOULD' }> = {
  'FS-504': { before: 'passed', after: 'failed' },
  'FS-ERROR-BODY': { before: 'failed', after: 'passed' },
  'FS-AUTH-KEY': { before: 'failed', after: 'failed' },
  'FS-SEC-SCHEME': { before: 'absent', after: 'passed' },
  'FS-429': { before: 'passed', after: 'skipped' },
  'FS-REDIRECT-DEFAULT': { before: 'failed', after: 'accepted' },
  'FS-RESULT-SHAPE': { before: 'passed', after: 'blocked' },
  'FS-ENCODING': { before: 'accepted', after: 'failed' },
  'FS-CONTENT-TYPE-LABEL': { before: 'passed', after: 'failed', level: 'SHOULD' },
  'FS-JSON-LABEL': { before: 'failed', after: 'passed', level: 'SHOULD' },
  'FS-REDIRECT-FOLLOW': { before: 'passed', after: 'passed' },
};

function check(target: string, clause: string, status: CheckResult['status'], level: 'MUST' | 'SHOULD' = 'MUST'): CheckResult {
  const failedish = status === 'failed' || status === 'accepted';
  return checkResult(clause, status, {
    id: `fetch-service › ${target} › ${clause}`,
    target,
    level,
    ...(failedish ? { message: `${clause} went wrong against ${target}` } : {}),
    ...(status === 'accepted' ? { suppression: { reason: 'the vendor says so', fingerprints: ['0123456789abcdef'] } } : {}),
    ...(status === 'blocked' ? { blockedBy: 'FS-AUTH-KEY', message: 'the issued key was refused' } : {}),
  });
}

export function diffedReports(): { before: RunReport; after: RunReport } {
  const make = (when: 'before' | 'after', port: number, more: CheckResult[]) => {
    const deployment = `fetch service at http://127.0.0.1:${port}`;
    const checks = Object.entries(deploymentClauses)
      .filter(([, c]) => c[when] !== 'absent')
      .map(([clause, c]) => check(deployment, clause, c[when] as CheckResult['status'], c.level));
    return buildReport({ version: '0.1.0', suites: ['fetch-service'], seed: port, strict: false, startedAt: new Date(when === 'before' ? '2030-01-01T00:00:00Z' : '2030-01-02T00:00:00Z'), durationMs: 1, checks: [...checks, check('staging', 'FS-504', 'failed'), check('staging', 'FS-429', 'passed'), ...more], filtered: false });
  };
  return {
    before: make('before', 41303, [check('old', 'FS-504', 'failed')]),
    after: make('after', 33481, [check('prod', 'FS-504', 'failed'), check('prod', 'FS-429', 'passed')]),
  };
}
