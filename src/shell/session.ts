/**
 * `mcpvet shell`: one connection, many commands. Reads command lines (a terminal with prompt,
 * Tab completion and per-server history, or a pipe read line by line), runs each under its own
 * abort signal (Ctrl-C cancels the request), prints results as pretty JSON, and reports every
 * failure in one line while the session goes on.
 */
import { TransportError } from '../client/types.js';
import { withRequestSignal } from '../client/request-signal.js';
import { printJson, printNote, printText } from '../cli/output.js';
import { resolveTarget, type TargetFlags } from '../cli/target-options.js';
import { redactText } from '../report/redact.js';
import { oneLine } from '../wire/control-chars.js';
import { describeTarget } from '../wire/target.js';
import { COMMANDS, EXIT_WORDS } from './commands/index.js';
import { ShellUsage, type ShellCommand, type ShellContext, type ShellOutput, type TraceRange } from './commands/types.js';
import { completeLine } from './completer.js';
import { NotRunning, ShellConnection } from './connection.js';
import { openHistory, type ShellHistory } from './history.js';
import { serverText } from './server-text.js';
import { Terminal } from './terminal.js';
import { terminalHost } from './terminal-host.js';
import { splitWords, WordsError } from './words.js';

export interface ShellFlags extends TargetFlags {
  /** false with --no-history. */
  history: boolean;
}

const output: ShellOutput = {
  json: (value) => printJson(JSON.stringify(value, null, 2) + '\n'),
  text: (line) => printText(line + '\n'),
  note: (line) => printNote(line),
};

export async function runShell(positional: string[], flags: ShellFlags): Promise<number> {
  const target = await resolveTarget(flags, positional);
  const tty = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  let terminal: Terminal | undefined;
  const host = terminalHost({ ask: async (question) => terminal?.read(question, 'answer'), say: output.note, timeoutMs: flags.timeout });
  const connection = new ShellConnection(target, { era: flags.protocolEra, timeoutMs: flags.timeout, host });
  await connection.open();
  // A closed terminal (SIGHUP) ends the shell the way `exit` does: the exit hook reaps the server.
  const onHangup = () => process.exit(129);
  process.once('SIGHUP', onHangup);
  const history: ShellHistory | undefined = tty && flags.history ? openHistory(target, output.note) : undefined;
  const commandNames = [...COMMANDS.map((command) => command.name), ...EXIT_WORDS];
  terminal = new Terminal({
    input: process.stdin,
    output: process.stdout,
    tty,
    history: history?.lines,
    completer: (line) => completeLine(line, { commands: commandNames, list: (method) => connection.listQuietly(method) }),
  });
  const session = new Session(connection, terminal, history);
  try {
    if (tty) output.note(`${session.describe()}. Type help; Tab completes; Ctrl-D quits.`);
    return await session.loop();
  } finally {
    terminal.close();
    process.removeListener('SIGHUP', onHangup);
    await connection.close();
  }
}

class Session implements ShellContext {
  readonly out = output;
  readonly commands = COMMANDS;
  lastExchange: TraceRange | undefined;
  /** The server stopped while a command ran: told once the command is over. */
  private stopNotice: string | undefined;
  /** Where the running command's request began in the trace, when it said so. */
  private requestFrom: number | undefined;

  constructor(
    readonly connection: ShellConnection,
    private readonly terminal: Terminal,
    private readonly history: ShellHistory | undefined,
  ) {
    connection.onStopped = (why) => {
      const line = `the server stopped: ${why}; type reconnect to start it again`;
      if (terminal.waitingForCommand) terminal.notice(line, output.note);
      else this.stopNotice = line;
    };
  }

  describe(): string {
    const client = this.connection.lastClient;
    if (!client) return 'not connected';
    const info = client.serverInfo;
    const name = info?.name !== undefined ? serverText(`${info.name}${info.version !== undefined ? ` ${info.version}` : ''}`, 80) : 'the server';
    // A command line may carry a credential (--api-key x): redacted like every other output.
    return `connected to ${name} (${serverText(redactText(describeTarget(client.target)), 80)}): ${client.era} era, ${client.protocolVersion || 'no version agreed'}`;
  }

  beginRequest(): void {
    this.requestFrom = this.connection.lastClient?.trace.length;
  }

  /** Reads and runs commands until exit or the end of input; the exit code. */
  async loop(): Promise<number> {
    let failed = false;
    for (;;) {
      const line = await this.terminal.read(this.prompt(), 'command');
      if (line === undefined) break;
      const text = line.trim();
      if (text === '' || text.startsWith('#')) continue;
      // Leaving is not worth recalling: the up arrow would offer it first next time.
      if (!EXIT_WORDS.includes(text)) this.history?.add(text);
      let words: string[];
      try {
        words = splitWords(text);
      } catch (error) {
        if (!(error instanceof WordsError)) throw error;
        this.fail(new ShellUsage(error.message));
        failed = true;
        continue;
      }
      const [name = '', ...args] = words;
      if (EXIT_WORDS.includes(name)) break;
      const command = this.commands.find((candidate) => candidate.name === name);
      if (!command) {
        this.fail(new Error(`unknown command "${name}": type help`));
        failed = true;
        continue;
      }
      if (!(await this.run(command, args))) failed = true;
    }
    if (this.terminal.tty) this.out.text('');
    // On a terminal the session itself succeeded; a script learns whether any command failed.
    return failed && !this.terminal.tty ? 1 : 0;
  }

  private prompt(): string {
    const name = this.connection.lastClient?.serverInfo?.name;
    return `${typeof name === 'string' && name !== '' ? serverText(name, 30) : 'mcp'}> `;
  }

  private async run(command: ShellCommand, args: string[]): Promise<boolean> {
    const controller = new AbortController();
    this.terminal.onInterrupt = () => controller.abort();
    const trace = this.connection.lastClient?.trace;
    const from = trace?.length ?? 0;
    this.requestFrom = undefined;
    try {
      await withRequestSignal(controller.signal, () => command.run(args, this));
      return true;
    } catch (error) {
      // The server died under the request: the stop notice below says it, once.
      const diedUnderIt = error instanceof NotRunning || (error instanceof TransportError && error.kind === 'closed');
      if (!(this.stopNotice && diedUnderIt)) this.fail(error);
      return false;
    } finally {
      this.terminal.onInterrupt = () => undefined;
      if (trace && trace.length > from) this.lastExchange = { trace, from: Math.max(from, this.requestFrom ?? from), to: trace.length - 1 };
      if (this.stopNotice) output.note(this.stopNotice);
      this.stopNotice = undefined;
    }
  }

  private fail(error: unknown): void {
    const usage = error instanceof ShellUsage;
    const known = usage || error instanceof NotRunning || error instanceof Error;
    const message = known ? (error as Error).message : String(error);
    const flat = oneLine(redactText(message));
    // The request ended while its question was on the screen (a legacy server's, timed out): start a line.
    if (this.terminal.tty && this.terminal.asking) process.stdout.write('\n');
    output.note(`${usage ? 'usage' : 'error'}: ${flat.length > 400 ? `${flat.slice(0, 400)}…` : flat}`);
  }
}
