// docs/command-line.md against the commands themselves: every flag a command takes (read from commander,
// so a flag added to a command is caught here) is in the command's synopsis and in its section's table,
// and neither names a flag the command lacks. The synopsis (then README's) lacked origin's
// --expired-tls-port, mock fetch-service's --timeout-ms, serve's --host and every flag of check.
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { MarkdownDoc } from '../testing/MarkdownDoc.ts';
import { commandPath, conformProgram, everyCommand } from './conformProgram.ts';

const page = new MarkdownDoc(fileURLToPath(new URL('../../docs/command-line.md', import.meta.url)));

/** The code block under "## Synopsis": each entry a line starting `conform `, with its indented continuation lines. */
function synopsisEntries(doc: MarkdownDoc): string[] {
  const block = doc.section('Synopsis').fences()[0]?.content ?? '';
  const entries: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('conform ')) entries.push(line);
    else if (/^\s+\S/.test(line) && entries.length) entries[entries.length - 1] += ` ${line.trim()}`;
  }
  return entries;
}

/** The long flags a command takes (help aside): `--config`, `--no-config`. */
function flagsOf(command: Command): string[] {
  return command.options.map((o) => o.long).filter((f): f is string => f !== undefined);
}

/** The long flags a synopsis entry names. */
function flagsIn(entry: string): string[] {
  return [...new Set([...entry.matchAll(/(?<![\w-])--[a-z][a-z0-9-]*/g)].map((m) => m[0]))];
}

const program = conformProgram();
// The commands a user runs (a leaf: `conform records generate`), and the top command for its --version.
const commands = everyCommand(program).filter((c) => c.commands.length === 0 || flagsOf(c).length > 0);
const entries = synopsisEntries(page);

/** The entry of a command: the one that starts with its path and a space, or is its path alone (the longest such path wins). */
function entryOf(command: Command): string | undefined {
  const path = commandPath(command);
  const deeper = commands.filter((c) => c !== command && commandPath(c).startsWith(`${path} `)).map(commandPath);
  return entries.find((e) => (e === path || e.startsWith(`${path} `)) && !deeper.some((d) => e === d || e.startsWith(`${d} `)));
}

/** The flags the first column of a command's table names, in its section of the page (`## \`conform mock fetch-service\``). */
function tableFlags(command: Command): string[] {
  const section = page.section(commandPath(command)).text;
  return flagsIn(section.split('\n').filter((line) => line.startsWith('| `')).map((line) => line.split(' | ')[0]).join(' '));
}

describe("docs/command-line.md's synopsis", () => {
  test('has an entry for every command', () => {
    expect(entries.length).toBeGreaterThan(10);
    expect(commands.filter((c) => entryOf(c) === undefined).map(commandPath)).toEqual([]);
  });

  test.each(commands.map((c) => [commandPath(c), c] as const))('%s: every flag of its --help, and none it lacks', (_path, command) => {
    const entry = entryOf(command) ?? '';
    const inHelp = flagsOf(command);
    const inDocs = flagsIn(entry);
    expect(inHelp.filter((f) => !inDocs.includes(f)), `missing from the synopsis: ${entry}`).toEqual([]);
    expect(inDocs.filter((f) => !inHelp.includes(f)), `not a flag of the command: ${entry}`).toEqual([]);
    // And --help itself shows them (the test reads the commands, not their help text).
    const help = command.helpInformation();
    for (const flag of inHelp) expect(help).toContain(flag);
  });
});

describe("docs/command-line.md's section of each command", () => {
  // The top command has no section: its one flag is --version, in the synopsis.
  test.each(commands.filter((c) => c.parent).map((c) => [commandPath(c), c] as const))('%s: its table has a row for every flag, and for none it lacks', (_path, command) => {
    const inTable = tableFlags(command);
    const inHelp = flagsOf(command);
    expect(inHelp.filter((f) => !inTable.includes(f)), 'missing from the table').toEqual([]);
    expect(inTable.filter((f) => !inHelp.includes(f)), 'not a flag of the command').toEqual([]);
  });
});
