import type { TestAnnotation } from 'vitest';
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { createVitest } from 'vitest/node';
import { progressAnnotation } from './check.ts';
import { codeRoot, conformanceTestConfig } from './conformanceConfig.ts';
import { toCheckResult } from './toCheckResult.ts';
import type { CheckResult } from './report.ts';
import type { SuiteName } from './suites.ts';
import { targetEnv } from './targets.ts';

export interface RunSuitesOptions {
  suites: SuiteName[];
  /** Environment for the global setup and the suites (targets, seed); merged over process.env. */
  env: Record<string, string>;
  /** Only checks whose name contains this text. */
  grep?: string;
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
  const checks: CheckResult[] = [];
  const errors: string[] = [];
  const collector: Reporter = {
    onTestCaseAnnotate(testCase: TestCase, annotation: TestAnnotation) {
      if (annotation.type !== progressAnnotation) return;
      const target = testCase.meta().conformTarget;
      options.onProgress?.(`${annotation.message}${target ? ` [${target}]` : ''}`);
    },
    onTestCaseResult(testCase: TestCase) {
      const result = toCheckResult(testCase);
      if (!result) return;
      checks.push(result);
      options.onCheck?.(result);
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

  // The global setup and the suites' workers read targets from the environment (see targets.ts).
  const saved = { ...process.env };
  Object.assign(process.env, options.env, { [targetEnv.suites]: options.suites.join(',') });
  const vitest = await createVitest(
    {
      ...conformanceTestConfig,
      // No config file: the package has none to load (vitest would bundle it), a clone's is the same settings.
      config: false,
      root: codeRoot,
      watch: false,
      reporters: [collector],
      testNamePattern: options.grep ? escapeRegExp(options.grep) : undefined,
      passWithNoTests: true,
      ...(options.serial ? { fileParallelism: false } : {}),
    },
    { logLevel: 'silent' },
  );
  try {
    await vitest.start(options.suites.map((s) => `suites/${s}/`));
  } catch (err) {
    errors.push(err instanceof Error ? err.message : String(err));
  } finally {
    await vitest.close();
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
  return { checks, errors };
}

function relative(path: string): string {
  return path.startsWith(codeRoot) ? path.slice(codeRoot.length) : path;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
