#!/usr/bin/env node
/**
 * The mcpvet command line. Only flag definitions live on the start-up path: each command's code
 * is imported when that command runs, so `mcpvet call` does not pay for `check`.
 */
import { Command, CommanderError } from 'commander';
import pkg from '../../package.json' with { type: 'json' };
import { errorEnvelope, errorLine, toCliError, usageError } from './cli-error.js';
import { ExitCode } from './exit-codes.js';
import { defineCallCommand } from './call-command.js';
import { collect } from './target-options.js';
import { defineRecordCommand } from './record-command.js';
import { defineReplayCommand } from './replay-command.js';
import { defineProxyCommand } from './proxy-command.js';
import { defineCheckCommand } from './check-command.js';
import { defineLintCommand } from './lint-command.js';
import { defineContractCommands } from './contract-commands.js';
import { defineFuzzCommand } from './fuzz-command.js';
import { defineEvalCommand } from './eval-command.js';
import { defineReportCommand } from './report-command.js';
import { defineLoadCommand } from './load-command.js';
import { defineShellCommand } from './shell-command.js';
import { defineDoctorCommand } from './doctor-command.js';
import { defineAuthCommand } from './auth-command.js';

/** Errors of commands that print machine output are one JSON line; the others get a plain line. */
let jsonErrors = false;
const onMachineOutput = () => {
  jsonErrors = true;
};

function buildProgram(): Command {
  const program = new Command('mcpvet')
    .description('Test Model Context Protocol servers: conformance, lint, record/replay, faults, contracts.')
    .version(pkg.version)
    .exitOverride()
    .configureOutput({ outputError: () => {} })
    .showHelpAfterError(false)
    // Options after a subcommand's name are that subcommand's (`eval compare --format json`).
    .enablePositionalOptions();

  // Repeatable flags have no default (help would show "default: []"): give the absent ones [].
  program.hook('preAction', (_program, command) => {
    for (const option of command.options) {
      if (option.parseArg === collect && command.getOptionValue(option.attributeName()) === undefined) command.setOptionValue(option.attributeName(), []);
    }
  });

  // One line per command; each *-command.ts holds only flags and lazily imports its runner.
  defineCallCommand(program, onMachineOutput);
  defineCheckCommand(program);
  defineLintCommand(program);
  defineRecordCommand(program);
  defineReplayCommand(program);
  defineProxyCommand(program);
  defineContractCommands(program);
  defineFuzzCommand(program);
  defineEvalCommand(program);
  defineReportCommand(program);
  defineLoadCommand(program);
  defineShellCommand(program);
  defineDoctorCommand(program);
  defineAuthCommand(program);

  return program;
}

function onSignal(signal: NodeJS.Signals): void {
  // The exit hook in wire/children.ts kills every server we started; 128 + signal number is the convention.
  process.exit(signal === 'SIGINT' ? 130 : 143);
}

/** A reader that went away (`mcpvet … | head`) is no error of ours: stop quietly. */
function onOutputError(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  throw error;
}

async function main(argv: string[]): Promise<void> {
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.stdout.on('error', onOutputError);
  process.stderr.on('error', onOutputError);
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    // A flag's parser can throw before `call` has run: its errors are still JSON envelopes.
    if (argv[2] === 'call') jsonErrors = true;
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') {
        process.exitCode = ExitCode.Ok;
        return;
      }
      // `mcpvet` alone (or a command group without a command): the help went to stderr.
      if (error.code === 'commander.help') {
        process.exitCode = ExitCode.Usage;
        return;
      }
      report(usageError(error.message.replace(/^error: /, '')));
      return;
    }
    report(toCliError(error));
  }
}

function report(error: ReturnType<typeof toCliError>): void {
  if (jsonErrors) process.stderr.write(errorEnvelope(error) + '\n');
  else process.stderr.write(errorLine(error) + '\n');
  process.exitCode = error.exitCode;
}

await main(process.argv);
