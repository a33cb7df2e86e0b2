/** Flags of `mcpvet proxy`; the runner is imported only when the command runs. */
import type { Command } from 'commander';
import { usageError } from './cli-error.js';
import { parsePort } from './record-command.js';
import { addTargetOptions, collect } from './target-options.js';

export function parseSeed(value: string): number {
  const seed = Number(value);
  if (!/^\d+$/.test(value) || seed > 2 ** 32 - 1) throw usageError(`--seed takes a whole number from 0 to 4294967295, not "${value}"`);
  return seed;
}

/** `--fault` and `--seed`, shared by `proxy` and `replay`. */
export function addFaultOptions(command: Command): Command {
  return command
    .option(
      '--fault <KIND@SELECTOR>',
      'inject a fault, e.g. timeout@tools/call, delay=500@tool:search, error=-32603@tools/call#2, drop@notifications/progress, http=503@p=0.3 (repeatable)',
      collect,
    )
    .option('--seed <n>', 'seed of the p= selectors, so a run repeats', parseSeed);
}

export function defineProxyCommand(program: Command): void {
  const proxy = addTargetOptions(
    addFaultOptions(
      program
        .command('proxy')
        .description('stand in front of a live server and inject faults (stdio: started in place of the server; HTTP: --listen)')
        .argument('[server...]', 'stdio server command (put it after --)')
        .option('--listen <port>', 'HTTP targets: port on 127.0.0.1 the client connects to (default: any free port)', parsePort)
        .option(
          '--no-auth-token',
          'HTTP listener: do not require the per-run token in the URL (any local process that finds the port can then use it; Origin and Host are still checked)',
        ),
    ),
  );
  proxy.action(async (server: string[], flags) => {
    const { runProxy } = await import('./proxy.js');
    process.exitCode = await runProxy(server, flags);
  });
}
