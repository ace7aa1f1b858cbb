import type { ConformOptions } from '../options/ConformOptions.ts';
import type { FetchServiceTargetOptions, MeetingPlatformTargetOptions } from '../targets/TargetOptions.ts';
import { farmProbeTarget, optionNamesOf } from '../targets/farmProbeTarget.ts';
import type { Redactor } from '../../exchange/Redactor.ts';
import type { ReportFile } from '../../verdict/reportFiles.ts';
import { whyUnwritable } from '../../verdict/reportFiles.ts';
import { whyFarmOutOfReach } from '../targets/whyFarmOutOfReach.ts';
import { whyNotThePlatform } from '../targets/whyNotThePlatform.ts';
import { whyUnreachable } from '../targets/whyUnreachable.ts';
import { whyValidatorCannotRun } from '../targets/whyValidatorCannotRun.ts';
import { timeAnswers } from '../../exchange/answerTimes.ts';
import type { SuiteName } from '../../catalogue/suites.ts';

/** A target the preflight asked, and how long each of its answers took (ms), in the order they came. */
export interface TargetLatency {
  suite: SuiteName;
  /** As reports name it. */
  target: string;
  answersMs: number[];
}

export interface PreflightOutcome {
  /** One line each; empty when the run can start. */
  problems: string[];
  /** The deployments given (embedded targets are not asked), each with its answers' times. */
  latencies: TargetLatency[];
}

/**
 * Everything that would make a run "could not run" and can be found before any check runs, found at
 * once, one line each: a target that does not answer, a base URL that is not the service, a key or
 * credentials refused, a fetch service that cannot fetch from its origin farm or verify its certificate, a validator command that cannot run, a report file that cannot be written. (Missing
 * credentials and contradictory options are found earlier, by toConformOptions; a --grep or --shard
 * that selects no check once the suites are collected, by runSuites.) Empty when the run can start.
 * The answers to its requests are timed on the way: each deployment's latency, with no request more.
 * A target's answer is quoted in some: `redactor`, the run's, keeps its secrets out of them.
 */
export async function preflight(options: ConformOptions, reports: readonly ReportFile[], redactor: Redactor, runFarmUrl?: () => Promise<string>): Promise<PreflightOutcome> {
  const latencies: TargetLatency[] = [];
  /** Its probes, their answers timed: only those from the target's own origins count (an origin farm's do not). */
  const timed = async <T>(suite: SuiteName, target: string, urls: string[], probes: () => Promise<T>): Promise<T> => {
    const { value, answers } = await timeAnswers(probes);
    const origins = new Set(urls.map((u) => new URL(u).origin));
    latencies.push({ suite, target, answersMs: answers.filter((a) => origins.has(new URL(a.url).origin)).map((a) => a.ms) });
    return value;
  };
  const found = await Promise.all([
    ...options.targets['fetch-service'].map((t) => timed('fetch-service', t.label ?? `fetch service at ${t.baseUrl}`, [t.baseUrl], () => fetchServiceProblems(t, runFarmUrl))),
    ...options.targets['meeting-platform'].map((t) => timed('meeting-platform', t.label ?? `meeting platform at ${t.apiBaseUrl}`, [t.authUrl, t.apiBaseUrl], () => meetingPlatformProblems(t))),
    ...options.targets['unit-record'].map(whyValidatorCannotRun),
    ...reports.map(whyUnwritable),
  ]);
  // The same URL given twice (one host for auth and API, one origin farm for several targets) is one problem.
  return { problems: [...new Set(found.flat().filter((p): p is string => p !== undefined).map((p) => redactor.redact(p)))], latencies };
}

/** The auth and API addresses each answer, and then the seed's own first calls show no set-up mistake (whyNotThePlatform). */
async function meetingPlatformProblems(t: MeetingPlatformTargetOptions): Promise<Array<string | undefined>> {
  const unreachable = await Promise.all([
    whyUnreachable(t.optionNames?.authUrl ?? '--auth-url', t.authUrl, t.limits.bounds),
    whyUnreachable(t.optionNames?.apiBaseUrl ?? '--api-base-url', t.apiBaseUrl, t.limits.bounds),
  ]);
  if (unreachable.some((p) => p !== undefined)) return unreachable;
  return [await whyNotThePlatform(t)];
}

/**
 * A deployment and its origin farm each answer, and then the deployment fetches from the farm: its own,
 * or the one the run starts for it (`runFarmUrl`, which starts it: RunFarm; none, none is probed).
 */
async function fetchServiceProblems(t: FetchServiceTargetOptions, runFarmUrl: (() => Promise<string>) | undefined): Promise<Array<string | undefined>> {
  const names = optionNamesOf(t);
  const unreachable = await Promise.all([
    whyUnreachable(names.baseUrl, t.baseUrl, t.limits.bounds),
    ...(t.originUrl ? [whyUnreachable(names.originUrl, t.originUrl, t.limits.bounds)] : []),
  ]);
  if (unreachable.some((p) => p !== undefined)) return unreachable;
  if (t.originUrl) return [await whyFarmOutOfReach(farmProbeTarget(t, t.originUrl))];
  return runFarmUrl ? [await whyFarmOutOfReach(farmProbeTarget(t, await runFarmUrl(), true))] : [];
}
