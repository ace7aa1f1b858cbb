import type { TestCase } from 'vitest/node';
import { findClause } from './catalogue.ts';
import { redact } from './redact.ts';
import type { CheckResult } from './report.ts';
import { isSuiteName } from './suites.ts';

/** A finished vitest test case as a conformance check result, or undefined for a test that is no check. */
export function toCheckResult(testCase: TestCase): CheckResult | undefined {
  const meta = testCase.meta();
  const suite = meta.conformSuite;
  const clauseId = meta.clause;
  if (!suite || !isSuiteName(suite) || !clauseId) return undefined;
  const clause = findClause(suite, clauseId);
  const result = testCase.result();
  const status = result.state === 'passed' ? 'passed' : result.state === 'failed' ? 'failed' : 'skipped';
  const target = meta.conformTarget ?? '';
  // The test name starts with the clause id (see check.ts); the title is the rest.
  const title = testCase.name.startsWith(`${clauseId} `) ? testCase.name.slice(clauseId.length + 1) : testCase.name;
  const check: CheckResult = {
    id: [suite, target, testCase.name].filter(Boolean).join(' › '),
    suite,
    target,
    clause: clauseId,
    level: clause?.level ?? 'MUST',
    ...(clause?.group ? { group: clause.group } : {}),
    title,
    status,
    durationMs: Math.round(testCase.diagnostic()?.duration ?? 0),
  };
  const message = messageOf(result);
  if (message) check.message = redact(message);
  if (meta.reproduction) check.reproduction = redact(meta.reproduction);
  if (meta.evidence?.length) check.evidence = meta.evidence.map((e) => ({ label: e.label, text: redact(e.text) }));
  return check;
}

function messageOf(result: ReturnType<TestCase['result']>): string | undefined {
  if (result.state === 'skipped') return result.note;
  if (result.state !== 'failed') return undefined;
  return result.errors
    .map((e) => {
      const diff = e.diff ? `\n${stripAnsi(e.diff)}` : '';
      return `${stripAnsi(e.message)}${diff}`;
    })
    .join('\n\n');
}

function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}
