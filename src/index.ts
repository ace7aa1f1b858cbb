// The package's main entry: conform run, driven from a script. `run()` returns the report that
// `conform run --report json=PATH` writes, `mergeShards()` the one `conform report merge` makes,
// `diffReports()` what `conform report diff` shows; `defineConfig()` types a conform.config.ts; the
// mocks and the records library have entries of their own (`/mocks/meeting-platform`, `/mocks/fetch-service`, `/records`).
export { run, type RunOptions, type ReportFile } from './harness/run.ts';
export { defineConfig } from './harness/config/defineConfig.ts';
export type { ConformConfig, TargetConfig } from './harness/config/configSchema.ts';
export { mergeShards, type MergeOptions } from './harness/mergeShards.ts';
export { diffReports, diffExitCode, type ReportDiff, type TargetDiff, type ClauseChange, type ClauseState, type RunIdentity } from './harness/reportDiff.ts';
export { parseRunReport } from './harness/parseRunReport.ts';
export { defaultSuppressionsFile, type SuppressionOptions } from './harness/suppressions/suppressionsFile.ts';
export { applySuppressions } from './harness/suppressions/applySuppressions.ts';
export { failureCauses, type FailureCause } from './harness/suppressions/failureFingerprints.ts';
export { parseSuppressions, formatSuppressions, type SuppressionEntry } from './harness/suppressions/SuppressionEntry.ts';
export type { Shard } from './harness/Shard.ts';
export { RunError } from './harness/RunError.ts';
export { exitCodeOf } from './harness/Verdict.ts';
export { suiteNames, type SuiteName } from './harness/suites.ts';
export type { ReportFormat } from './harness/reporters/reportRenderers.ts';
export type { RunReport, CheckResult, CheckStatus, CheckSuppression, SuppressionsSummary, UncoveredClause, UnjudgedClause, CommonCause } from './harness/report.ts';
export type { ExchangeOutcomes } from './harness/exchangeOutcomes.ts';
export type { Level } from './harness/catalogue.ts';
export type { EvidenceItem } from './harness/EvidenceItem.ts';
export type { Finding, FindingGroup, FindingExample } from './harness/finding.ts';
