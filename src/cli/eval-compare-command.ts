/** Flags of `mcpvet eval compare`; the runner is imported only when the command runs. */
import type { Command } from 'commander';
import { formatHelp } from '../report/formats.js';

export function defineEvalCompareCommand(evalCommand: Command): void {
  evalCommand
    .command('compare')
    .description('compare two eval JSON reports task by task (B against A, 95% Newcombe intervals); exit 2 when a task got significantly worse')
    .argument('<a>', 'the baseline eval report (JSON)')
    .argument('<b>', 'the new eval report (JSON)')
    .option('--format <format>', formatHelp('eval compare', false), 'console')
    .option('-o, --output <file>', 'write the comparison to this file instead of stdout')
    .option('--no-color', 'no colors in console output')
    .action(async (a: string, b: string, flags) => {
      const { runEvalCompare } = await import('./eval-compare.js');
      process.exitCode = await runEvalCompare(a, b, flags);
    });
}
