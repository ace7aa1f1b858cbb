// The package's main entry: conform run, driven from a script. `run()` returns the report that
// `conform run --report json=PATH` writes, `mergeShards()` the one `conform report merge` makes,
// `diffReports()` what `conform report diff` shows; `defineConfig()` types a conform.config.ts; the
// mocks and the records library have entries of their own (`/mocks/meeting-platform`, `/mocks/fetch-service`, `/records`).
export { run, type RunOptions, type ReportFile } from './harness/run/run.ts';
export { defineConfig } from './harness/options/config/defineConfig.ts';
export type { ConformConfig, TargetConfig } from './harness/options/config/configSchema.ts';
export { mergeShards, type MergeOptions } from './harness/run/mergeShards.ts';
export { diffReports, diffExitCode, type ReportDiff, type TargetDiff, type ClauseChange, type ClauseState, type RunIdentity } from './harness/reports/diffReports.ts';
export { parseRunReport } from './harness/reports/parseRunReport.ts';
export { defaultSuppressionsFile, type SuppressionOptions } from './harness/reports/suppressions/suppressionsFile.ts';
export { applySuppressions } from './harness/reports/suppressions/applySuppressions.ts';
export { failureCauses, type FailureCause } from './harness/reports/suppressions/failureFingerprints.ts';
export { parseSuppressions, formatSuppressions, type SuppressionEntry } from './harness/reports/suppressions/SuppressionEntry.ts';
export type { Shard } from './harness/reports/Shard.ts';
export { RunError } from './harness/reports/RunError.ts';
export { exitCodeOf } from './harness/reports/runVerdict.ts';
export { suiteNames, type SuiteName } from './harness/catalogue/suites.ts';
export type { ReportFormat } from './harness/reports/reporters/reportRenderers.ts';
export type { RunReport, CheckResult, CheckStatus, CheckSuppression, SuppressionsSummary, UncoveredClause, UnjudgedClause, CommonCause } from './harness/reports/RunReport.ts';
export type { ExchangeOutcomes } from './exchange/exchangeOutcomes.ts';
export type { Level } from './harness/catalogue/catalogue.ts';
export type { EvidenceItem } from './harness/suite-api/EvidenceItem.ts';
export type { Finding, FindingGroup, FindingExample } from './harness/suite-api/finding.ts';
