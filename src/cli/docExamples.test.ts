// Every `conform` command line README.md and docs/ show, in a code block or a code span, is one the
// program takes: its command exists and each flag on the line is one of that command's (read from
// commander, as --help shows them). A flag renamed or dropped leaves no example behind that says otherwise.
import { globSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { describe, expect, test } from 'vitest';
import { MarkdownDoc } from '../testing/MarkdownDoc.ts';
import { commandPath, conformProgram, everyCommand } from './conformProgram.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pages = ['README.md', ...globSync('docs/**/*.md', { cwd: root }).sort()];
const program = conformProgram();
const commands = new Map(everyCommand(program).map((c) => [commandPath(c), c] as const));

/** The long flags a command takes, --help and the top command's --version included. */
const flagsOf = (command: Command) => [...command.options.map((o) => o.long!), '--help', ...(command.parent ? [] : ['--version'])];

interface Example {
  /** The command's path (`conform records generate`), or the words that name no command. */
  command: string;
  known: boolean;
  flags: string[];
}

/**
 * The `conform` invocations of a piece of code: lines joined where a `\` continues them, quoted text
 * (a validator's own flags) and `#` comments left out, each invocation read up to the next shell
 * separator. The command is the longest run of words after `conform` that names one.
 */
function examplesIn(code: string): Example[] {
  const text = code.replace(/\\\n/g, ' ').replace(/"[^"\n]*"|'[^'\n]*'/g, '""').replace(/(^|\s)#.*$/gm, '$1');
  const found: Example[] = [];
  for (const m of text.matchAll(/(?:^|[\s(`])conform((?: [a-z][a-z-]*)+)([^\n;&|)]*)/g)) {
    const words = m[1]!.trim().split(' ');
    let command = 'conform';
    for (const word of words) if (commands.has(`${command} ${word}`)) command = `${command} ${word}`;
    else break;
    const known = command !== 'conform' || !words[0];
    found.push({ command: known ? command : `conform ${words[0]}`, known, flags: [...new Set([...m[0].matchAll(/(?<![\w-])--[a-z][a-z0-9-]*/g)].map((f) => f[0]))] });
  }
  return found;
}

describe('conform command lines in README.md and docs/', () => {
  const examples = pages.flatMap((page) => {
    const doc = new MarkdownDoc(join(root, page));
    return [...doc.fences().map((f) => f.content), ...doc.codeSpans()].flatMap((code) => examplesIn(code).map((e) => ({ page, ...e })));
  });

  test('there are some in README.md and in docs/', () => {
    expect(examples.filter((e) => e.page === 'README.md').length).toBeGreaterThan(10);
    expect(examples.filter((e) => e.page !== 'README.md').length).toBeGreaterThan(50);
  });

  test.each(pages)('%s: every command exists, every flag is its command\'s', (page) => {
    const wrong = examples
      .filter((e) => e.page === page)
      .flatMap((e) => (e.known ? e.flags.filter((f) => !flagsOf(commands.get(e.command)!).includes(f)).map((f) => `${e.command} has no ${f}`) : [`no command ${e.command}`]));
    expect(wrong).toEqual([]);
  });

  test('a line is read as a shell reads it: continued lines joined, quoted words and comments left out', () => {
    expect(examplesIn('npx conform run unit-record --validator "x --page" \\\n  --seed 3   # --not-this')).toEqual([{ command: 'conform run', known: true, flags: ['--validator', '--seed'] }]);
    expect(examplesIn('conform records generate --count 1 && conform report diff a b --report markdown=x')).toEqual([
      { command: 'conform records generate', known: true, flags: ['--count'] },
      { command: 'conform report diff', known: true, flags: ['--report'] },
    ]);
    expect(examplesIn('conform runs --fast')).toEqual([{ command: 'conform runs', known: false, flags: ['--fast'] }]);
  });
});
