/** Flags of `mcpvet record`; the runner is imported only when the command runs. */
import type { Command } from 'commander';
import { usageError } from './cli-error.js';
import { addTargetOptions, collect } from './target-options.js';

/** A TCP port on 127.0.0.1; 0 picks a free one (printed on stderr). */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw usageError(`--listen takes a port from 0 to 65535, not "${value}"`);
  return port;
}

export function defineRecordCommand(program: Command): void {
  const record = addTargetOptions(
    program
      .command('record')
      .description('record the traffic with a server to a cassette (a transparent proxy, or a --script of calls)')
      .argument('[server...]', 'stdio server command (put it after --); the MCP client starts `mcpvet record -o FILE -- …` in its place')
      .requiredOption('-o, --output <file>', 'cassette file to write (NDJSON)')
      .option('--redact <regex>', 'also redact what this regular expression matches (repeatable)', collect)
      .option('--listen <port>', 'HTTP targets: port on 127.0.0.1 the client connects to (default: any free port)', parsePort)
      .option(
        '--no-auth-token',
        'HTTP listener: do not require the per-run token in the URL (any local process that finds the port can then use it; Origin and Host are still checked)',
      )
      .option('--script <file.yaml>', 'perform these steps as the client instead of proxying (for cassettes made in CI)'),
  );
  record.action(async (server: string[], flags) => {
    const { runRecord } = await import('./record.js');
    process.exitCode = await runRecord(server, flags);
  });
}
