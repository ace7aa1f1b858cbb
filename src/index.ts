// The package's main entry: conform run, driven from a script. `run()` returns the report that
// `conform run --report json=PATH` writes, `mergeShards()` the one `conform report merge` makes,
// `diffReports()` what `conform report diff` shows; `defineConfig()` types a conform.config.ts; the
// mocks and the records library have entries of their own (`/mocks/meeting-platform`, `/mocks/fetch-service`, `/records`).
export { run, type RunOptions, type ReportFile } from './harness/run/run.ts';
export { defineConfig } from './harness/options/config/defineConfig.ts';
export type { ConformConfig, TargetConfig } from './harness/options/config/configSchema.ts';
export { mergeShards, type MergeOptions } from './harness/run/mergeShards.ts';
export { diffReports, diffExitCode, type ReportDiff, type TargetDiff, type ClauseChange, type ClauseState, type RunIdentity } from './verdict/diffReports.ts';
export { parseRunReport } from './verdict/parseRunReport.ts';
export { defaultSuppressionsFile, type SuppressionOptions } from './verdict/suppressions/suppressionsFile.ts';
export { applySuppressions } from './verdict/suppressions/applySuppressions.ts';
export { failureCauses, type FailureCause } from './verdict/suppressions/failureFingerprints.ts';
export { parseSuppressions, formatSuppressions, type SuppressionEntry } from './verdict/suppressions/SuppressionEntry.ts';
export type { Shard } from './verdict/Shard.ts';
export { RunError } from './verdict/RunError.ts';
export { exitCodeOf } from './verdict/runVerdict.ts';
export { suiteNames, type SuiteName } from './catalogue/suites.ts';
export type { ReportFormat } from './verdict/reporters/reportRenderers.ts';
export type { RunReport, CheckResult, CheckStatus, CheckSuppression, SuppressionsSummary, UncoveredClause, UnjudgedClause, CommonCause } from './verdict/RunReport.ts';
export type { ExchangeOutcomes } from './exchange/exchangeOutcomes.ts';
export type { Level } from './catalogue/catalogue.ts';
export type { EvidenceItem } from './verdict/EvidenceItem.ts';
export type { Finding, FindingGroup, FindingExample } from './verdict/finding.ts';
