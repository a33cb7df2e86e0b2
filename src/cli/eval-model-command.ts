/** Flags of `mcpvet eval model`; the runner is imported only when the command runs. */
import type { Command } from 'commander';
import { usageError } from './cli-error.js';

export function parseModelPort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw usageError(`--port takes a port from 0 to 65535, not "${value}"`);
  return port;
}

export function defineEvalModelCommand(evalCommand: Command): void {
  evalCommand
    .command('model')
    .description('serve the local scripted model on 127.0.0.1 (OpenAI chat completions and Anthropic Messages), for offline evals, tests and demos')
    .option('--script <file.yaml>', 'the replies to give (tool calls, then answers) per task; without it every reply comes from the lexical policy')
    .option('--lexical', 'with --script: the lexical policy replies to the tasks that no rule matches')
    .option('--port <n>', 'port on 127.0.0.1 (default: any free port)', parseModelPort)
    .action(async (flags) => {
      const { runEvalModel } = await import('./eval-model.js');
      process.exitCode = await runEvalModel(flags);
    });
}
