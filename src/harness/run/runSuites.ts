import type { TestAnnotation } from 'vitest';
import type { Reporter, TestCase, TestModule, TestSpecification, TestUserConfig, Vitest } from 'vitest/node';
import { createVitest } from 'vitest/node';
import { loadCatalogue } from '../../catalogue/catalogue.ts';
import { progressAnnotation } from '../suite-api/check.ts';
import type { ConformOptions } from '../options/ConformOptions.ts';
import { codeRoot, conformanceTestConfig } from './conformanceConfig.ts';
import type { Redactor } from '../../exchange/Redactor.ts';
import type { CheckResult } from '../../verdict/RunReport.ts';
import { RunError } from '../../verdict/RunError.ts';
import type { Shard } from '../../verdict/Shard.ts';
import { isSuiteName, type SuiteName } from '../../catalogue/suites.ts';
import { defaultConcurrency, type Targets } from '../suite-api/targets.ts';
import { inCatalogueOrder } from './inCatalogueOrder.ts';
import { toCheckResult } from './toCheckResult.ts';
import { withoutInternalPaths } from './withoutInternalPaths.ts';
import type { RunPlan } from '../options/RunOptions.ts';

export interface RunSuitesOptions {
  /** What the global setup and the suites get (vitest's `provide`): the suites, their targets, the seed. */
  options: ConformOptions;
  /** The run's, made from its options: what every check result and error passes through. */
  redactor: Redactor;
  /** Only checks whose name contains this text. */
  grep?: string;
  /** Only this part of the suites' files (vitest's sharding). */
  shard?: Shard;
  /** Also write vitest's blob of the run to this file, for mergeBlobs. */
  blobFile?: string;
  /** Each check as it ends; `selected`: --grep chose it (one it left out ends too, skipped at once). */
  onCheck?: (result: CheckResult, selected: boolean) => void;
  /** A running check's progress ("FS-FUZZ-NO-5XX fetchPage: 120/200 generated requests [reference]"). */
  onProgress?: (message: string) => void;
  /** One test file at a time (a rate limit per target holds across files). */
  serial?: boolean;
  /** Once the checks are selected (--grep, --shard) and about to run. */
  onReady?: () => void;
  /** How many suite files the run has and how many checks vitest has collected in them, as that grows. */
  onPlan?: (plan: RunPlan) => void;
}

export interface RunSuitesResult {
  checks: CheckResult[];
  /** Each suite's targets by label, in the order they ran (the global setup's), when the run got that far. */
  targets?: Partial<Record<SuiteName, string[]>>;
  /** Errors that kept checks from running: a suite that failed to load, a target that did not start (redacted, as the checks are). */
  errors: string[];
}

/**
 * Runs the selected conformance suites with vitest's Node API and collects their checks. Suites are
 * ordinary vitest files, so a user can run them with plain vitest too; this adds the clause view.
 * Throws a RunError before any check runs when --grep or --shard selects none.
 */
export async function runSuites(options: RunSuitesOptions): Promise<RunSuitesResult> {
  const collected = collectChecks(options.redactor, options.onCheck, options.onProgress, options.onPlan);
  let targets: RunSuitesResult['targets'];
  await withVitest(
    {
      reporters: options.blobFile ? [collected.reporter, ['blob', { outputFile: options.blobFile }]] : [collected.reporter],
      testNamePattern: options.grep ? escapeRegExp(options.grep) : undefined,
      shard: options.shard ? `${options.shard.index}/${options.shard.count}` : undefined,
      provide: { conformOptions: options.options },
      // Under a rate limit a file's concurrent checks (independent probes) run up to the run's concurrency at
      // once, not vitest's 5: the files go one after another, and the checks of one hide the target's latency.
      // Without one (loopback), vitest's 5 keep a local target's few slots (the fetch service's 10 per key) free.
      ...(options.serial ? { fileParallelism: false, maxConcurrency: options.options.concurrency ?? defaultConcurrency } : {}),
    },
    async (vitest) => {
      const filters = options.options.suites.map((s) => `suites/${s}/`);
      const { problems, plan } = await selectionProblems(vitest, filters, options);
      if (problems.length) throw new RunError(problems.join('\n'));
      if (plan) collected.knowPlan(plan);
      options.onReady?.();
      await vitest.start(filters);
      // What the global setup provided: the order of the targets, which reports keep (checks end in any order).
      const provided = vitest.getRootProject().getProvidedContext().conformTargets as Targets | undefined;
      if (provided) targets = Object.fromEntries(options.options.suites.map((s) => [s, provided[s].map((t) => t.label)]));
    },
    collected.errors,
  );
  return { checks: inCatalogueOrder(collected.checks, targets), errors: collected.errors.map((e) => options.redactor.redact(e)), ...(targets ? { targets } : {}) };
}

/**
 * The checks of several shards' runs, from the blobs they wrote (vitest's merge-reports): the same
 * results the checks gave where they ran, replayed through the same collector as a run's.
 */
export async function mergeBlobs(blobDir: string, redactor: Redactor, onCheck?: (result: CheckResult, selected: boolean) => void): Promise<RunSuitesResult> {
  const collected = collectChecks(redactor, onCheck);
  await withVitest({ reporters: [collected.reporter] }, (vitest) => vitest.mergeReports(blobDir), collected.errors);
  return { checks: inCatalogueOrder(collected.checks), errors: collected.errors.map((e) => redactor.redact(e)) };
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
    if (err instanceof RunError) throw err;
    errors.push(withoutInternalPaths(err instanceof Error ? err.message : String(err)));
  } finally {
    await vitest.close();
  }
}

