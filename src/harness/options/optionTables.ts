import { suiteNames } from '../../catalogue/suites.ts';
import { longFlag, optionRows, shownDefault, type NamedRow } from './runOptionTable.ts';

/**
 * The docs' option tables, made from runOptionTable: `conform run`'s flags, the config file's keys, the
 * variables of a plain vitest run. Each stands in a Markdown file between `<!-- options: NAME -->` and
 * `<!-- /options -->`, wherever the docs put it; `node scripts/write-option-tables.ts` rewrites them, and
 * runOptionTable.test.ts fails while one differs from the table.
 */
export const optionTables = {
  run: () => table(['option', 'suite', 'meaning'], optionRows.filter((r) => r.flag).map((r) => [flagCell(r), r.suites?.join(', ') ?? 'all', withDefault(r.doc ?? r.help, r)])),
  config: () =>
    table(
      ['key', 'where', 'meaning'],
      [
        ['`suite`', 'each target', suiteNames.map((s) => `\`${s}\``).join(', ')],
        ...optionRows.filter((r) => r.config).map((r) => [`\`${r.config!.key ?? r.name}\``, configPlace(r), configMeaning(r)]),
      ],
    ),
  variables: () => table(['variable', 'meaning'], optionRows.filter((r) => r.variable).map((r) => [`\`${r.variable}\``, variableMeaning(r)])),
} as const;

export type OptionTableName = keyof typeof optionTables;

const marked = /(<!-- options: ([a-z]+) -->\n)[\s\S]*?(\n<!-- \/options -->)/g;

/** `text` with each marked option table made again from the table; a marker naming no table is left as it is. */
export function withOptionTables(text: string): string {
  return text.replace(marked, (whole, open: string, name: string, close: string) => (name in optionTables ? `${open}${optionTables[name as OptionTableName]()}${close}` : whole));
}

/** The names of the option tables `text` marks. */
export function markedOptionTables(text: string): string[] {
  return [...text.matchAll(marked)].map((m) => m[2]!);
}

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

/** `--base-url URL`, `--config PATH`, `--no-config`. */
function flagCell(row: NamedRow): string {
  const [flag, argument] = row.flag!.split(' ');
  const shown = `\`${flag}${argument ? ` ${argument.replace(/^<|>$/g, '').toUpperCase()}` : ''}\``;
  return row.noFlag ? `${shown}, \`--no-${flag!.slice('--'.length)}\`` : shown;
}

/** A value's default after its meaning: a value in code, words as they are. */
function withDefault(meaning: string, row: NamedRow): string {
  const shown = shownDefault(row);
  if (shown === undefined) return meaning;
  return `${meaning} (default: ${row.defaultText === undefined ? `\`${shown}\`` : shown})`;
}

function configPlace(row: NamedRow): string {
  const suites = (row.suites ?? suiteNames).join(' or ');
  switch (row.config!.at) {
    case 'run':
      return 'top level';
    case 'target':
      return `${suites} target${row.config!.required ? ' (required)' : ''}`;
    case 'run and target':
      return `a ${suites} target, or the top level for every target`;
  }
}

function configMeaning(row: NamedRow): string {
  if (row.config!.doc) return row.config!.doc;
  return withDefault(`\`${longFlag(row)}\``, row);
}

function variableMeaning(row: NamedRow): string {
  const what = row.flag ? `\`${longFlag(row)}\`` : (row.doc ?? row.help);
  const each = row.kind === 'commands' ? ', one command per line' : row.kind === 'suites' ? ', comma-separated' : '';
  const meaning = `${row.suites ? `${row.suites.join(', ')}: ` : ''}${what}${each}`;
  // A secret's default is its variable: this one.
  return row.secret ? meaning : withDefault(meaning, row);
}
