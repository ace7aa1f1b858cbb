import { Option } from 'commander';
import { longFlag, shownDefault, type OptionRow } from '../harness/options/runOptionTable.ts';
import { numberOption, parseHttpUrl, parseShard } from './parseOptions.ts';
import { parseReportFile } from './reportOptions.ts';

/**
 * The commander options of one runOptionTable row: its flag, read by its kind and held to its rule,
 * and the flag that turns it off when it has one. None has a default: the run applies the table's
 * once, so a config file's value is never overridden by a default nobody gave; --help says it.
 */
export function tableOptions(row: OptionRow): Option[] {
  if (!row.flag) return [];
  const options = [flagOption(row.flag, helpOf(row), row)];
  if (row.noFlag) options.push(new Option(`--no-${longFlag(row)!.slice('--'.length)}`, row.noFlag));
  return options;
}

/** A row's line in --help: its suite when it applies to one, its help and, when it has one, its default. */
export function helpOf(row: OptionRow): string {
  const shown = shownDefault(row);
  const help = row.suites?.length === 1 ? `${row.suites[0]}: ${row.help}` : row.help;
  return shown === undefined ? help : `${help} (default: ${shown})`;
}

function flagOption(flag: string, help: string, row: OptionRow): Option {
  switch (row.kind) {
    case 'number':
      return numberOption(flag, help, row.rule!);
    case 'url':
      return new Option(flag, help).argParser(parseHttpUrl);
    case 'commands':
      return new Option(flag, help).argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
    case 'report':
      return new Option(flag, help).argParser((value: string, previous: ReturnType<typeof parseReportFile>[] | undefined) => [...(previous ?? []), parseReportFile(value, true)]);
    case 'shard':
      return new Option(flag, help).argParser(parseShard);
    case 'text':
    case 'boolean':
    case 'suites':
    case 'names':
      return new Option(flag, help);
  }
}
