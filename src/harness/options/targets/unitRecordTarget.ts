import type { UnitRecordTargetOptions } from '../../targets/TargetOptions.ts';

/** A validator command as given (a --validator, a config target's `validator`) and how messages name it. */
export interface UnitRecordValues {
  kind: 'validator' | 'validatorSet';
  command: string;
  /** How messages name it: a flag, or a config's key (`conform.config.ts: targets.records.validator`). */
  named: string;
  /** A config's target name; absent for the commands the flags give. */
  label?: string;
  /** How the preflight names it when not by its flag (`targets.records.validator`). */
  optionName?: string;
}

/**
 * The one builder of a unit-record target, for the commands the flags give and for a config's alike:
 * the command trimmed and held to one line here and nowhere else. A problem in one line, or the target.
 */
export function unitRecordTarget(v: UnitRecordValues): { target: UnitRecordTargetOptions } | { problem: string } {
  const command = v.command.trim();
  if (!command || command.includes('\n')) return { problem: `${v.named} takes a one-line command` };
  const named = { ...(v.label !== undefined ? { label: v.label } : {}), ...(v.optionName !== undefined ? { optionNames: { [v.kind]: v.optionName } } : {}) };
  return { target: v.kind === 'validator' ? { ...named, validator: command } : { ...named, validatorSet: command } };
}
