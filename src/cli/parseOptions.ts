import { Option } from 'commander';
import { httpUrl, httpUrlProblem } from '../harness/options/httpUrl.ts';
import { parseNumber, type NumberRule } from '../harness/options/numberRules.ts';
import { isShard, type Shard } from '../verdict/Shard.ts';
import { UsageError } from './UsageError.ts';

/** commander argument parsers: each turns a flag's text into a value or a one-line usage error. */

/** An http(s) URL without its trailing slash; the message reads after the flag's name (conformProgram puts it first). */
export function parseHttpUrl(value: string): string {
  // The rule, and the words, a config file's URLs are held to too.
  const problem = httpUrlProblem(value);
  if (problem) throw new UsageError(problem);
  return httpUrl(value);
}

/**
 * A numeric flag held to its rule (src/harness/options/numberRules.ts): every command's numbers are read here,
 * so a value is refused in the same words whichever command is given it.
 */
export function numberOption(flags: string, description: string, rule: NumberRule): Option {
  const option = new Option(flags, description);
  const name = option.long ?? option.name();
  return option.argParser((value: string) => {
    try {
      return parseNumber(name, value, rule);
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  });
}

/** `--shard I/N` with 1 ≤ I ≤ N: part I of N (of a run's suite files, of a generated set). */
export function parseShard(value: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || !isShard({ index, count })) {
    throw new UsageError(`--shard takes I/N with 1 ≤ I ≤ N (e.g. 2/3); got "${value}"`);
  }
  return { index, count };
}
