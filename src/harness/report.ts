import type { EvidenceItem } from './check.ts';
import type { Level } from './catalogue.ts';
import type { SuiteName } from './suites.ts';

export type CheckStatus = 'passed' | 'failed' | 'skipped';

/** One check's outcome, as every report format shows it. */
export interface CheckResult {
  /** Stable across runs: suite, target label and the check's full name. */
  id: string;
  suite: SuiteName;
  /** The target the check ran against (a suite may run against more than one). */
  target: string;
  clause: string;
  level: Level;
  /** The clause's group in the catalogue (e.g. `security`), when it has one. */
  group?: string;
  title: string;
  status: CheckStatus;
  durationMs: number;
  message?: string;
  reproduction?: string;
  evidence?: EvidenceItem[];
}

/** A catalogue clause that no check in the run covered. */
export interface UncoveredClause {
  suite: SuiteName;
  id: string;
  section: string;
  level: Level;
  group?: string;
  rule: string;
}

export interface RunReport {
  tool: 'conform';
  version: string;
  /** Each suite's targets, by label. */
  target: Partial<Record<SuiteName, string[]>>;
  seed: number;
  startedAt: string;
  durationMs: number;
  strict: boolean;
  summary: { passed: number; failed: number; skipped: number };
  checks: CheckResult[];
  uncovered: UncoveredClause[];
}
