import type { TestAnnotation } from 'vitest';
import type { Reporter, TestCase, TestModule, TestUserConfig, Vitest } from 'vitest/node';
import { createVitest } from 'vitest/node';
import { progressAnnotation } from './check.ts';
import { codeRoot, conformanceTestConfig } from './conformanceConfig.ts';
import { toCheckResult } from './toCheckResult.ts';
import type { CheckResult } from './report.ts';
import type { Shard } from './shardFiles.ts';
import type { ConformOptions } from './ConformOptions.ts';

export interface RunSuitesOptions {
  /** What the global setup and the suites get (vitest's `provide`): the suites, their targets, the seed. */
  options: ConformOptions;
  /** Only checks whose name contains this text. */
  grep?: string;
  /** Only this part of the suites' files (vitest's sharding). */
  shard?: Shard;
  /** Also write vitest's blob of the run to this file, for mergeBlobs. */
  blobFile?: string;
  onCheck?: (result: CheckResult) => void;
  /** A running check's progress ("FS-FUZZ-NO-5XX fetchPage: 120/200 generated requests [reference]"). */
  onProgress?: (message: string) => void;
  /** One test file at a time (a rate limit per target holds across files). */
  serial?: boolean;
}

export interface RunSuitesResult {
  checks: CheckResult[];
  /** Errors that kept checks from running: a suite that failed to load, a target that did not start. */
  errors: string[];
}

/**
 * Runs the selected conformance suites with vitest's Node API and collects their checks. Suites are
 * ordinary vitest files, so a user can run them with plain vitest too; this adds the clause view.
 */
export async function runSuites(options: RunSuitesOptions): Promise<RunSuitesResult> {
  const collected = collectChecks(options.onCheck, options.onProgress);
  await withVitest(
    {
      reporters: options.blobFile ? [collected.reporter, ['blob', { outputFile: options.blobFile }]] : [collected.reporter],
      testNamePattern: options.grep ? escapeRegExp(options.grep) : undefined,
      shard: options.shard ? `${options.shard.index}/${options.shard.count}` : undefined,
      provide: { conformOptions: options.options },
      ...(options.serial ? { fileParallelism: false } : {}),
    },
    (vitest) => vitest.start(options.options.suites.map((s) => `suites/${s}/`)),
    collected.errors,
  );
  return { checks: collected.checks, errors: collected.errors };
}

/**
 * The checks of several shards' runs, from the blobs they wrote (vitest's merge-reports): the same
 * results the checks gave where they ran, replayed through the same collector as a run's.
 */
export async function mergeBlobs(blobDir: string, onCheck?: (result: CheckResult) => void): Promise<RunSuitesResult> {
  const collected = collectChecks(onCheck);
  await withVitest({ reporters: [collected.reporter] }, (vitest) => vitest.mergeReports(blobDir), collected.errors);
  return { checks: collected.checks, errors: collected.errors };
}

async function withVitest(config: TestUserConfig, use: (vitest: Vitest) => Promise<unknown>, errors: string[]): Promise<void> {
  const vitest = await createVitest(
    {
      ...conformanceTestConfig,
      // No config file: the package has none to load (vitest would bundle it), a clone's is the same settings.
      config: false,
      root: codeRoot,
      watch: false,
      passWithNoTests: true,
      ...config,
    },
    { logLevel: 'silent' },
  );
  try {
    await use(vitest);
  } catch (err) {
    errors.push(err instanceof Error ? err.message : String(err));
  } finally {
    await vitest.close();
  }
}

/** A vitest reporter turning finished test cases into check results, and the errors that kept checks from running. */
function collectChecks(onCheck?: (result: CheckResult) => void, onProgress?: (message: string) => void): { reporter: Reporter; checks: CheckResult[]; errors: string[] } {
  const checks: CheckResult[] = [];
  const errors: string[] = [];
  const reporter: Reporter = {
    onTestCaseAnnotate(testCase: TestCase, annotation: TestAnnotation) {
      if (annotation.type !== progressAnnotation) return;
      const target = testCase.meta().conformTarget;
      onProgress?.(`${annotation.message}${target ? ` [${target}]` : ''}`);
    },
    onTestCaseResult(testCase: TestCase) {
      const result = toCheckResult(testCase);
      if (!result) return;
      checks.push(result);
      onCheck?.(result);
    },
    onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled) {
      for (const module of modules) {
        for (const err of module.errors()) errors.push(`${relative(module.moduleId)}: ${err.message}`);
        // A failed beforeAll leaves its checks skipped: that is "could not run", never a pass.
        for (const suite of module.children.allSuites()) {
          for (const err of suite.errors()) errors.push(`${relative(module.moduleId)} › ${suite.name}: ${err.message}`);
        }
      }
      for (const err of unhandled) errors.push(err.message);
    },
  };
  return { reporter, checks, errors };
}

function relative(path: string): string {
  return path.startsWith(codeRoot) ? path.slice(codeRoot.length) : path;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
