import { currentTargets } from './currentTargets.ts';
import { Redactor } from './Redactor.ts';
import type { Targets } from './targets.ts';

// A worker's Redactor belongs to the run whose targets it was made from: the targets object the global
// setup provided stands for that run, so a worker reused by another run starts from that run's secrets.
const redactors = new WeakMap<Targets, Redactor>();

/**
 * Inside a suite: the run's Redactor, made from the targets the global setup provided (their API keys and
 * client secrets, embedded ones' included) the first time anything in the worker redacts, so it holds
 * them before any check can print anything. What a check learns (ctx.secret, a token a session obtains)
 * is added to it.
 */
export function currentRedactor(): Redactor {
  const targets = currentTargets();
  let redactor = redactors.get(targets);
  if (!redactor) redactors.set(targets, (redactor = Redactor.forTargets(targets)));
  return redactor;
}
