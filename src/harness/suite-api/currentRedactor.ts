import { inject } from 'vitest';
import { credentialEnv } from '../../meeting-platform/core/meetingCredentials.ts';
import { Redactor } from '../../exchange/Redactor.ts';
import type { Targets } from './targets.ts';

// A worker's Redactor belongs to the run whose targets it was made from: the targets object the global
// setup provided stands for that run, so a worker reused by another run starts from that run's secrets.
const redactors = new WeakMap<Targets, Redactor>();

/** Outside a conform run (a project test driving a suite's binding directly): only what is added to it. */
let outsideRun: Redactor | undefined;

/**
 * Inside a suite: the run's Redactor, made from the targets the global setup provided (their API keys and
 * client secrets, embedded ones' included) the first time anything in the worker redacts, so it holds
 * them before any check can print anything. What a check learns (ctx.secret, a token a session obtains)
 * is added to it. Outside a run (nothing provided), a Redactor of this worker's own.
 */
export function currentRedactor(): Redactor {
  // vitest's typing says provided; a plain test run has provided nothing.
  const targets = inject('conformTargets') as Targets | undefined;
  if (!targets) return (outsideRun ??= new Redactor());
  let redactor = redactors.get(targets);
  if (!redactor) redactors.set(targets, (redactor = targetsRedactor(targets)));
  return redactor;
}

/**
 * A suite worker's: the secrets of the targets the run provided, embedded ones' included, each as its
 * conventional variable ($SVC_API_KEY, $MEETING_CLIENT_SECRET), as the suites write them: curlCommand
 * quotes those to expand, and a check renames them to its target's own (shownForTarget).
 */
function targetsRedactor(targets: Targets): Redactor {
  return new Redactor([
    ...targets['fetch-service'].map((t) => [t.apiKey, 'SVC_API_KEY'] as const),
    ...targets['meeting-platform'].map((t) => [t.credentials.clientSecret, credentialEnv.clientSecret] as const),
  ]);
}
