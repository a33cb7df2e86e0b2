/**
 * `mcpvet shell` in a pseudo-terminal, typed at as a person would: keystrokes in, and waits (each
 * with a deadline) for text to appear on the screen. Escape sequences are stripped before matching.
 */
import { readFileSync } from 'node:fs';
import pty from 'node-pty';
import { CLI } from '../helpers/paths.js';

const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

export class PtySession {
  private raw = '';
  private readonly process: pty.IPty;
  /** Where the next wait starts reading: each wait moves it past what it matched. */
  private cursor = 0;
  readonly exited: Promise<{ exitCode: number; signal?: number }>;
  private ended = false;

  constructor(args: string[], env: Record<string, string>) {
    this.process = pty.spawn(process.execPath, [CLI, ...args], {
      cols: 160,
      rows: 50,
      cwd: process.cwd(),
      env: { ...(process.env as Record<string, string>), NO_COLOR: '1', ...env },
    });
    this.process.onData((data) => {
      this.raw += data;
    });
    this.exited = new Promise((resolve) =>
      this.process.onExit((event) => {
        this.ended = true;
        resolve(event);
      }),
    );
  }

  get pid(): number {
    return this.process.pid;
  }

  /** Everything shown so far, escape sequences removed. */
  get screen(): string {
    return this.raw.replace(ANSI, '');
  }

  write(keys: string): void {
    this.process.write(keys);
  }

  /** Waits for the pattern in what appeared since the last wait; returns that text up to the match. */
  async waitFor(pattern: string | RegExp, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const text = this.screen.slice(this.cursor);
      const index = typeof pattern === 'string' ? text.indexOf(pattern) : text.search(pattern);
      if (index >= 0) {
        const length = typeof pattern === 'string' ? pattern.length : (text.slice(index).match(pattern)?.[0].length ?? 0);
        this.cursor += index + length;
        return text.slice(0, index + length);
      }
      if (Date.now() > deadline) throw new Error(`no ${String(pattern)} within ${timeoutMs} ms; the screen since the last wait:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Types a line and waits for the prompt to come back after it. */
  async run(line: string, prompt = 'notes-server> '): Promise<string> {
    this.write(`${line}\r`);
    await this.waitFor(line);
    return this.waitFor(prompt);
  }

  /** The pids of the shell's own children (the stdio server), from /proc. */
  children(): number[] {
    try {
      return readFileSync(`/proc/${this.pid}/task/${this.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  }

  async exitCode(timeoutMs = 10_000): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`the shell did not exit within ${timeoutMs} ms:\n${this.screen}`)), timeoutMs);
    });
    try {
      return (await Promise.race([this.exited, timeout])).exitCode;
    } finally {
      clearTimeout(timer);
    }
  }

  kill(): void {
    if (!this.ended) this.process.kill('SIGKILL');
  }
}
