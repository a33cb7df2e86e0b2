/** `help [COMMAND]`. */
import { ShellUsage, type ShellCommand } from './types.js';

export const helpCommand: ShellCommand = {
  name: 'help',
  usage: 'help [COMMAND]',
  summary: 'the commands, or one command in detail',
  run(args, ctx) {
    if (args.length > 1) throw new ShellUsage(this.usage);
    if (args.length === 1) {
      const command = ctx.commands.find((candidate) => candidate.name === args[0]);
      if (!command) throw new Error(`unknown command "${args[0]}": type help`);
      ctx.out.text(`${command.usage}\n  ${command.summary}`);
      return;
    }
    const width = Math.max(...ctx.commands.map((command) => command.usage.length));
    for (const command of ctx.commands) ctx.out.text(`${command.usage.padEnd(width)}  ${command.summary}`);
    ctx.out.text(`${'exit'.padEnd(width)}  leave the shell (or Ctrl-D)`);
    ctx.out.text('Tab completes command, tool, prompt and argument names; quote values with spaces: title="a b".');
  },
};
