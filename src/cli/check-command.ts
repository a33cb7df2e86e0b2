/** Flags of `mcpvet check`; the runner is imported only when the command runs. */
import { Option, type Command } from 'commander';
import { formatHelp } from '../report/formats.js';
import { SARIF_LOCATION_HELP } from './sarif-location-help.js';
import { addTargetOptions, collect } from './target-options.js';

export function defineCheckCommand(program: Command): void {
  const check = addTargetOptions(
    program
      .command('check')
      .description('run every applicable conformance check against any server (exit 2 when a check fails)')
      .argument('[server...]', 'stdio server command (put it after --)')
      .option('--list', 'list the checks (id, suite, level, title) that the selection would run, and exit')
      .option('--requirements', 'print which spec requirements the checks cover, per revision (text, --format json or markdown), and exit')
      .option('--suite <names>', 'suites to run, comma-separated (default: all)', collect)
      .option('--only <glob>', 'run only checks whose id matches (repeatable)', collect)
      .option('--skip <glob>', 'skip checks whose id matches (repeatable)', collect)
      .option(
        '--allow-call <glob>',
        'tools that checks may call (repeatable; tools with readOnlyHint: true and openWorldHint: false are always allowed)',
        collect,
      )
      .option('--calls <file>', 'YAML: tool name -> arguments that checks may use to call it')
      .option('--answers <file>', 'JSON answers for input the server asks for (elicitation, sampling, roots)')
      .option('--replica <url-or-command>', 'a second instance of the same server, to prove no sticky sessions are needed')
      .option('--format <formats>', formatHelp('check', true), 'console')
      .option('-o, --output <dir>', 'write the reports and per-suite checks.json files into this folder')
      .option('--sarif-location <path>', SARIF_LOCATION_HELP)
      .option('--expected-failures <file>', 'YAML list of check ids expected to fail (a baseline)')
      .option('--strict-warnings', 'warnings fail the run too')
      .option('--token-other-audience <token>', 'auth suite: a valid bearer token issued for another resource (a secret: never printed)')
      .option('--token-expired <token>', 'auth suite: an expired bearer token of this server')
      .option('--token-low-scope <token>', 'auth suite: a bearer token that lacks a scope some tool needs')
      .option('--token-step-up <token>', "auth suite: the low-scope token's scopes plus those its 403 challenge names")
      .option('--token-broad-scope <token>', 'auth suite: a bearer token holding only a broader scope that implies the ones the low-scope token lacks')
      .option('--token-other-user <token>', 'auth suite: a valid bearer token of another identity')
      .option(
        '--canary',
        "security suite: plant random secret canaries in the server's environment (stdio) or request headers (HTTP), and fail if one comes back",
      )
      .option('--spec-schema <file>', 'also validate every server message against this official schema.json')
      .option('--shard <i/n>', 'run the i-th of n parts of the checks (a CI matrix; join the JSON reports with `mcpvet report merge`)')
      .addOption(
        new Option(
          '--concurrency <n>',
          'checks run at once (default 4; 8 over stdio for a server slow and idle to start, on Linux, and beside them 12 that may take fresh processes)',
        ).argParser(Number),
      )
      .option(
        '--watch <path>',
        'run again whenever a file under this path changes (repeatable), and show what changed (a stdio server is restarted each run; with --url, restart yours yourself)',
        collect,
      )
      .option('--verbose', 'show every check as it finishes, and passing checks in the summary')
      .option('-q, --quiet', 'no progress on stderr (by default: a line per check on a terminal, a line per suite otherwise)')
      .option('--no-color', 'no colors in console output'),
  );
  check.action(async (server: string[], flags) => {
    (await import('./check-heap.js')).sizeHeapForCheck();
    const { runCheck } = await import('./check.js');
    try {
      process.exitCode = await runCheck(server, flags);
    } catch (error) {
      const { checkStartFailure } = await import('./check-errors.js');
      const { tokenFlagValues } = await import('./auth-tokens.js');
      const secrets = [...((flags.header ?? []) as string[]).map((header) => header.slice(header.indexOf(':') + 1).trim()), ...tokenFlagValues(flags)];
      throw checkStartFailure(error, secrets);
    }
  });
}
