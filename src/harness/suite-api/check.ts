import { describe, test } from 'vitest';
import { findClause } from '../../catalogue/catalogue.ts';
import { undeclaredPaths } from '../../catalogue/pathMatrix.ts';
import { CheckBlocked } from './CheckBlocked.ts';
import { caseAnswers, evidenceCases, findingOf, reproducedCase, type CaseAnswer, type Conclusion, type Finding } from '../../verdict/finding.ts';
import { headlineOf } from '../../verdict/findingHeadline.ts';
import { CheckFailure } from './CheckFailure.ts';
import { redactTexts } from '../../exchange/redactTexts.ts';
import { currentRedactor } from './currentRedactor.ts';
import { currentTarget } from './currentTargets.ts';
import { withExchangeOutcomes, type ExchangeOutcomes } from '../../exchange/exchangeOutcomes.ts';
import { shownForTarget } from './shownForTarget.ts';
import type { EvidenceItem } from '../../verdict/EvidenceItem.ts';
import type { SuiteName } from '../../catalogue/suites.ts';

declare module 'vitest' {
  interface TaskMeta {
    conformSuite?: string;
    conformTarget?: string;
    clause?: string;
    evidence?: EvidenceItem[];
    reproduction?: string;
    /** Set by ctx.conclude when a case failed. */
    finding?: Finding;
    /** Set by ctx.diagnose: shown when the check fails. */
    diagnosis?: string;
    /**
     * Set when the check ended blocked (a CheckBlocked): vitest reports it skipped, toCheckResult as
     * blocked by `clause`. Its evidence stays in the meta only for the report to show should the block
     * not stand (the clause did not fail).
     */
    blocked?: { clause: string; reason: string };
    /** The paths of its clause the check judges (specs/<suite>.paths.json), as declared. */
    conformPaths?: string[];
    /** Declared paths the check could not judge in this run, each with why (ctx.notJudged). */
    notJudged?: Array<{ path: string; reason: string }>;
    /** Set by ctx.conclude: what the target answered to each case that says (CaseOutcome.answer), failing or not. */
    answers?: CaseAnswer[];
    /** What came of the check's own requests to its target (boundedRequest counts them), when it sent any. */
    exchanges?: ExchangeOutcomes;
  }
}

export interface CheckContext {
  /** The clause this check verifies (its id in the catalogue). */
  readonly clause: string;
  /** Attach evidence shown with the result; strings as they are, anything else as indented JSON. */
  evidence(label: string, value: unknown): void;
  /** A copy-pasteable command (curl) that reproduces what the check did. */
  reproduction(command: string): void;
  /** A value seen at run time that must not appear in the report (an access token): added to the run's Redactor. */
  secret(value: string | undefined, variableName: string): void;
  /**
   * Ends the check on its cases: passes when none failed; otherwise fails with one sentence and counts
   * ("27 of 47 meetings could not be fetched by UUID"), the failing cases grouped by cause, evidence of
   * the first of each cause, and the reproduction of the leading cause's first case.
   */
  conclude(conclusion: Conclusion): void;
  /** What a person can do about the failure this check is about to report (shown only if it fails). */
  diagnose(text: string): void;
  /** Aborted when the check times out, so in-flight requests stop with it. */
  signal: AbortSignal;
  /** How far a long check has got ("412 of 800 generated requests"), shown on a terminal while it runs. */
  progress(message: string): void;
  /** Ends the check as skipped, with the reason shown in the report (it had nothing to judge). */
  skip(reason: string): never;
  /**
   * Ends the check as blocked by `clause`: it cannot judge its rule because something that clause checks
   * fails here (no access token, no meeting list). Not a failure: the report names the failed clause as
   * the root cause and this check under it. The same as throwing a CheckBlocked from anywhere in the check.
   */
  blocked(clause: string, reason: string): never;
  /**
   * A declared path this run cannot judge (the token address on the API host, when both hosts are one):
   * the report does not count the check as covering it.
   */
  notJudged(path: string, reason: string): void;
  /**
   * The check's control: a request that differs from what the check probes in the one property judged,
   * and that the target must serve (the valid certificate fetched before an expired one's refusal
   * counts). A check that passes on refusals alone (no request of its own served 2xx) judged nothing
   * unless its control passed; a control with a `problem` blocks the check by `clause`, the clause that
   * judges what the control asked for.
   */
  control(outcome: ControlOutcome): void;
}

