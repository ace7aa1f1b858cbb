// runOptionTable against everything made from it or read by it: `conform run --help`, the docs' option
// tables (found by their markers in README.md or docs/*.md, wherever they stand), the config file's
// schema, `conform init`'s template and run()'s options. Every option appears in each that has a place
// for it, with the same default.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { conformProgram } from '../../cli/conformProgram.ts';
import { suiteNames, type SuiteName } from '../../catalogue/suites.ts';
import { applyConfig } from './config/applyConfig.ts';
import { configProblems } from './config/configProblems.ts';
import { configSchema, topLevelKeys, targetKeys } from './config/configSchema.ts';
import { configTemplate } from './config/configTemplate.ts';
import { markedOptionTables, optionTables, withOptionTables } from './optionTables.ts';
import type { RunOptions } from './RunOptions.ts';
import { longFlag, optionRows, runOptionTable, shownDefault, type NamedRow, type OptionName, type RunOptionTable } from './runOptionTable.ts';
import { toConformOptions } from './toConformOptions.ts';

const root = new URL('../../../', import.meta.url).pathname;
const docs = join(root, 'docs');
const docFiles = [join(root, 'README.md'), ...(existsSync(docs) ? readdirSync(docs).filter((f) => f.endsWith('.md')).map((f) => join(docs, f)) : [])];

const run = conformProgram().commands.find((c) => c.name() === 'run') as Command;
const flagged = optionRows.filter((r) => r.flag);
const configured = optionRows.filter((r) => r.config);

/** Where a config may hold a row: its top level, and/or each target of its suites. */
function placesOf(row: NamedRow): Array<'run' | SuiteName> {
  const at = row.config!.at;
  const targets = at === 'run' ? [] : (row.suites ?? suiteNames);
  return [...(at === 'target' ? [] : ['run' as const]), ...targets];
}

const keyOf = (row: NamedRow) => row.config!.key ?? row.name;

describe('conform run --help', () => {
  test('has every flag of the table, and no other', () => {
    const flags = run.options.map((o) => o.long).filter((f) => f !== '--help');
    expect(flags).toEqual(flagged.flatMap((r) => [longFlag(r)!, ...(r.noFlag ? [`--no-${longFlag(r)!.slice(2)}`] : [])]));
  });

  test.each(flagged.map((r) => [longFlag(r)!, r] as const))('%s: its line says its default; commander applies none', (flag, row) => {
    const option = run.options.find((o) => o.long === flag)!;
    const shown = shownDefault(row);
    if (shown !== undefined) expect(option.description).toContain(`(default: ${shown})`);
    else expect(option.description).not.toContain('default');
    // The run applies the table's defaults, once: a default here would override a config file's value.
    expect(option.defaultValue).toBeUndefined();
    expect(run.helpInformation()).toContain(flag);
  });
});

describe("the docs' option tables", () => {
  const texts = docFiles.map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  test.each(Object.keys(optionTables))('the %s table stands, marked, in README.md or docs/', (name) => {
    expect(texts.filter(({ text }) => markedOptionTables(text).includes(name)).map(({ file }) => file)).not.toEqual([]);
  });

  test.each(docFiles)('%s: each marked table is the one the table makes (node scripts/write-option-tables.ts)', (file) => {
    const text = readFileSync(file, 'utf8');
    expect(text).toBe(withOptionTables(text));
  });

  test('every flag, config key and variable is in its table, with its default', () => {
    for (const row of flagged) expect(optionTables.run(), row.name).toContain(`\`${longFlag(row)}`);
    for (const row of configured) expect(optionTables.config(), row.name).toContain(`| \`${keyOf(row)}\` |`);
    for (const row of optionRows.filter((r) => r.variable)) expect(optionTables.variables(), row.name).toContain(`| \`${row.variable}\` |`);
    for (const row of flagged.filter((r) => typeof r.default === 'number')) expect(optionTables.run(), row.name).toContain(`(default: \`${row.default}\`)`);
  });
});

