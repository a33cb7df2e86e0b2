#!/usr/bin/env node
/**
 * The mcpvet command line. Only flag definitions live on the start-up path: each command's code
 * is imported when that command runs, so `mcpvet call` does not pay for `check`.
 */
import { Command, CommanderError, Option } from 'commander';
import pkg from '../../package.json' with { type: 'json' };
import { errorEnvelope, toCliError, usageError } from './cli-error.js';
import { ExitCode } from './exit-codes.js';
import { addTargetOptions } from './target-options.js';

const collect = (value: string, previous: string[]) => [...previous, value];

/** Errors of commands that print machine output are one JSON line; the others get a plain line. */
let jsonErrors = false;

function buildProgram(): Command {
  const program = new Command('mcpvet')
    .description('Test Model Context Protocol servers: conformance, lint, record/replay, faults, contracts.')
    .version(pkg.version)
    .exitOverride()
    .configureOutput({ writeErr: () => {}, outputError: () => {} })
    .showHelpAfterError(false);

  const call = addTargetOptions(
    program
      .command('call')
      .description('send one request and print the result (compatible with `inspector --cli`)')
      .argument('[server...]', 'stdio server command (put it after --)')
      .addOption(new Option('--method <method>', 'the MCP method').choices(['initialize', 'server/discover', 'tools/list', 'tools/call', 'resources/list', 'resources/templates/list', 'resources/read', 'prompts/list', 'prompts/get', 'completion/complete']).makeOptionMandatory())
      .option('--tool-name <name>', 'tool to call (tools/call)')
      .option('--tool-arg <key=value>', 'tool argument, converted by the tool inputSchema (repeatable)', collect, [])
      .option('--tool-args-json <json>', 'all tool arguments as one JSON object')
      .option('--uri <uri>', 'resource URI (resources/read)')
      .option('--prompt-name <name>', 'prompt name (prompts/get)')
      .option('--prompt-args <key=value>', 'prompt argument (repeatable)', collect, [])
      .option('--ref <prompt:NAME|resource:URI>', 'what to complete (completion/complete)')
      .option('--argument-name <name>', 'argument to complete (completion/complete)')
      .option('--argument-value <text>', 'partial value to complete (completion/complete)')
      .option('--answers <file>', 'JSON answers for input the server asks for (elicitation, sampling, roots)')
      .option('--strict', 'lint the listed tools; exit 6 on error-level findings (tools/list)')
      .addOption(new Option('--format <format>', 'output format').choices(['json', 'text']).default('json')),
  );
  call.action(async (server: string[], flags) => {
    jsonErrors = true;
    const { runCall } = await import('./call.js');
    process.exitCode = await runCall(server, flags);
  });

  return program;
}

function onSignal(signal: NodeJS.Signals): void {
  // The exit hook in wire/children.ts kills every server we started; 128 + signal number is the convention.
  process.exit(signal === 'SIGINT' ? 130 : 143);
}

async function main(argv: string[]): Promise<void> {
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') {
        process.exitCode = ExitCode.Ok;
        return;
      }
      if (argv.includes('call')) jsonErrors = true;
      report(usageError(error.message.replace(/^error: /, '')));
      return;
    }
    report(toCliError(error));
  }
}

function report(error: ReturnType<typeof toCliError>): void {
  if (jsonErrors) process.stderr.write(errorEnvelope(error) + '\n');
  else process.stderr.write(`mcpvet: ${error.message}\n`);
  process.exitCode = error.exitCode;
}

await main(process.argv);
