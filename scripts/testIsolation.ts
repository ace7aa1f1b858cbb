// Which of the project's test files need a fresh process each (vitest's isolation) and which share a
// worker with the files before them: vitest.config.ts runs the first as the `isolated` project and the
// others as `shared` (isolate: false: the modules are loaded once per worker, not once per file; on a
// 2-core machine vitest spent ~290 ms starting a worker for each of some 250 files). A file is judged by
// what its own source does; testIsolation.test.ts holds the rules to the files.
import { readFileSync } from 'node:fs';

/**
 * Modules that keep state a test can set: the targets whose exchanges are counted, the pace per target,
 * the run's targets and redactor, the suite API's collecting target, the run. By file name, without `.ts`.
 */
export const statefulModules = ['exchangeOutcomes', 'rateLimit', 'pooled', 'currentRedactor', 'currentTargets', 'suiteFileState', 'suiteSetup', 'globalSetup', 'check', 'run', 'runSuites'];

/**
 * What makes a test file need a process of its own, each with why. A file that shares a worker runs
 * after others in the same process and module instances, so it must leave both as it found them.
 */
export const isolationReasons: ReadonlyArray<{ pattern: RegExp; why: string }> = [
  { pattern: /\bprocess\.env(\.[A-Za-z_]+|\[[^\]]+\])\s*=(?!=)|delete process\.env|vi\.stubEnv/, why: 'it sets the process environment' },
  { pattern: /\bprocess\.chdir\(/, why: 'it changes the working directory' },
  { pattern: /\bprocess\.(on|once|addListener)\(/, why: 'it adds a handler to the process' },
  // The command line run in this process: it may set the exit code, signal handlers, a run's state.
  { pattern: /\bconformInProcess\(/, why: 'it runs the command line in this process' },
  { pattern: /vi\.(useFakeTimers|stubGlobal|mock|doMock|setConfig|setSystemTime)\(/, why: 'it changes timers, globals, modules or the runner for the whole file' },
  { pattern: /setGlobalDispatcher\(/, why: "it changes undici's global dispatcher" },
  { pattern: new RegExp(`from '[^']*/(${statefulModules.join('|')})\\.ts'`), why: 'it imports a module whose state it can set (counted targets, pace, targets, redactor, the run)' },
  // Long runs of other processes gain nothing from a shared worker, and would hold up the files queued behind them.
  {
    pattern:
      /\b(runConform|runTargets|runVariantsSideBySide|runAgainst|runVariant|describeBrokenServices|startVariantHost|startHostProcess|replayFailures|runReproduction|renderInChromium|launch|spawnOriginFarm|startServerCommand|runValidatorCommand|spawn|spawnSync|execFile|execFileSync|fork)\(/,
    why: 'it runs other processes (conform, a shell, a browser, a farm)',
  },
];

/** Why the test file at `path` needs a process of its own, or undefined when it can share a worker. */
export function whyIsolated(path: string): string | undefined {
  const source = readFileSync(path, 'utf8');
  return isolationReasons.find((r) => r.pattern.test(source))?.why;
}