/** What came of a check's control request (CheckContext.control). */
export interface ControlOutcome {
  /** What the control asked the target to do, as a reader sees it ("the valid certificate's page, fetched without allowInsecureSsl"). */
  label: string;
  /** The clause that judges what the control asked for: it blocks the check when the control fails. */
  clause: string;
  /** What was wrong with the answer; absent when the target did the right thing. */
  problem?: string | undefined;
}

/** The annotation type that carries a check's progress to the reporter; never part of a report. */
export const progressAnnotation = 'conform-progress';
const progressEveryMs = 500;

export type CheckFn = (ctx: CheckContext) => unknown;

export interface CheckOptions {
  /** Milliseconds before the check fails as timed out. */
  timeout?: number;
  /** Skip with this reason (shown in the report), e.g. when a target cannot take the probe. */
  skip?: string | false;
  /** Run alongside the other concurrent checks of the file (independent network probes), not after them. */
  concurrent?: boolean;
  /**
   * The paths of the clause's row in the suite's matrix (specs/<suite>.paths.json) that this check judges:
   * the routes and conditions it sends. A path the matrix does not list fails at collection.
   */
  paths?: string[];
}

/**
 * Why a check that found nothing wrong judged nothing: every request it sent its target was refused (none
 * served 2xx) and no control of its own passed, so its pass would rest on what did not happen. Undefined
 * when it sent none (it judges what others gathered, or runs no HTTP) or one was served.
 */
export function refusalsAlone(exchanges: ExchangeOutcomes, controlled: boolean): string | undefined {
  if (controlled || exchanges.requests === 0 || (exchanges.served ?? 0) > 0) return undefined;
  const n = exchanges.requests;
  return `not judged: the target ${n === 1 ? 'did not serve the one request' : `served none of the ${n} requests`} this check sent, so nothing showed it doing the right thing beside the refusals the check looks for`;
}

/** Failing cases whose evidence a finding carries (the first of each cause first). */
const evidencePerFinding = 6;

let collectingTarget: string | undefined;

/**
 * Groups the checks run against one target. Checks defined inside carry the target's label, so reports
 * can tell "the reference failed" from "the mock failed" without parsing test names.
 */
export function describeTarget(label: string, defineChecks: () => void, options: { concurrent?: boolean } = {}): void {
  // concurrent: this target's checks run alongside other targets' (when theirs are concurrent too).
  describe(label, { concurrent: options.concurrent }, () => {
    const outer = collectingTarget;
    collectingTarget = label;
    try {
      defineChecks();
    } finally {
      collectingTarget = outer;
    }
  });
}

export type Check = (clause: string, title: string, fn: CheckFn, options?: CheckOptions) => void;

/**
 * Returns the `check` function of one suite: a vitest test that names the catalogue clause it checks.
 * An unknown clause id is a programming error and fails at collection, so a typo cannot hide a clause.
 */
