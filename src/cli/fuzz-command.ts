/** Flags of `mcpvet fuzz`; the runner is imported only when the command runs. */
import type { Command } from 'commander';
import { formatHelp } from '../report/formats.js';
import { SARIF_LOCATION_HELP } from './sarif-location-help.js';
import { addTargetOptions, collect } from './target-options.js';

export function defineFuzzCommand(program: Command): void {
  const fuzz = addTargetOptions(
    program
      .command('fuzz')
      .description('fuzz tools with arguments made from their inputSchema; failures are shrunk and saved (exit 2 when a property fails)')
      .argument('[server...]', 'stdio server command (put it after --)')
      .option('--tool <name>', 'tools to fuzz (repeatable or comma-separated; default: every tool that may be called)', collect)
      .option('--seed <n>', 'seed of the generated inputs: the same seed gives the same inputs (default: random, printed)')
      .option('--runs <n>', 'inputs per tool (and malformed messages with --envelope)', '100')
      .option('--time-budget <duration>', 'stop generating after this long, e.g. 30s, 2m, 500ms')
      .option('--envelope', 'also send malformed JSON-RPC messages (wrong types, huge, deeply nested)')
      .option('--allow-call <glob>', 'tools that may be fuzzed (repeatable; tools with readOnlyHint: true and openWorldHint: false always may)', collect)
      .option('--calls <file>', 'YAML: tool name -> arguments; the tools it names may be fuzzed')
      .option('--regressions <file>', 'where failing inputs are saved and replayed first', '.mcpvet/fuzz-regressions.json')
      .option('--shard <i/n>', 'fuzz the i-th of n parts of the tools, by name (a CI matrix; the envelope goes with part 1)')
      .option('--format <formats>', formatHelp('fuzz', true), 'console')
      .option('--sarif-location <path>', SARIF_LOCATION_HELP)
      .option('--expected-failures <file>', 'YAML list of properties, or <property>/<tool>, expected to fail (a baseline)')
      .option(
        '-o, --output <path>',
        'write the report to this file (one format) or into this folder (report.json, junit.xml, report.md, report.html, report.sarif)',
      )
      .option('-q, --quiet', 'no progress on stderr')
      .option('--no-color', 'no colors in console output'),
  );
  fuzz.action(async (server: string[], flags) => {
    const { runFuzzCommand } = await import('./fuzz.js');
    process.exitCode = await runFuzzCommand(server, flags);
  });
}
