import type { ErrorObject } from 'ajv/dist/jtd.js';
import { optionRows } from '../runOptionTable.ts';
import { targetKeys, topLevelKeys, type ConformConfig } from './configSchema.ts';
// The schema compiled ahead (configValidatorCode.ts): compiling it in the command cost 0.4 CPU-s a run.
import { validate } from './configValidator.js';

/** Keys that would hold a secret, and the key that names its variable instead. */
const secretKeys: Record<string, string> = Object.fromEntries(optionRows.filter((r) => r.secret && r.config?.key).map((r) => [r.name, r.config!.key!]));

/** Keys a target may not hold because they are the whole run's. */
const runWideKeys = new Set(optionRows.filter((r) => r.config?.at === 'run').map((r) => r.config!.key ?? r.name));

/** What JTD's types are, in words. */
const typeWords: Record<string, string> = { string: 'a string', float64: 'a number', boolean: 'true or false', object: 'an object', array: 'a list' };

/**
 * What is wrong with a config's content, one line each naming the key path (`targets.staging.baseUrl`),
 * without the file (the caller adds it): unknown keys, missing ones, wrong types, a secret where only its
 * variable's name may go. Empty when the content has the config's shape. Values are checked against
 * their rules (numbers, URLs) and variables read later, for the targets a run selects.
 */
export function configProblems(content: unknown): string[] {
  if (validate(content)) return unitRecordProblems(content);
  return [...new Set((validate.errors ?? []).map((e) => describe(e, content)))];
}

function describe(error: ErrorObject, content: unknown): string {
  const params = error.params as Record<string, unknown>;
  const pointer = error.instancePath.split('/').slice(1).map(unescapePointer);
  // An unknown key's error points at the key itself.
  const path = params.error === 'additional' ? pointer.slice(0, -1) : pointer;
  const where = keyPath(path);
  if (params.error === 'additional') {
    const key = String(params.additionalProperty);
    const at = keyPath([...path, key]);
    if (secretKeys[key]) return `${at}: secrets never go in the file; name the variable that holds it with ${secretKeys[key]}`;
    if (path.length === 0) return `unknown key ${at}; the top level takes ${topLevelKeys.join(', ')}`;
    const suite = valueAt(content, [...path, 'suite']);
    if (path[0] === 'targets' && runWideKeys.has(key)) return `${at}: ${key} is the whole run's; set it at the top level`;
    const keys = typeof suite === 'string' && suite in targetKeys ? targetKeys[suite as keyof typeof targetKeys] : [];
    return `unknown key ${at}${keys.length ? `; a ${String(suite)} target takes ${keys.join(', ')}` : ''}`;
  }
  if (params.error === 'missing') return `${where} lacks ${String(params.missingProperty)}`;
  if (error.keyword === 'discriminator') {
    const suites = Object.keys(targetKeys).join(', ');
    // "mapping": the suite is no suite's name (the path ends in `suite`); "tag": no string suite at all.
    if (params.error === 'mapping') return `${where} must be one of ${suites}; got ${got(valueAt(content, path))}`;
    const at = path.at(-1) === 'suite' ? path.slice(0, -1) : path;
    const target = valueAt(content, at);
    if (target === null || typeof target !== 'object' || Array.isArray(target)) return `${keyPath(at)} must be an object; got ${got(target)}`;
    const suite = valueAt(content, [...at, 'suite']);
    return suite === undefined ? `${keyPath(at)} lacks suite (${suites})` : `${keyPath(at)}.suite must be one of ${suites}; got ${got(suite)}`;
  }
  if (error.keyword === 'enum') return `${where} must be one of ${((params.allowedValues as unknown[]) ?? []).join(', ')}; got ${got(valueAt(content, path))}`;
  const type = String(params.type ?? (error.keyword === 'elements' ? 'array' : error.keyword === 'values' ? 'object' : 'object'));
  return `${where || 'the config'} must be ${typeWords[type] ?? type}; got ${got(valueAt(content, path))}`;
}

/** A unit-record target is a record validator or a set validator: exactly one of the two keys. */
function unitRecordProblems(config: ConformConfig): string[] {
  return Object.entries(config.targets ?? {}).flatMap(([name, target]) => {
    if (target.suite !== 'unit-record') return [];
    const given = [target.validator, target.validatorSet].filter((v) => v !== undefined).length;
    return given === 1 ? [] : [`targets.${name} takes one of validator or validatorSet${given ? ', not both' : ''}`];
  });
}

function valueAt(content: unknown, path: readonly string[]): unknown {
  let at = content;
  for (const key of path) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}

/** A value as a message quotes it: short, and never more than its kind for an object or a list. */
function got(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (value !== null && typeof value === 'object') return 'an object';
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** `targets.staging.baseUrl`, `report[0].format`. */
export function keyPath(path: readonly string[]): string {
  return path.map((key, i) => (/^\d+$/.test(key) ? `[${key}]` : i ? `.${key}` : key)).join('');
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
