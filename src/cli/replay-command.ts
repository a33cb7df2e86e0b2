/** Flags of `mcpvet replay`; the runner is imported only when the command runs. */
import { Option, type Command } from 'commander';
import { addFaultOptions } from './proxy-command.js';
import { parsePort } from './record-command.js';

export function defineReplayCommand(program: Command): void {
  const replay = addFaultOptions(
    program
      .command('replay')
      .description('serve a cassette as if it were the server: over stdio (default) or HTTP with --listen')
      .argument('<cassette>', 'a cassette written by `mcpvet record`')
      .option('--listen <port>', 'serve over HTTP on this port of 127.0.0.1 (0: any free port)', parsePort)
      .option(
        '--no-auth-token',
        'HTTP listener: do not require the per-run token in the URL (any local process that finds the port can then use it; Origin and Host are still checked)',
      )
      .addOption(new Option('--match <mode>', 'how requests find their recording').choices(['method', 'params', 'sequence', 'strict']).default('params')),
  );
  replay.action(async (cassette: string, flags) => {
    const { runReplay } = await import('./replay.js');
    process.exitCode = await runReplay(cassette, flags);
  });
}
