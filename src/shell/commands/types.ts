/** What a shell command is and what it may use. */
import type { RpcOutcome } from '../../client/types.js';
import type { Trace } from '../../wire/trace.js';
import type { ShellConnection } from '../connection.js';
import { serverText } from '../server-text.js';

export interface ShellOutput {
  /** A result, as pretty JSON on stdout. */
  json(value: unknown): void;
  /** A line for people on stdout. */
  text(line: string): void;
  /** A remark on stderr (warnings, progress). */
  note(line: string): void;
}

export interface TraceRange {
  trace: Trace;
  from: number;
  to: number;
}

export interface ShellContext {
  readonly connection: ShellConnection;
  readonly out: ShellOutput;
  readonly commands: readonly ShellCommand[];
  /** The frames of the last command that sent or received anything. */
  readonly lastExchange: TraceRange | undefined;
  /** One line about the connection: server, era, version. */
  describe(): string;
  /** The request `trace` shows starts here (what the command sent before, such as a listing, is left out). */
  beginRequest(): void;
}

export interface ShellCommand {
  name: string;
  /** The command with its arguments, as `help` shows it. */
  usage: string;
  summary: string;
  run(args: string[], ctx: ShellContext): Promise<void> | void;
}

/** Wrong use of a command: shown as one `usage:` line. */
export class ShellUsage extends Error {}

/** Notifications shown per request; the rest are counted (all are in `trace`). */
const NOTIFICATIONS_SHOWN = 5;

/** The notifications that came with a request, one line each on stderr; a changed list is fetched again. */
export function noteNotifications(outcome: RpcOutcome, ctx: ShellContext): void {
  const methods = outcome.notifications.map((notification) => (typeof notification.method === 'string' ? notification.method : '?'));
  for (const method of methods) ctx.connection.listChanged(method);
  for (const method of methods.slice(0, NOTIFICATIONS_SHOWN)) ctx.out.note(`server notification: ${serverText(method, 100)}`);
  if (methods.length > NOTIFICATIONS_SHOWN) ctx.out.note(`… and ${methods.length - NOTIFICATIONS_SHOWN} more notifications (see trace)`);
}

/** The result of an outcome printed, or a one-line error naming the method. */
export function printOutcome(outcome: RpcOutcome, method: string, ctx: ShellContext): void {
  noteNotifications(outcome, ctx);
  if (outcome.error) throw new Error(`${method} failed: ${outcome.error.message} (${outcome.error.code})`);
  if (!outcome.result) throw new Error(`${method}: the server sent no result${outcome.http ? ` (HTTP ${outcome.http.status})` : ''}`);
  ctx.out.json(outcome.result);
}

/** key=value words as an object of strings (prompt and completion arguments). */
export function keyValues(words: string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const word of words) {
    const equals = word.indexOf('=');
    if (equals <= 0) throw new ShellUsage(`arguments take key=value, not "${word}"`);
    values[word.slice(0, equals)] = word.slice(equals + 1);
  }
  return values;
}
