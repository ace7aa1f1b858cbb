import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exampleRecord } from '../../records/exampleRecord.ts';
import type { UnitRecordTargetOptions } from './TargetOptions.ts';
import { howItBroke, runValidatorCommand } from '../../exchange/runValidatorCommand.ts';

/** A record valid by every record clause, and a page of one unit that is a tree (the root of its page). */
export const validRecordText = `${JSON.stringify(exampleRecord(), null, 2)}\n`;
export const validSetText = `${JSON.stringify([{ ...exampleRecord(), id: 'page', parentUnitId: null, order: 1, children: [] }], null, 2)}\n`;

/**
 * A validator command that cannot run (not found, not executable, crashing, hanging) would make every
 * check of its target a failure that says nothing: it is run once on a valid case before any check, and
 * one that breaks (anything but exit 0 or 1, a signal, 30 s without an answer) is "could not run", with
 * the command's own first line of output. Undefined when it gave a verdict, right or wrong.
 */
export async function whyValidatorCannotRun(target: UnitRecordTargetOptions): Promise<string | undefined> {
  const [flag, command, what, text] = target.validator !== undefined ? [target.optionNames?.validator ?? '--validator', target.validator, 'record', validRecordText] : [target.optionNames?.validatorSet ?? '--validator-set', target.validatorSet, 'set', validSetText];
  const dir = await mkdtemp(join(tmpdir(), 'conform-preflight-'));
  try {
    const file = join(dir, `valid-${what}.json`);
    await writeFile(file, text);
    const result = await runValidatorCommand(command, file);
    if (result.verdict !== 'broke') return undefined;
    const said = result.output.split('\n')[0]?.trim();
    return `${flag} "${command}" cannot run: it ${howItBroke(result)} on a valid ${what}${said ? `: ${said}` : ''}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
