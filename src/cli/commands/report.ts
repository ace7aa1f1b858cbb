import { resolve } from 'node:path';
import { Command } from 'commander';
import type { ReportFile } from '../../harness/reportFiles.ts';
import { printOutcome, reportOption } from '../reportOptions.ts';

const mergeHelp = `
DIR holds what every shard's \`conform run ... --shard I/N --report blob=DIR\` wrote there (blob-I-N.json,
vitest's blob, and conform-I-N.json): in CI, each shard's folder uploaded as an artifact and all of
them downloaded into one. The merged report has every check of every shard, the clause table and the
clauses no check covered, as the unsharded run would report them.

Exit codes: 0 every MUST check passed; 1 a check failed (SHOULD too if the shards ran with --strict);
2 could not merge (a shard missing, shards of different runs) or a shard could not run.`;

export function registerReport(program: Command): void {
  const report = program.command('report').summary('work with the reports of runs split across machines');
  report
    .command('merge')
    .summary("merge the blobs of a sharded run (vitest's merge-reports) into one conformance report")
    .argument('<dir>', 'the folder holding every shard\'s --report blob=DIR files')
    .addOption(reportOption(false))
    .addHelpText('after', mergeHelp)
    .action(async (dir: string, flags: { report: ReportFile[] }) => {
      const { mergeShards } = await import('../../harness/mergeShards.ts');
      process.exitCode = await printOutcome(flags.report, (console) => {
        console.start(`merging the shards in ${resolve(dir)}`);
        return mergeShards({ dir, report: flags.report, onCheck: (check) => console.check(check) });
      });
    });
}