export function checksFor(suite: SuiteName): Check {
  return (clause, title, fn, options = {}) => {
    if (!findClause(suite, clause)) {
      throw new Error(`check "${title}" cites clause ${clause}, which is not in specs/${suite}.clauses.json`);
    }
    const paths = options.paths ?? [];
    const unknownPaths = undeclaredPaths(suite, clause, paths);
    if (unknownPaths) throw new Error(`check "${title}" declares ${unknownPaths}`);
    const meta = { conformSuite: suite, conformTarget: collectingTarget, clause, ...(paths.length ? { conformPaths: [...paths] } : {}) };
    const skipReason = options.skip;
    test(`${clause} ${title}`, { meta, timeout: options.timeout, concurrent: options.concurrent }, async ({ task, signal, skip, annotate }) => {
      if (skipReason) skip(skipReason);
      const redactor = currentRedactor();
      // Texts name secrets by the variables this check's target keeps them in; reproductions run as printed.
      const shown = shownForTarget(currentTarget(suite, meta.conformTarget));
      const redact = (text: string): string => shown.text(redactor.redact(text));
      let lastProgress = 0;
      let controlled = false;
      const ctx: CheckContext = {
        clause,
        evidence(label, value) {
          const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
          (task.meta.evidence ??= []).push({ label, text: redact(text ?? String(value)) });
        },
        reproduction(command) {
          task.meta.reproduction = shown.reproduction(redactor.redact(command));
        },
        secret: (value, variableName) => redactor.add(value, variableName),
        conclude(conclusion) {
          // Kept whether the check passes or fails: a report of several targets compares them case by case.
          const answers = caseAnswers(conclusion.cases);
          if (answers.length) task.meta.answers = answers.map((a) => ({ ...a, label: redact(a.label), answer: redact(a.answer) }));
          const finding = findingOf(conclusion);
          if (!finding) return;
          // The failing cases' own evidence first: it is what a reader opens the failure for.
          const context = task.meta.evidence ?? [];
          task.meta.evidence = [];
          for (const c of evidenceCases(conclusion.cases, evidencePerFinding)) ctx.evidence(c.label, c.evidence);
          task.meta.evidence.push(...context);
          // The leading cause's, or else the first failing case that has one.
          const reproduction = reproducedCase(conclusion.cases)?.reproduction ?? conclusion.cases.find((c) => c.problem !== undefined && c.reproduction)?.reproduction;
          if (reproduction) ctx.reproduction(reproduction);
          task.meta.finding = redactTexts(finding, { redact });
          throw new CheckFailure(task.meta.finding.headline);
        },
        diagnose(text) {
          task.meta.diagnosis = redact(text);
        },
        signal,
        skip: (reason) => skip(redact(reason)),
        blocked(by, reason) {
          throw new CheckBlocked(by, reason);
        },
        notJudged(path, reason) {
          if (!paths.includes(path)) throw new Error(`check "${title}" did not declare the path ${path}`);
          (task.meta.notJudged ??= []).push({ path, reason: redact(reason) });
        },
        progress(message) {
          const now = performance.now();
          if (now - lastProgress < progressEveryMs) return;
          lastProgress = now;
          annotate(redact(message), progressAnnotation).catch(() => undefined);
        },
        control(outcome) {
          if (outcome.problem === undefined) {
            controlled = true;
            return;
          }
          throw new CheckBlocked(outcome.clause, `its control, ${outcome.label}, was not served as it must be: ${outcome.problem}`);
        },
      };
      const exchanges: ExchangeOutcomes = { requests: 0 };
      try {
        await withExchangeOutcomes(exchanges, () => fn(ctx));
        const unproven = refusalsAlone(exchanges, controlled);
        if (unproven) skip(unproven);
      } catch (err) {
        if (err instanceof CheckBlocked) {
          // A check cannot wait on its own clause, and a clause that is not in the catalogue is a typo.
          if (err.clause === clause || !findClause(suite, err.clause)) throw new Error(`check "${title}" cannot be blocked by ${err.clause}: ${redact(err.message)}`);
          // One sentence: what follows its first line (an answer quoted) is no part of a blocked check.
          const reason = redact(headlineOf(err.message));
          task.meta.blocked = { clause: err.clause, reason };
          // vitest knows passed, failed and skipped: a blocked check is skipped there, blocked in the report.
          skip(`blocked by ${err.clause}: ${reason}`);
        }
        // Assertion messages quote what was received; a token in a body must not reach the report.
        if (err instanceof Error) {
          err.message = redact(err.message);
          if (err.stack) err.stack = redact(err.stack);
          // vitest makes the diff from these once the check has ended: a token compared as text must not reach it.
          const compared = err as Error & { actual?: unknown; expected?: unknown };
          if (typeof compared.actual === 'string') compared.actual = redact(compared.actual);
          if (typeof compared.expected === 'string') compared.expected = redact(compared.expected);
        }
        throw err;
      } finally {
        if (exchanges.requests) task.meta.exchanges = exchanges;
      }
    });
  };
}
