/** Flags of `mcpvet eval` and its subcommands; the runners are imported only when a command runs. */
import type { Command } from 'commander';
import { defineEvalCompareCommand } from './eval-compare-command.js';
import { defineEvalInitCommand } from './eval-init-command.js';
import { defineEvalModelCommand } from './eval-model-command.js';

export function defineEvalCommand(program: Command): void {
  const evalCommand = program.command('eval').description('run tasks through real models and the server tools, with statistics over repeated runs');
  defineEvalInitCommand(evalCommand);
  defineEvalCompareCommand(evalCommand);
  defineEvalModelCommand(evalCommand);
}
