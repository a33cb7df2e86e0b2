/** Flags of `mcpvet load`; the engine is imported only when the command runs. */
import type { Command } from 'commander';
import { formatHelp } from '../report/formats.js';
import { addRequestOptions } from './call-command.js';
import { addTargetOptions, collect } from './target-options.js';

export function defineLoadCommand(program: Command): void {
  const load = addTargetOptions(
    addRequestOptions(
      program
        .command('load')
        .description(
          'load a server: one request or a weighted mix, open (--rate) or closed (--vus) model, HDR latency percentiles, thresholds, split flows across --replica',
        )
        .argument('[server...]', 'stdio server command (put it after --)')
        .option('--method <method>', 'the request to send (as `call`): tools/call, tools/list, resources/read, prompts/get, …'),
    )
      .option('--mix <file>', 'a YAML list of weighted steps to send instead of --method')
      .option('--rate <n>', 'open model: requests per second, due at a constant rate (latency counted from when each was due)')
      .option('--vus <n>', 'closed model: virtual users, each sending its next request when the last ends (default 10)')
      .option('--duration <time>', 'how long to send (30s, 500ms, 2m)', '10s')
      .option('--ramp <time>', 'rise to the full rate or number of users over this time', '0s')
      .option('--connections <n>', 'open model over HTTP: connections (legacy: sessions) the arrivals share', '16')
      .option('--max-in-flight <n>', 'open model: arrivals beyond this many flows in flight count as `overload` errors', '10000')
      .option('--threshold <rule>', "fail (exit 2) unless it holds: 'p99<250ms', 'errors<0.1%', 'rps>=100' (repeatable)", collect)
      .option('--replica <url>', 'another instance of the server: requests rotate across instances and every flow is split on purpose (repeatable)', collect)
      .option('--sample-interval <time>', 'stdio: how often to sample the server memory and open files', '1s')
      .option('--allow-remote', 'allow a target or replica that is not on this machine (loopback only by default)')
      .option('--emit <tool>', 'write the scenario as a script for another load tool instead of running it: artillery (-o FILE writes its processor beside it)')
      .option('--no-progress', 'no live progress on stderr')
      .option('--format <format>', formatHelp('load', true), 'console')
      .option('-o, --output <path>', 'write the report to this file, or each format into this folder'),
  );
  load.action(async (server: string[], flags) => {
    const { runLoadCommand } = await import('./load.js');
    process.exitCode = await runLoadCommand(server, flags);
  });
}
