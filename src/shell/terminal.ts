/**
 * The shell's one reader of lines, over Node's readline: command lines and answers to the
 * server's questions come from the same input, in order. On a terminal it shows prompts, completes
 * with Tab and keeps history; otherwise (a pipe, a file) it reads line by line and shows no prompt.
 */
import { clearLine, createInterface, cursorTo, type Interface } from 'node:readline';

export type LineKind = 'command' | 'answer';
export type Completer = (line: string) => Promise<[string[], string]>;

export interface TerminalOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  tty: boolean;
  completer?: Completer;
  /** Earlier command lines, most recent first (readline's order). */
  history?: string[];
}

/** Lines queued beyond this pause the input (a long script piped in). */
const QUEUE_HIGH = 64;

export class Terminal {
  readonly tty: boolean;
  /** What the line being read is: completion applies to commands only. */
  kind: LineKind = 'command';
  /** Ctrl-C while a command runs (no line is being read). */
  onInterrupt: () => void = () => undefined;
  private readonly rl: Interface;
  private readonly output: NodeJS.WritableStream;
  private readonly queue: string[] = [];
  private waiter: ((line: string | undefined) => void) | undefined;
  private closed = false;

  constructor(options: TerminalOptions) {
    this.tty = options.tty;
    this.output = options.output;
    const completer = options.completer;
    this.rl = createInterface({
      input: options.input,
      output: options.tty ? options.output : undefined,
      terminal: options.tty,
      history: options.history ?? [],
      historySize: 500,
      removeHistoryDuplicates: true,
      tabSize: 2,
      completer:
        options.tty && completer
          ? (line: string, done: (error: null, result: [string[], string]) => void) => {
              if (this.kind !== 'command') return done(null, [[], line]);
              completer(line).then(
                (result) => done(null, result),
                () => done(null, [[], line]),
              );
            }
          : undefined,
    });
    this.rl.on('line', (line) => this.take(line));
    this.rl.on('close', () => {
      this.closed = true;
      this.release(undefined);
    });
    if (options.tty) this.rl.on('SIGINT', () => this.interrupt());
  }

  /** The next line, or undefined at the end of input (Ctrl-D, EOF) or when an answer is interrupted. */
  async read(prompt: string, kind: LineKind): Promise<string | undefined> {
    this.kind = kind;
    const queued = this.queue.shift();
    if (this.queue.length < QUEUE_HIGH / 2) this.rl.resume();
    if (queued !== undefined) return this.settled(queued, kind);
    if (this.closed) return undefined;
    if (this.tty) {
      this.rl.setPrompt(prompt);
      this.rl.prompt();
    }
    // A question whose request already ended (timed out) is given up: this read takes over.
    this.release(undefined);
    const line = await new Promise<string | undefined>((resolve) => {
      this.waiter = resolve;
    });
    return this.settled(line, kind);
  }

  /** A line of its own while the prompt may be showing (an event such as the server exiting). */
  notice(text: string, write: (text: string) => void): void {
    if (this.tty && this.waiter && this.kind === 'command') {
      clearLine(this.output, 0);
      cursorTo(this.output, 0);
      write(text);
      this.rl.prompt(true);
      return;
    }
    write(text);
  }

  /** A question is on the screen, waiting for its answer. */
  get asking(): boolean {
    return this.waiter !== undefined && this.kind === 'answer';
  }

  get waitingForCommand(): boolean {
    return this.waiter !== undefined && this.kind === 'command';
  }

  close(): void {
    this.closed = true;
    this.rl.close();
  }

  private take(line: string): void {
    if (this.waiter) return this.release(line);
    this.queue.push(line);
    if (this.queue.length >= QUEUE_HIGH) this.rl.pause();
  }

  private release(line: string | undefined): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.(line);
  }

  /** Answers (they may be private) are not kept in the terminal's history, only commands are. */
  private settled(line: string | undefined, kind: LineKind): string | undefined {
    if (kind === 'answer' && line !== undefined && this.tty) {
      const history = (this.rl as unknown as { history?: string[] }).history;
      if (history && history[0] === line) history.shift();
    }
    return line;
  }

  /** Ctrl-C: clears a typed line, cancels a question, or interrupts the running command. */
  private interrupt(): void {
    const editable = this.rl as unknown as { line: string; cursor: number };
    if (this.waiter && this.kind === 'answer') {
      this.output.write('^C\n');
      this.release(undefined);
      return;
    }
    if (this.waiter) {
      this.output.write(editable.line === '' ? '^C (type exit or press Ctrl-D to quit)\n' : '^C\n');
      editable.line = '';
      editable.cursor = 0;
      this.rl.prompt();
      return;
    }
    this.output.write('^C\n');
    this.onInterrupt();
  }
}
