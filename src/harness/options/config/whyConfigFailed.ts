import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

/** A place in a file, as editors and compilers name it: line and column from 1. */
interface Place {
  line: number;
  column: number;
}

/** jsonc-parser's error codes, in words. */
const jsonProblems: Record<string, string> = {
  InvalidSymbol: 'a value that is not JSON (true, false, null, a number, a "string", an object or an array)',
  InvalidNumberFormat: 'a number JSON does not write so',
  PropertyNameExpected: 'a "quoted" property name expected',
  ValueExpected: 'a value expected',
  ColonExpected: '":" expected',
  CommaExpected: '"," expected',
  CloseBraceExpected: '"}" expected',
  CloseBracketExpected: '"]" expected',
  EndOfFileExpected: 'nothing expected after the value',
  InvalidCommentToken: 'a comment, which JSON has not',
  UnexpectedEndOfComment: 'a comment that does not end',
  UnexpectedEndOfString: 'a string that does not end',
  UnexpectedEndOfNumber: 'a number that does not end',
  InvalidUnicode: 'an invalid \\u escape',
  InvalidEscapeCharacter: 'an invalid escape',
  InvalidCharacter: 'a character a string cannot hold as it is',
};

/**
 * Why a config file could not be read, in one line that names the place when it can, as a compiler
 * would (`conform.config.ts:3:40: syntax error: …`): a JSON file's first syntax error; a module's
 * syntax error (the file parsed again, as TypeScript for .ts and .mts: Node names no column, and no
 * line for JavaScript); else the error it threw, at the file's line its stack names. `err` is what
 * JSON.parse or the import threw.
 */
export async function whyConfigFailed(file: string, shown: string, err: unknown): Promise<string> {
  const message = firstLine(err instanceof Error ? err.message : String(err));
  if (file.endsWith('.json')) {
    const found = await jsonSyntaxError(file);
    return found ? `${shown}:${found.line}:${found.column}: not JSON: ${found.problem}` : `${shown} is not JSON: ${message}`;
  }
  // Whatever the loader made of it (Node's SyntaxError, a bundler's transform error): a file that does
  // not parse failed for that.
  const found = await moduleSyntaxError(file);
  if (found) return `${shown}:${found.line}:${found.column}: syntax error: ${found.problem}`;
  const place = placeInStack(err, file);
  return `${place ? `${shown}:${place.line}:${place.column}:` : shown} could not be loaded: ${message}`;
}

/** The first syntax error of a JSON file (jsonc-parser, held to JSON: no comments, no trailing commas). */
async function jsonSyntaxError(file: string): Promise<(Place & { problem: string }) | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const { parse, printParseErrorCode } = await import('jsonc-parser');
  const errors: Array<{ error: number; offset: number; length: number }> = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return undefined;
  const code = printParseErrorCode(first.error);
  return { ...placeAt(text, first.offset), problem: jsonProblems[code] ?? code };
}

/** The first syntax error of a module (oxc, through rolldown), as the language of its extension. */
async function moduleSyntaxError(file: string): Promise<(Place & { problem: string }) | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const { parseAst } = await import('rolldown/parseAst');
  try {
    // With a file name, the error carries its place (loc).
    parseAst(text, { lang: /\.m?ts$/.test(file) ? 'ts' : 'js', sourceType: 'module' }, file);
    // It parses: the syntax Node refused is something else (TypeScript Node does not strip, an import's own).
    return undefined;
  } catch (err) {
    const { loc, message } = err as { loc?: { line: number; column: number }; message?: string };
    if (!loc) return undefined;
    // "Parse failed with 1 error:\nExpected `,` or `}` but found `Identifier`\n<the code, framed>"
    const problem = (message ?? '').split('\n')[1]?.trim() || 'invalid syntax';
    return { line: loc.line, column: loc.column + 1, problem };
  }
}

/** Where in `file` the error was thrown: the first frame of its stack in that file (by URL or by path). */
function placeInStack(err: unknown, file: string): Place | undefined {
  const stack = err instanceof Error ? (err.stack ?? '') : '';
  for (const line of stack.split('\n')) {
    for (const name of [pathToFileURL(file).href, file]) {
      const at = line.indexOf(`${name}:`);
      const match = at < 0 ? null : /^:(\d+):(\d+)/.exec(line.slice(at + name.length));
      if (match) return { line: Number(match[1]), column: Number(match[2]) };
    }
  }
  return undefined;
}

/** Line and column (from 1, in UTF-16 units as editors count them) of an offset into text. */
function placeAt(text: string, offset: number): Place {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]!.trim();
}
