/** Flags of `mcpvet lint`; the runner is imported only when the command runs. */
import type { Command } from 'commander';
import { formatHelp } from '../report/formats.js';
import { SARIF_LOCATION_HELP } from './sarif-location-help.js';
import { addTargetOptions, collect } from './target-options.js';

export function defineLintCommand(program: Command): void {
  const lint = addTargetOptions(
    program
      .command('lint')
      .description('lint tool definitions: schema validity, portability across model providers, names, annotations, size')
      .argument('[server...]', 'stdio server command (put it after --)')
      .option('--file <tools.json>', 'lint a saved tools/list result (or a bare array of tools) instead of a live server')
      .option('--profile <names>', 'portability profiles, comma-separated: portable, openai-strict, anthropic, gemini (default: portable)', collect)
      .option(
        '--watch <path>',
        'lint again whenever a file under this path changes (repeatable), and show what changed (a stdio server is restarted each run; with --url, restart yours yourself)',
        collect,
      )
      .option('--format <format>', formatHelp('lint', false), 'console')
      .option('--sarif-location <path>', `${SARIF_LOCATION_HELP}; with --file, that file`)
      .option('--expected-failures <file>', 'YAML list of rule ids, or <rule>/<tool>, expected to fail (a baseline)'),
  );
  lint.action(async (server: string[], flags) => {
    const { runLint } = await import('./lint.js');
    process.exitCode = await runLint(server, flags);
  });
}
