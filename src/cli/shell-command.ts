/** Flags of `mcpvet shell`; the session is imported only when the command runs. */
import type { Command } from 'commander';
import { addTargetOptions } from './target-options.js';

export function defineShellCommand(program: Command): void {
  const shell = addTargetOptions(
    program
      .command('shell')
      .description(
        'an interactive session on one connection: tools, call, read, prompt, complete, trace… (reads commands from stdin when it is not a terminal)',
      )
      .argument('[server...]', 'stdio server command (put it after --)')
      .option('--no-history', 'do not read or write the command history of this server'),
  );
  shell.action(async (server: string[], flags) => {
    const { runShell } = await import('../shell/session.js');
    process.exitCode = await runShell(server, flags);
  });
}
