/**
 * stdio transport: newline-delimited JSON-RPC on stdin/stdout. Every line is handled at once
 * (no head-of-line blocking); `notifications/cancelled` silences the request it names.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { Code, errorResponse, isId, isObject, type Json } from './protocol.js';
import { createLegacySession, type NotesServer } from './types.js';

export interface StdioOptions {
  input?: Readable;
  output?: Writable;
  /** How long in-flight requests may finish after stdin closes (default 500 ms). */
  drainMs?: number;
}

export interface StdioHandle {
  /** Resolves after stdin closed and in-flight work settled (or the drain time passed). */
  done: Promise<void>;
}

export function serveStdio(server: NotesServer, options: StdioOptions = {}): StdioHandle {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const write = (message: Json): void => void output.write(`${JSON.stringify(message)}\n`);
  // The process is the one legacy "session" a stdio connection can have; it stays modern until `initialize`.
  const session = createLegacySession();
  session.notify = write;
  const inFlight = new Map<string, { controller: AbortController; done: Promise<void>; method: string }>();
  const keyOf = (id: unknown): string => JSON.stringify(id);

  function onLine(line: string): void {
    if (!line.trim()) return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      return write(errorResponse(null, Code.ParseError, 'Parse error: invalid JSON'));
    }
    if (!isObject(message)) return write(errorResponse(null, Code.InvalidRequest, 'Invalid request: not a JSON object'));
    if (message.method === 'notifications/cancelled' && isObject(message.params)) {
      inFlight.get(keyOf(message.params.requestId))?.controller.abort();
    }
    const isRequest = typeof message.method === 'string' && isId(message.id);
    if (!isRequest) {
      void server.handle(message, { transport: 'stdio', session, send: write }).then((response) => response && write(response));
      return;
    }
    const key = keyOf(message.id);
    const controller = new AbortController();
    const { signal } = controller;
    // Once cancelled, nothing more is sent for the request: no notification, no response.
    const send = (m: Json): void => void (signal.aborted || write(m));
    const done = server
      .handle(message, { transport: 'stdio', session, send, signal })
      .then((response) => void (response && !signal.aborted && write(response)))
      .catch((err: Error) => void process.stderr.write(`notes-server: ${err.message}\n`))
      .finally(() => inFlight.get(key)?.controller === controller && inFlight.delete(key));
    inFlight.set(key, { controller, done, method: message.method as string });
  }

  const lines = createInterface({ input, crlfDelay: Infinity });
  lines.on('line', onLine);
  const done = new Promise<void>((resolve) => {
    lines.on('close', () => {
      // Subscriptions never finish by themselves; other requests get a moment to answer.
      for (const entry of inFlight.values()) if (entry.method === 'subscriptions/listen') entry.controller.abort();
      const pending = [...inFlight.values()].map((e) => e.done);
      const timer = setTimeout(resolve, options.drainMs ?? 500);
      void Promise.allSettled(pending).then(() => {
        clearTimeout(timer);
        server.closeSession(session);
        resolve();
      });
    });
  });
  return { done };
}
