import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import { diffFormats, type DiffFile, type DiffFormat } from '../../verdict/DiffFile.ts';
import type { ReportFile } from '../../verdict/reportFiles.ts';
import { RunError } from '../../verdict/RunError.ts';
import { printOutcome, reportOption } from '../reportOptions.ts';
import { asUsageError } from '../asUsageError.ts';
import { UsageError } from '../UsageError.ts';

const mergeHelp = `
DIR holds what every shard's \`conform run ... --shard I/N --report blob=DIR\` wrote there (blob-I-N.json,
vitest's blob, and conform-I-N.json): in CI, each shard's folder uploaded as an artifact and all of
them downloaded into one. The merged report has every check of every shard, the clause table and the
clauses no check covered, as the unsharded run would report them.

Exit codes: 0 every MUST check passed; 1 a check failed (SHOULD too if the shards ran with --strict);
2 could not merge (a shard missing, shards of different runs) or a shard could not run.`;

const diffHelp = `
BEFORE and AFTER are JSON reports of two runs of the same suites (\`conform run --report json=PATH\`), e.g.
the main branch's and a pull request's. For each target (by its label, port numbers aside)
it lists the clauses newly failing, fixed, still failing, newly covered and newly uncovered, newly
accepted (a suppressions file's entry) or newly blocked, and the warnings (failed SHOULD clauses of a run
that is not strict) apart. An accepted failure counts as not failing.

--markdown PATH (or --report markdown=PATH) writes the same for a pull-request comment; --report
json=PATH writes the diff as JSON (what diffReports() returns).

Exit codes: 0 nothing newly fails; 1 a clause newly fails against a target; 2 a report could not be read,
is not a conform JSON report, or the two ran different suites.`;

const collectDiffFile = (value: string, previous: DiffFile[] = []): DiffFile[] => {
  const [, format = '', path = ''] = /^([a-z]+)=(.+)$/.exec(value) ?? [];
  if (!(diffFormats as readonly string[]).includes(format)) throw new UsageError(`--report takes FORMAT=PATH with FORMAT one of ${diffFormats.join(', ')}; got "${value}"`);
  return [...previous, { format: format as DiffFormat, path: resolve(path) }];
};

export function registerReport(program: Command): void {
  const report = program.command('report').summary('merge the reports of runs split across machines; diff two runs');
  report
    .command('merge')
    .summary("merge the blobs of a sharded run (vitest's merge-reports) into one conformance report")
    .argument('<dir>', 'the folder holding every shard\'s --report blob=DIR files')
    .addOption(reportOption(false))
    .option('--suppressions <path>', 'the suppressions file whose accepted failures the merged report shows as the runs do (default: conform-suppressions.json in the working directory, when it exists)')
    .addHelpText('after', mergeHelp)
    .action(async (dir: string, flags: { report: ReportFile[]; suppressions?: string }) => {
      const { mergeShards } = await import('../../harness/run/mergeShards.ts');
      process.exitCode = await printOutcome(flags.report, (console) => {
        console.start(`merging the shards in ${resolve(dir)}`);
        return mergeShards({ dir, report: flags.report, ...(flags.suppressions ? { suppressions: flags.suppressions } : {}), onCheck: (check) => console.check(check) });
      });
    });
  report
    .command('diff')
    .summary('what changed between two runs: clauses newly failing, fixed, still failing, newly covered, per target')
    .argument('<before>', 'the earlier run\'s --report json=PATH file')
    .argument('<after>', 'the later run\'s --report json=PATH file')
    .addOption(new Option('--markdown <path>', 'also write the diff as Markdown, for a pull-request comment').argParser((path: string, previous: DiffFile[] = []) => [...previous, { format: 'markdown' as const, path: resolve(path), flag: '--markdown ' }]))
    .addOption(new Option('--report <format=path>', `also write the diff: ${diffFormats.join(', ')} (repeatable)`).argParser(collectDiffFile))
    .addHelpText('after', diffHelp)
    .action(async (before: string, after: string, flags: { markdown?: DiffFile[]; report?: DiffFile[] }) => {
      process.exitCode = await diffCommand(before, after, [...(flags.markdown ?? []), ...(flags.report ?? [])]);
    });
}

async function diffCommand(before: string, after: string, files: DiffFile[]): Promise<number> {
  const [{ diffReportFiles }, { diffExitCode }, { renderDiffText }] = await Promise.all([
    import('../../verdict/diffReportFiles.ts'),
    import('../../verdict/diffReports.ts'),
    import('../../verdict/reporters/renderDiffText.ts'),
  ]);
  const diff = await diffReportFiles(before, after, {
    files,
    onDiff: (made) => process.stdout.write(renderDiffText(made, { before, after })),
    onWritten: (f) => process.stdout.write(`wrote ${f.format} diff: ${f.path}\n`),
  }).catch(asUsageError(RunError));
  return diffExitCode(diff);
}
