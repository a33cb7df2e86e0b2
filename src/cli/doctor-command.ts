/** Flags of `mcpvet doctor`; the runner is imported only when the command runs. */
import { Option, type Command } from 'commander';
import { addTargetOptions } from './target-options.js';

export function defineDoctorCommand(program: Command): void {
  const doctor = addTargetOptions(
    program
      .command('doctor')
      .description(
        'why a server fails in a host: a checklist (config, start as a host does, stdout, era and version, HTTP), each item with its evidence and fix',
      )
      .argument('[server...]', 'stdio server command (put it after --)')
      .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
      .addHelpText(
        'after',
        '\nExit codes: 0 when no item failed (✗), 2 when one did (a failed check), 1 for bad usage or an unreadable --config (missing file, bad JSON).',
      ),
  );
  doctor.action(async (server: string[], flags) => {
    const { runDoctorCli } = await import('./doctor.js');
    process.exitCode = await runDoctorCli(server, flags);
  });
}