/** A vitest reporter turning finished test cases into check results, and the errors that kept checks from running. */
function collectChecks(
  redactor: Redactor,
  onCheck?: (result: CheckResult, selected: boolean) => void,
  onProgress?: (message: string) => void,
  onPlan?: (plan: RunPlan) => void,
): { reporter: Reporter; checks: CheckResult[]; errors: string[]; knowPlan(plan: RunPlan): void } {
  const checks: CheckResult[] = [];
  const errors: string[] = [];
  const plan: RunPlan = { files: 0, filesCollected: 0, checksCollected: 0, generatedCollected: 0 };
  // Collected before the run (selectionProblems): the files' collection as they start adds nothing.
  let known = false;
  const knowPlan = (whole: RunPlan) => {
    known = true;
    onPlan?.(whole);
  };
  const reporter: Reporter = {
    onTestRunStart(specifications) {
      if (known) return;
      plan.files = specifications.length;
      onPlan?.({ ...plan });
    },
    onTestModuleCollected(module: TestModule) {
      if (known) return;
      plan.filesCollected++;
      // The checks --grep left in: the others are collected too, marked to skip.
      for (const test of module.children.allTests()) {
        if (test.options.mode !== 'run' && test.options.mode !== 'only') continue;
        plan.checksCollected++;
        if (isGenerated(test.name)) plan.generatedCollected++;
      }
      onPlan?.({ ...plan });
    },
    onTestCaseAnnotate(testCase: TestCase, annotation: TestAnnotation) {
      if (annotation.type !== progressAnnotation) return;
      const target = testCase.meta().conformTarget;
      onProgress?.(`${annotation.message}${target ? ` [${target}]` : ''}`);
    },
    onTestCaseResult(testCase: TestCase) {
      const result = toCheckResult(testCase, redactor);
      if (!result) return;
      checks.push(result);
      onCheck?.(result, testCase.options.mode === 'run' || testCase.options.mode === 'only');
    },
    onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled) {
      for (const module of modules) {
        errors.push(...loadErrors(module));
        // A failed beforeAll leaves its checks skipped: that is "could not run", never a pass.
        for (const suite of module.children.allSuites()) {
          for (const err of suite.errors()) errors.push(`${suiteOf(module)} › ${suite.name}: ${withoutInternalPaths(err.message)}`);
        }
      }
      for (const err of unhandled) errors.push(withoutInternalPaths(err.message));
    },
  };
  return { reporter, checks, errors, knowPlan };
}

/**
 * What --grep and --shard leave to run, known before any check runs: a shard past the number of suite
 * files, or a --grep no check's name contains (across the whole run, so each shard of a run split
 * across machines is judged alike), is a mistake that would otherwise pass with nothing checked. The
 * grep's case collects the suites' checks without running them (vitest's collectTests, under the same
 * global setup the run then uses); a suite that cannot load is said here too.
 */
async function selectionProblems(vitest: Vitest, filters: string[], options: RunSuitesOptions): Promise<{ problems: string[]; plan?: RunPlan }> {
  const { grep, shard } = options;
  // A run under a rate limit (a far target: its files one after another) is long: the checks are
  // collected before it starts, so that its progress line counts them all from the first second.
  if (!grep && !shard && !options.serial) return { problems: [] };
  const all = await vitest.getRelevantTestSpecifications(filters);
  let part = all;
  if (shard) {
    const Sequencer = vitest.config.sequence.sequencer;
    part = await new Sequencer(vitest).shard(all);
    if (part.length === 0) return { problems: [`--shard ${shard.index}/${shard.count} selects no check: the suites run hold ${all.length} files, so at most ${all.length} shards`] };
  }
  if (!grep && !options.serial) return { problems: [] };
  const { testModules } = await vitest.collectTests(grep ? all : part);
  const broken = testModules.flatMap(loadErrors);
  if (broken.length) return { problems: broken };
  const selectedIn = (modules: readonly TestModule[]) => modules.flatMap((m) => [...m.children.allTests()].filter((t) => t.options.mode === 'run' || t.options.mode === 'only'));
  if (grep && selectedIn(testModules).length === 0) return { problems: [`--grep ${grep} selects no check; clause ids look like ${clauseExamples(options.options.suites)}`] };
  const inPart = new Set(part.map((spec) => spec.moduleId));
  const ours = testModules.filter((m) => inPart.has(m.moduleId));
  const checks = selectedIn(ours);
  return { problems: [], plan: { files: ours.length, filesCollected: ours.length, checksCollected: checks.length, generatedCollected: checks.filter((t) => isGenerated(t.name)).length } };
}

/** A generated check's name leads with its clause, `FS-FUZZ-NO-5XX fetchPage: …`. */
function isGenerated(name: string): boolean {
  return /^[A-Z]+-FUZZ-/.test(name);
}

/** One clause id per suite, the shortest: what a --grep usually names. */
function clauseExamples(suites: readonly SuiteName[]): string {
  return suites.map((s) => loadCatalogue(s).clauses.map((c) => c.id).reduce((a, b) => (b.length < a.length ? b : a))).join(', ');
}

/** A suite file that could not load: an error of conform itself, said without its internal paths. */
function loadErrors(module: TestModule): string[] {
  return module.errors().map((err) => `${suiteOf(module)} could not load (an internal error of conform): ${withoutInternalPaths(err.message)}`);
}

/** "the fetch-service suite", from a suite file's path. */
function suiteOf(module: TestModule): string {
  const suite = /(?:^|[/\\])suites[/\\]([^/\\]+)[/\\]/.exec(module.moduleId)?.[1];
  return suite && isSuiteName(suite) ? `the ${suite} suite` : 'a suite';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
