/** Flags of `mcpvet call`; the runner is imported only when the command runs. */
import { Option, type Command } from 'commander';
import { addTargetOptions, collect } from './target-options.js';

/** The methods `call` can send (the Inspector's, plus the modern server/discover). */
export const CALL_METHODS = [
  'initialize',
  'server/discover',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
] as const;

/** What names the request, shared by `call` and `load`: the tool and its arguments, the resource, the prompt. */
export function addRequestOptions(command: Command): Command {
  return command
    .option('--tool-name <name>', 'tool to call (tools/call)')
    .option('--tool-arg <key=value>', 'tool argument, converted by the tool inputSchema (repeatable)', collect)
    .option('--tool-args-json <json>', 'all tool arguments as one JSON object')
    .option('--uri <uri>', 'resource URI (resources/read)')
    .option('--prompt-name <name>', 'prompt name (prompts/get)')
    .option('--prompt-args <key=value>', 'prompt argument (repeatable)', collect);
}

export function defineCallCommand(program: Command, onMachineOutput: () => void): void {
  const call = addTargetOptions(
    addRequestOptions(
      program
        .command('call')
        .description('send one request and print the result (compatible with `inspector --cli`)')
        .argument('[server...]', 'stdio server command (put it after --)')
        // Required, but checked by the runner: commander reports a missing mandatory option before an unknown one (`--methd`).
        .addOption(new Option('--method <method>', 'the MCP method (required)').choices(CALL_METHODS)),
    )
      .option('--ref <prompt:NAME|resource:URI>', 'what to complete (completion/complete)')
      .option('--argument-name <name>', 'argument to complete (completion/complete)')
      .option('--argument-value <text>', 'partial value to complete (completion/complete)')
      .option('--metadata <key=value>', 'a _meta entry for every request (repeatable)', collect)
      .option('--tool-metadata <key=value>', 'a _meta entry for tools/call (repeatable)', collect)
      .addOption(
        new Option('--log-level <level>', 'level for logging/setLevel (legacy era)').choices([
          'debug',
          'info',
          'notice',
          'warning',
          'error',
          'critical',
          'alert',
          'emergency',
        ]),
      )
      .option('--answers <file>', 'JSON answers for input the server asks for (elicitation, sampling, roots)')
      .option('--strict', 'lint the listed tools; exit 6 on error-level findings (tools/list)')
      .addOption(new Option('--format <format>', 'output format').choices(['json', 'text']).default('json')),
  );
  call.action(async (server: string[], flags) => {
    onMachineOutput();
    const { runCall } = await import('./call.js');
    process.exitCode = await runCall(server, flags);
  });
}
