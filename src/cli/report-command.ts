/** `mcpvet report …`: work on reports already written; the runner is imported only when a command runs. */
import type { Command } from 'commander';
import { SARIF_LOCATION_HELP } from './sarif-location-help.js';

export function defineReportCommand(program: Command): void {
  const report = program.command('report').description('work on written reports (join the shards of a CI matrix)');
  report
    .command('merge')
    .description('join the JSON reports of `--shard i/n` jobs into one run, in every format (exit 2 when the merged run fails)')
    .argument('<paths...>', 'report.json files, or folders holding them (searched a few levels deep)')
    .requiredOption('-o, --output <dir>', 'folder to write the merged reports into')
    .option('--format <formats>', 'formats to write (comma-separated; default: every file format of the command)')
    .option('--sarif-location <path>', SARIF_LOCATION_HELP)
    .option('--no-color', 'no colors in console output')
    .action(async (paths: string[], flags) => {
      const { runReportMerge } = await import('./report-merge.js');
      process.exitCode = await runReportMerge(paths, flags);
    });
}
