import { isJsonObject } from '../../json/isJsonObject.ts';
import { isSuiteName, suiteNames, type SuiteName } from '../../catalogue/suites.ts';

/**
 * One accepted failure in `conform-suppressions.json`: a cause a check fails for against a target,
 * keyed by suite, target, clause and fingerprint (failureFingerprints.ts), with why it is accepted and,
 * optionally, until when.
 */
export interface SuppressionEntry {
  suite: SuiteName;
  /** The target's label as reports show it (a configured target's name), ports and such put in stable words (targetKey). */
  target: string;
  clause: string;
  /** For people: the check's title, in stable words. */
  check: string;
  /** For people: the cause, in stable words. */
  cause: string;
  fingerprint: string;
  /** Why the failure is accepted; a placeholder until someone writes it (hasReason). */
  reason: string;
  /** YYYY-MM-DD: the last day the entry accepts the failure; from the day after, the failure fails the run again. */
  until?: string;
}

/** What `conform run --suppress` writes as a new entry's reason, for someone to replace. */
export const placeholderReason = 'TODO: why this failure is accepted (who decided, and the ticket that tracks the fix)';

/** An empty reason, or one that still starts with TODO, has not been written: every run says so (a warning line, no failure). */
export function hasReason(entry: Pick<SuppressionEntry, 'reason'>): boolean {
  const reason = entry.reason.trim();
  return reason !== '' && !/^TODO\b/i.test(reason);
}

/** The key an entry is unique by, and a failure is matched on. */
export function entryKey(entry: Pick<SuppressionEntry, 'suite' | 'target' | 'clause' | 'fingerprint'>): string {
  return JSON.stringify([entry.suite, entry.target, entry.clause, entry.fingerprint]);
}

/** A suppressions file that cannot be read as one: the message says what and where, in one line. */
export class SuppressionsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SuppressionsError';
  }
}

/** The file's version this conform reads and writes. */
const formatVersion = 1;

const about =
  'Failures conform run accepts: each entry names a check failing against a target for one cause (its fingerprint), why it is accepted (reason) and optionally until when (until: YYYY-MM-DD). conform run --suppress adds the current failures; --prune drops entries whose failure is gone.';

const entryKeys = ['suite', 'target', 'clause', 'check', 'cause', 'fingerprint', 'reason', 'until'] as const;
const requiredKeys = ['suite', 'target', 'clause', 'check', 'cause', 'fingerprint', 'reason'] as const;

/**
 * The entries of a suppressions file's text. Refuses, in one line naming the entry and the field, what
 * is not such a file: not JSON, another version, an unknown or missing field (a misspelt `untill` would
 * silently accept forever), an unknown suite, a fingerprint that no run writes, a date that is not one,
 * two entries with one key.
 */
export function parseSuppressions(text: string): SuppressionEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new SuppressionsError(`is not JSON (${(err as Error).message.split('\n')[0]})`);
  }
  const shape = `expected {"version": ${formatVersion}, "suppressions": [...]}, as conform run --suppress writes`;
  if (!isJsonObject(data)) throw new SuppressionsError(`is not a suppressions file: ${shape}`);
  const unknown = Object.keys(data).filter((k) => !['about', 'version', 'suppressions'].includes(k));
  if (unknown.length) throw new SuppressionsError(`has an unknown field "${unknown[0]}": ${shape}`);
  if (data.version !== formatVersion) throw new SuppressionsError(`has version ${JSON.stringify(data.version)}; this conform reads version ${formatVersion}`);
  if (!Array.isArray(data.suppressions)) throw new SuppressionsError(`has no "suppressions" list: ${shape}`);
  const seen = new Map<string, number>();
  return data.suppressions.map((raw: unknown, i) => {
    const entry = parseEntry(raw, `entry ${i + 1}`);
    const key = entryKey(entry);
    const first = seen.get(key);
    if (first !== undefined) throw new SuppressionsError(`entry ${i + 1} repeats entry ${first} (the same suite, target, clause and fingerprint)`);
    seen.set(key, i + 1);
    return entry;
  });
}

function parseEntry(raw: unknown, where: string): SuppressionEntry {
  if (!isJsonObject(raw)) throw new SuppressionsError(`${where} is not an object`);
  const unknown = Object.keys(raw).find((k) => !(entryKeys as readonly string[]).includes(k));
  if (unknown !== undefined) throw new SuppressionsError(`${where} has an unknown field "${unknown}" (fields: ${entryKeys.join(', ')})`);
  for (const key of requiredKeys) {
    if (!(key in raw)) throw new SuppressionsError(`${where} has no "${key}"`);
    if (typeof raw[key] !== 'string') throw new SuppressionsError(`${where}: "${key}" must be a string, got ${JSON.stringify(raw[key])}`);
    // A check outside any target's block has an empty target, and a failure without words an empty cause.
    if ((key === 'suite' || key === 'clause') && raw[key] === '') throw new SuppressionsError(`${where}: "${key}" is empty`);
  }
  const suite = raw.suite as string;
  if (!isSuiteName(suite)) throw new SuppressionsError(`${where}: "suite" must be one of ${suiteNames.join(', ')}, got ${JSON.stringify(suite)}`);
  const fingerprint = raw.fingerprint as string;
  if (!/^[0-9a-f]{16}$/.test(fingerprint)) throw new SuppressionsError(`${where}: "fingerprint" must be 16 hex digits as conform run --suppress writes them, got ${JSON.stringify(fingerprint)}`);
  const until = raw.until;
  if (until !== undefined && !(typeof until === 'string' && isDate(until))) throw new SuppressionsError(`${where}: "until" must be a date YYYY-MM-DD, got ${JSON.stringify(until)}`);
  return {
    suite,
    target: raw.target as string,
    clause: raw.clause as string,
    check: raw.check as string,
    cause: raw.cause as string,
    fingerprint,
    reason: raw.reason as string,
    ...(until !== undefined ? { until: until as string } : {}),
  };
}

/** A calendar date written YYYY-MM-DD (2025-02-30 is none). */
export function isDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The file's text: entries sorted by suite, target, clause, check and cause, so a change reads as a small diff in review. */
export function formatSuppressions(entries: readonly SuppressionEntry[]): string {
  const order = (e: SuppressionEntry) => [e.suite, e.target, e.clause, e.check, e.cause, e.fingerprint];
  const sorted = [...entries].sort((a, b) => compareLists(order(a), order(b)));
  // Fields in a fixed order, until last, so every entry reads alike.
  const tidy = sorted.map((e) => Object.fromEntries(entryKeys.filter((k) => e[k] !== undefined).map((k) => [k, e[k]])));
  return `${JSON.stringify({ about, version: formatVersion, suppressions: tidy }, null, 2)}\n`;
}

function compareLists(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i]! !== b[i]!) return a[i]! < b[i]! ? -1 : 1;
  }
  return 0;
}