describe("the config file's schema", () => {
  const mapping = configSchema.optionalProperties.targets.values.mapping;
  const formAt = (key: string, place: 'run' | SuiteName): unknown => {
    if (place === 'run') return (configSchema.optionalProperties as Record<string, unknown>)[key];
    const form = mapping[place] as { properties?: Record<string, unknown>; optionalProperties: Record<string, unknown> };
    return form.properties?.[key] ?? form.optionalProperties[key];
  };

  test('holds every option with a config key where the table places it, and nothing else', () => {
    for (const row of configured) for (const place of placesOf(row)) expect(formAt(keyOf(row), place), `${keyOf(row)} at ${place}`).toBeDefined();
    const placed = (place: 'run' | SuiteName) => configured.filter((r) => placesOf(r).includes(place)).map(keyOf);
    expect(topLevelKeys).toEqual(['targets', ...placed('run')]);
    for (const suite of suiteNames) expect(targetKeys[suite].toSorted()).toEqual(['suite', ...placed(suite)].toSorted());
  });

  test("a config that writes every default (or example) out runs as one that writes none, each value held to the option's rule", () => {
    const value = (row: NamedRow): unknown => {
      if (row.kind === 'number') return row.default ?? row.example;
      if (row.kind === 'boolean') return row.default ?? false;
      if (row.kind === 'report') return [];
      return row.kind === 'url' ? 'https://example.com' : `${row.name.toUpperCase()}_VAR`;
    };
    const at = (place: 'run' | SuiteName) =>
      Object.fromEntries(configured.filter((r) => placesOf(r).includes(place) && !(r.name === 'validatorSet' && place === 'unit-record')).map((r) => [keyOf(r), value(r)]));
    const config = { targets: Object.fromEntries(suiteNames.map((suite) => [suite, { suite, ...at(suite) }])), ...at('run') };
    expect(configProblems(config)).toEqual([]);
    const env = { APIKEY_VAR: 'k', CLIENTID_VAR: 'i', CLIENTSECRET_VAR: 's', ACCOUNTID_VAR: 'a' };
    const full = applyConfig({ config: config as never, shown: 'c', dir: root }, {}, env);
    const bare = applyConfig({ config: { targets: { ...config.targets, 'fetch-service': { suite: 'fetch-service', baseUrl: 'https://example.com', apiKeyEnv: 'APIKEY_VAR' } } } as never, shown: 'c', dir: root }, {}, env);
    expect(full.problems).toEqual([]);
    const conform = (c: typeof full) => toConformOptions(c.input, env, c.names).options;
    // An option whose default depends on the target (shown in the template by an example) is no default written out.
    const byExample = { checkBudget: undefined, concurrency: undefined };
    expect({ ...conform(full), ...byExample, limits: { ...conform(full).limits, rateLimit: undefined } }).toEqual({ ...conform(bare), ...byExample, limits: { ...conform(bare).limits, rateLimit: undefined } });
    expect(conform(full).checkBudget).toBe(runOptionTable.checkBudget.example);
    expect(conform(full).concurrency).toBe(runOptionTable.concurrency.example);
    const [written] = full.targets['fetch-service'];
    const [defaulted] = bare.targets['fetch-service'];
    expect({ ...written!.limits, rateLimit: undefined }).toEqual({ ...defaulted!.limits, rateLimit: undefined });
    expect(written!.fetchTimeoutSeconds).toBe(defaulted!.fetchTimeoutSeconds);
    // And a value outside a rule is refused wherever the table places it.
    for (const row of configured.filter((r) => r.kind === 'number')) {
      for (const place of placesOf(row)) {
        const bad = place === 'run' ? { ...config, [keyOf(row)]: -1 } : { ...config, targets: { ...config.targets, [place]: { ...config.targets[place], [keyOf(row)]: -1 } } };
        const applied = applyConfig({ config: bad as never, shown: 'c', dir: root }, {}, env);
        const problems = [...applied.problems, ...toConformOptions(applied.input, env, applied.names).problems];
        expect(problems.join('\n'), `${keyOf(row)} at ${place}`).toContain(`${place === 'run' ? '' : `targets.${place}.`}${keyOf(row)} takes`);
      }
    }
  });
});

describe("conform init's template", () => {
  /** The text of a template for one suite, cut into its target's block and its top level. */
  const parts = (suite: SuiteName) => {
    const { text } = configTemplate([suite]);
    const end = text.indexOf('\n  },\n', text.indexOf('targets: {'));
    return { target: text.slice(0, end), top: text.slice(end) };
  };

  test.each(configured.map((r) => [keyOf(r), r] as const))('%s: in the template wherever it goes, showing its default', (key, row) => {
    const shown = typeof row.default === 'number' ? row.default : row.example;
    for (const place of placesOf(row)) {
      // A key of the top level and the targets' too is shown in the targets, where it is most often set.
      if (place === 'run' && row.config!.at !== 'run') continue;
      const text = place === 'run' ? parts('fetch-service').top : parts(place).target;
      const value = new RegExp(`\\b${key}: ([^,\\s]+)`).exec(text);
      expect(value, `${key} in the template's ${place === 'run' ? 'top level' : `${place} target`}`).not.toBeNull();
      if (shown !== undefined) expect(Number(value![1]), key).toBe(shown);
    }
  });
});

test("run()'s options are the table's, but for what only a program gives (callbacks, a config as an object)", () => {
  type FromTable = Exclude<{ [K in OptionName]: RunOptionTable[K] extends { run: false } ? never : K }[OptionName], never>;
  expectTypeOf<Exclude<keyof RunOptions, 'onStart' | 'onCheck' | 'onProgress' | 'onPlan'>>().toEqualTypeOf<FromTable>();
  expectTypeOf<RunOptions['headersTimeout']>().toEqualTypeOf<number | undefined>();
});
