/**
 * What a numeric option may hold, and the one sentence that says so. Every command's flags
 * (src/cli/parseOptions.ts), run()'s own options and the variables of a plain vitest run are held to
 * these rules, so a value is taken or refused the same way, in the same words, wherever it is given:
 * `--seed takes a whole number from 0 to 4294967295; got "-3"`.
 */
export interface NumberRule {
  whole: boolean;
  min: number;
  /** The minimum itself is not allowed ("above 0"). */
  minExcluded?: boolean;
  /** Absent: no bound but size (whole numbers stay within 2^53 − 1, others finite). */
  max?: number;
  /** Why the bound is there, when it is not obvious; said after the rule. */
  why?: string;
}

export const numberRules = {
  /** Seeds of generated records and requests: fast-check and the record generator take 32 bits. */
  seed: { whole: true, min: 0, max: 0xffff_ffff },
  port: { whole: true, min: 0, max: 65535 },
  /** Counts that start at one: records, bytes, fetches, page sizes, milliseconds of a timeout. */
  count: { whole: true, min: 1 },
  /** Counts where 0 turns something off (--fuzz-runs). */
  countFromZero: { whole: true, min: 0 },
  /** Seconds and MiB: any amount above nothing. */
  positive: { whole: false, min: 0, minExcluded: true },
  /** Rates and delays where 0 means none. */
  fromZero: { whole: false, min: 0 },
  /** A share of something. */
  ratio: { whole: false, min: 0, max: 1 },
  workers: { whole: true, min: 0, max: 64 },
  /** `conform serve --timeout-ms`: the seed fixes the timeout, tests may lower it. */
  fetchTimeoutMs: { whole: true, min: 1, max: 60_000, why: 'the seed fixes the fetch timeout at 60 s; only lower values are allowed' },
} as const satisfies Record<string, NumberRule>;

/** "a whole number from 0 to 4294967295", "a number above 0", "a whole number of 1 or more". */
export function describeRule(rule: NumberRule): string {
  const kind = rule.whole ? 'a whole number' : 'a number';
  if (rule.max !== undefined) return `${kind} from ${rule.minExcluded ? `above ${rule.min}` : rule.min} to ${rule.max}`;
  return rule.minExcluded ? `${kind} above ${rule.min}` : `${kind} of ${rule.min} or more`;
}

/**
 * The one-line problem with `value` under `rule`, named as given (`--seed`, `CONFORM_SEED`, `seed`);
 * undefined when it keeps the rule. A text is read as a number first: whole numbers are digits with an
 * optional sign, so "1e3", "0x10" and "4.0" are refused as whole numbers rather than guessed at.
 */
export function numberProblem(name: string, value: number | string, rule: NumberRule): string | undefined {
  const n = typeof value === 'number' ? value : readNumber(value, rule.whole);
  if (keeps(n, rule)) return undefined;
  const got = typeof value === 'number' ? String(value) : JSON.stringify(value);
  // A whole number past 2^53 cannot be held exactly: say so, not just the range it seems to be in.
  const tooLarge = rule.whole && rule.max === undefined && Number.isFinite(n) && n > Number.MAX_SAFE_INTEGER ? `, at most ${Number.MAX_SAFE_INTEGER}` : '';
  return `${name} takes ${describeRule(rule)}${tooLarge}${rule.why ? ` (${rule.why})` : ''}; got ${got}`;
}

/** `text` as a number under `rule`, or a RangeError with numberProblem's sentence. */
export function parseNumber(name: string, text: string, rule: NumberRule): number {
  const problem = numberProblem(name, text, rule);
  if (problem) throw new RangeError(problem);
  return readNumber(text, rule.whole);
}

function readNumber(text: string, whole: boolean): number {
  const trimmed = text.trim();
  if (whole ? !/^[+-]?\d+$/.test(trimmed) : trimmed === '') return Number.NaN;
  return Number(trimmed);
}

function keeps(n: number, rule: NumberRule): boolean {
  if (rule.whole ? !Number.isSafeInteger(n) : !Number.isFinite(n)) return false;
  if (rule.minExcluded ? n <= rule.min : n < rule.min) return false;
  return rule.max === undefined || n <= rule.max;
}
