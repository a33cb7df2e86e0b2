/** Flags of `mcpvet snapshot` and `mcpvet diff`; runners are imported only when a command runs. */
import type { Command } from 'commander';
import { formatHelp } from '../report/formats.js';
import { addTargetOptions, collect } from './target-options.js';

export function defineContractCommands(program: Command): void {
  const snapshot = addTargetOptions(
    program
      .command('snapshot')
      .description("record a server's surface (tools, schemas, resources, prompts, error classes) as a contract file")
      .argument('[server...]', 'stdio server command (put it after --)')
      .requiredOption('-o, --output <file>', 'where to write the contract JSON')
      .option('--with-descriptions', 'keep tool descriptions in the file (they are always hashed)')
      .option('--allow-call <glob>', 'tools that may be called with invalid arguments to learn the error class (default: read-only tools)', collect),
  );
  snapshot.action(async (server: string[], flags) => {
    const { runSnapshot } = await import('./snapshot.js');
    process.exitCode = await runSnapshot(server, flags);
  });

  program
    .command('diff')
    .description('compare two contract snapshots (or cassettes): breaking, compatible and cosmetic changes; exit 2 on breaking')
    .argument('<old>', 'the old snapshot or cassette')
    .argument('<new>', 'the new snapshot or cassette')
    .option('--format <format>', formatHelp('diff', false), 'console')
    .option('--expected-failures <file>', 'YAML list of subjects (tool NAME, prompt NAME, …), or <subject>/breaking, whose breaking changes are accepted')
    .action(async (oldFile: string, newFile: string, flags) => {
      const { runDiff } = await import('./diff.js');
      process.exitCode = await runDiff(oldFile, newFile, flags);
    });

  const verify = addTargetOptions(
    program
      .command('verify')
      .description("replay a cassette's requests against a live server and compare the answers structurally (exit 2 on differences)")
      .argument('<cassette>', 'the cassette to verify against')
      .argument('[server...]', 'stdio server command (put it after --)')
      .option('--ignore <path>', "answer paths that may change, e.g. 'result.content[*].text' or 'result._meta' (repeatable)", collect)
      .option('--values', 'compare every value, not only the structure')
      .option('--format <format>', formatHelp('verify', false), 'console')
      .option('--expected-failures <file>', "YAML list of requests ('#2 tools/list', as the report names them) expected to differ"),
  );
  verify.action(async (cassette: string, server: string[], flags) => {
    const { runVerify } = await import('./verify.js');
    process.exitCode = await runVerify(cassette, server, flags);
  });
}
