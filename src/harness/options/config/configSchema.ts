import type { JTDDataType } from 'ajv/dist/jtd.js';
import type { SuiteName } from '../../../catalogue/suites.ts';
import { optionRows, type ConfigPlace, type NamedRow, type RunOptionTable } from '../runOptionTable.ts';

/** How a config file holds each kind of option, as JTD forms: a target holds one command. */
const kindForms = {
  number: { type: 'float64' },
  url: { type: 'string' },
  text: { type: 'string' },
  commands: { type: 'string' },
  boolean: { type: 'boolean' },
  report: { elements: { properties: { format: { enum: ['json', 'junit', 'html', 'markdown'] }, path: { type: 'string' } } } },
} as const;

/** A config's top level, or a target of one suite. */
type Place = 'run' | SuiteName;

type Row<K extends keyof RunOptionTable> = RunOptionTable[K];
type ConfigOf<K extends keyof RunOptionTable> = Row<K> extends { config: infer C extends { at: ConfigPlace } } ? C : never;
type KeyOf<K extends keyof RunOptionTable> = ConfigOf<K> extends { key: infer C extends string } ? C : K;
type IsRequired<K extends keyof RunOptionTable> = ConfigOf<K> extends { required: true } ? true : false;
type AppliesTo<K extends keyof RunOptionTable, S extends SuiteName> = Row<K> extends { suites: ReadonlyArray<infer T> } ? (S extends T ? true : false) : true;
type Goes<K extends keyof RunOptionTable, P extends Place> = [ConfigOf<K>] extends [never]
  ? false
  : P extends SuiteName
    ? ConfigOf<K>['at'] extends 'run' ? false : AppliesTo<K, P>
    : ConfigOf<K>['at'] extends 'target' ? false : true;

/** The table's options a config holds at `P`, required or optional, each in its form. */
type KeysAt<P extends Place, Required extends boolean> = {
  -readonly [K in keyof RunOptionTable as Goes<K, P> extends true ? (IsRequired<K> extends Required ? KeyOf<K> : never) : never]: (typeof kindForms)[Row<K>['kind'] & keyof typeof kindForms];
};

function goes(row: NamedRow, place: Place): boolean {
  if (!row.config) return false;
  if (place === 'run') return row.config.at !== 'target';
  return row.config.at !== 'run' && (row.suites === undefined || row.suites.includes(place));
}

/** runOptionTable's options a config holds at `place`, required or optional: each key in its form, in the table's order. */
function keysAt<P extends Place, R extends boolean>(place: P, required: R): KeysAt<P, R> {
  const rows = optionRows.filter((r) => goes(r, place) && Boolean(r.config?.required) === required);
  return Object.fromEntries(rows.map((r) => [r.config!.key ?? r.name, kindForms[r.kind as keyof typeof kindForms]])) as KeysAt<P, R>;
}

/**
 * The config file (`conform.config.ts`, `.mts`, `.js`, `.mjs` or `.json`), as a JSON Type Definition
 * (RFC 8927): ajv checks a file against it, and ConformConfig is derived from it, so the two cannot
 * disagree. Its keys are runOptionTable's, each where the table places it: `run()`'s option of the same
 * name, or for a secret the name of the variable that holds it (`apiKeyEnv`, ...). Unknown keys are
 * refused. Number rules and URLs are checked as the command line's are (toConformOptions).
 */
export const configSchema = {
  optionalProperties: {
    /** Named targets: `conform run NAME...` runs some, `conform run` all of them. */
    targets: {
      values: {
        discriminator: 'suite',
        mapping: {
          'fetch-service': { properties: keysAt('fetch-service', true), optionalProperties: keysAt('fetch-service', false) },
          'meeting-platform': { properties: keysAt('meeting-platform', true), optionalProperties: keysAt('meeting-platform', false) },
          'unit-record': { optionalProperties: keysAt('unit-record', false) },
        },
      },
    },
    ...keysAt('run', false),
  },
} as const;

/** A config file's content: what `defineConfig` takes. */
export type ConformConfig = JTDDataType<typeof configSchema>;

/** One named target of a config. */
export type TargetConfig = NonNullable<ConformConfig['targets']>[string];

/** The keys a target of each suite takes, `suite` included, for messages. */
export const targetKeys = Object.fromEntries(
  Object.entries(configSchema.optionalProperties.targets.values.mapping).map(([suite, form]) => [
    suite,
    ['suite', ...Object.keys('properties' in form ? form.properties : {}), ...Object.keys(form.optionalProperties)],
  ]),
) as Record<TargetConfig['suite'], string[]>;

/** The keys of the config's top level, for messages. */
export const topLevelKeys = Object.keys(configSchema.optionalProperties);
