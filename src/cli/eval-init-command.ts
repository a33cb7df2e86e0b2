/** Flags of `mcpvet eval init`; the runner is imported only when the command runs. */
import type { Command } from 'commander';
import { addTargetOptions } from './target-options.js';

export function defineEvalInitCommand(evalCommand: Command): void {
  const init = addTargetOptions(
    evalCommand
      .command('init')
      .description("write a starter tasks file from the server's tools: one example task, and a commented task per tool")
      .argument('[server...]', 'stdio server command (put it after --)')
      .option('-o, --output <file>', 'the tasks file to write', 'tasks.yaml')
      .option('--force', 'overwrite the file if it exists'),
  );
  init.action(async (server: string[], flags) => {
    const { runEvalInit } = await import('./eval-init.js');
    process.exitCode = await runEvalInit(server, flags);
  });
}
