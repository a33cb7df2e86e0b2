/**
 * A stdio server: spawn it, frame newline-delimited JSON both ways, record everything in the trace.
 * Lines on stdout that are not JSON-RPC messages are recorded as pollution, never fatal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { StdioTarget } from './target.js';
import { PARSED_RAW_CHARS, type Frame, type Trace } from './trace.js';
import { LineSplitter } from './line-splitter.js';
import { ByteLineSplitter } from './byte-line-splitter.js';
import { killGroup, killOrphanedGroup, registerChild } from './children.js';
import { findHolders, findMarked, killPids, newSpawnMark, SPAWN_MARKER, stdioLinks } from './strays.js';
import { exitedByProc, untilQuiet } from './process-activity.js';
import { knownResults, parseMessageText, readMessageBytes, SHARE_FROM_CHARS } from './shared-results.js';
import { noteReceived } from './received.js';
import { JsonTooDeepError, parseJson, topLevelId, traceTooDeep } from './json-depth.js';
import { NotificationBurst } from './notification-burst.js';

export interface StdioOptions {
  trace: Trace;
  /** Lines longer than this are dropped and reported (default 64 MiB). */
  maxLineBytes?: number;
  /** After stdin ends, how long the server may take to exit by itself before SIGTERM (default 500 ms). */
  closeGraceMs?: number;
  /** After SIGTERM, how long before SIGKILL (default 1000 ms). */
  killGraceMs?: number;
  /**
   * After stdin ends, extend the grace while the server is still working (up to BUSY_GRACE_MS, or
   * twice the grace if longer): a check that judges how a server exits must measure the server, not
   * a loaded machine.
   */
  graceWhileBusy?: boolean;
  /**
   * A relay's fast path: stdout lines go here as bytes (with their newline), neither parsed nor
   * traced, and `onMessage`/`onRefused` never fire. The line cap and the stderr trace still hold.
   */
  rawLines?: (line: Buffer) => void;
  /** The environment the target's `env` is added to (default: mcpvet's own); `doctor` starts a server as a host would. */
  baseEnv?: NodeJS.ProcessEnv;
}

/** How a process is shut down: the options a check that judges the exit sets, on a process started before it knew. */
export type StdioShutdown = Pick<StdioOptions, 'closeGraceMs' | 'graceWhileBusy'>;

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be started at all. */
  spawnError?: string;
  /** The last signal mcpvet's shutdown sent before the process ended (it may have exited with a code). */
  signalled?: NodeJS.Signals;
}

export interface StdioConnection {
  readonly pid: number | undefined;
  /** Resolves once the process is gone (or failed to start). */
  readonly exited: Promise<ExitInfo>;
  readonly hasExited: boolean;
  /** Writes one line. Returns false when the process is gone. */
  send(text: string): boolean;
  /** Writes bytes as they are (whole lines with their newlines), neither parsed nor traced. Returns false when the process is gone. */
  sendRaw(bytes: Buffer | string): boolean;
  onMessage(handler: (message: unknown, frame: Frame) => void): () => void;
  /**
   * A line refused unparsed (nested deeper than MAX_JSON_DEPTH): its frame keeps only the head,
   * `text` is the whole line, `id` its top-level id when it has one.
   */
  onRefused(handler: (frame: Frame, id: string | number | null | undefined, text: string) => void): () => void;
  onExit(handler: (info: ExitInfo) => void): () => void;
  /** Stops reading the server's stdout (a relay whose client reads slower than the server writes). */
  pauseOutput(): void;
  resumeOutput(): void;
  /**
   * End stdin, give the server a moment, then SIGTERM, then SIGKILL. Never waits once it has exited.
   * `shutdown` overrides the spawn options' grace (only the first call's counts).
   */
  close(shutdown?: StdioShutdown): Promise<ExitInfo>;
}

const DEFAULT_MAX_LINE = 64 * 1024 * 1024;
/** How long a server may take to exit by itself after stdin ends, before SIGTERM. */
export const CLOSE_GRACE_MS = 500;
/** With `graceWhileBusy`: how long a server busy after stdin ends may take, at least. */
const BUSY_GRACE_MS = 5000;
/** How long an exit that already happened may take to reach this process's event loop. */
const REAP_WAIT_MS = 5000;
/**
 * After the server exits, how long its stdout and stderr may take to end. Only a process that
 * outlived it can hold them longer (a grandchild); then mcpvet stops reading and kills it.
 */
export const PIPE_GRACE_MS = 200;

export function spawnStdio(target: StdioTarget, options: StdioOptions): StdioConnection {
  const { trace } = options;
  const messageHandlers = new Set<(message: unknown, frame: Frame) => void>();
  const refusedHandlers = new Set<(frame: Frame, id: string | number | null | undefined, text: string) => void>();
  const exitHandlers = new Set<(info: ExitInfo) => void>();
  let exitInfo: ExitInfo | undefined;
  let resolveExited!: (info: ExitInfo) => void;
  const exited = new Promise<ExitInfo>((resolve) => (resolveExited = resolve));

  let child: ChildProcess;
  const mark = newSpawnMark(process.env[SPAWN_MARKER]);
  try {
    child = spawn(target.command, target.args, {
      cwd: target.cwd,
      // The marker goes last: a target's env cannot remove it.
      env: { ...(options.baseEnv ?? process.env), ...target.env, [SPAWN_MARKER]: mark.value },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
      windowsHide: true,
    });
  } catch (error) {
    // spawn throws synchronously for some invalid arguments (e.g. a bad cwd type).
    const info = { code: null, signal: null, spawnError: (error as Error).message };
    trace.add({ direction: 'local', kind: 'error', raw: info.spawnError, detail: { reason: 'spawn' } });
    exitInfo = info;
    resolveExited(info);
    return deadConnection(info, exited);
  }
  registerChild(child);
  // What the server's stdio links to, read before it can hand the fds on: a stray holding them is ours.
  const links = stdioLinks(child.pid);

  // Of a flood of notifications the trace keeps the head (src/wire/notification-burst.ts).
  const burst = new NotificationBurst(trace);
  let signalled: NodeJS.Signals | undefined;
  let pipeGrace: NodeJS.Timeout | undefined;
  const finish = (ended: ExitInfo): void => {
    // Once closed there is nothing left to wait for: the grace timer kept the CLI from exiting for 200 ms.
    clearTimeout(pipeGrace);
    if (exitInfo) return;
    const info = signalled ? { ...ended, signalled } : ended;
    exitInfo = info;
    burst.end();
    trace.add({
      direction: 'local',
      kind: info.spawnError ? 'error' : 'exit',
      raw: info.spawnError ?? `exit code=${info.code} signal=${info.signal}`,
      detail: { ...info, reason: info.spawnError ? 'spawn' : 'exit' },
    });
    for (const handler of exitHandlers) handler(info);
    resolveExited(info);
  };

  child.once('error', (error: NodeJS.ErrnoException) => {
    finish({ code: null, signal: null, spawnError: `${error.code ?? 'ERROR'}: ${error.message}` });
  });
  // 'close' waits for stdio to drain, so every line is traced before the exit frame.
  child.once('close', (code, signal) => finish({ code, signal }));
  // But a grandchild holding stdout would delay 'close' forever: once the server itself is gone,
  // kill what it left behind and give the pipes a short grace, then stop reading them.
  child.once('exit', (code, signal) => {
    // What is left in the pipe is bounded by its size: drain it, or 'close' would wait forever.
    child.stdout?.resume();
    killOrphanedGroup(child.pid);
    killPids(findMarked(mark.token));
    pipeGrace = setTimeout(() => {
      if (exitInfo) return;
      killPids(findHolders(links));
      for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
      stdout.end();
      stderr.end();
      finish({ code, signal });
    }, PIPE_GRACE_MS);
  });
  // Writing to a server that died must not crash mcpvet.
  child.stdin?.on('error', () => {});

  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE;
  const traceOversize = (size: number, head: string) => {
    burst.end();
    trace.add({ direction: 'receive', kind: 'error', raw: head, truncated: true, detail: { reason: 'oversize-line', bytes: size, limit: maxLineBytes } });
  };
  const onLine = (text: string, parse: (text: string) => unknown = parseMessageText): void => {
    let parsed: Parsed;
    try {
      parsed = { value: parse(text) };
    } catch (error) {
      if (error instanceof JsonTooDeepError) {
        burst.end();
        const frame = traceTooDeep(trace, text);
        const id = topLevelId(text);
        for (const handler of refusedHandlers) handler(frame, id, text);
        return;
      }
      parsed = { error: (error as Error).message };
    }
    deliver(traceIncomingLine(trace, burst, text, parsed));
  };
  const deliver = (frame: Frame): void => {
    if (frame.kind === 'message') for (const handler of messageHandlers) handler(frame.message, frame);
  };
  const stdout = options.rawLines
    ? new ByteLineSplitter(maxLineBytes, { line: options.rawLines, oversize: traceOversize })
    : new LineSplitter(
        maxLineBytes,
        {
          line: onLine,
          // A large line whose result is known is not decoded whole: its frame keeps the head of its text.
          lineBytes: (bytes) => {
            const reading = readMessageBytes(bytes);
            if ('parse' in reading) {
              // The slabs go before the text is parsed: a 13 MB line held its bytes, its text and its objects at once.
              const text = bytes.text();
              bytes.release();
              return onLine(text, reading.parse);
            }
            deliver(traceIncomingLine(trace, burst, bytes.head(PARSED_RAW_CHARS), { value: reading.message }, bytes.utf16Length()));
          },
          oversize: traceOversize,
          knownResults,
        },
        SHARE_FROM_CHARS,
      );
  child.stdout?.on('data', (chunk: Buffer) => {
    noteReceived(chunk.length);
    stdout.push(chunk);
  });
  child.stdout?.on('end', () => stdout.end());

  const stderr = new LineSplitter(1024 * 1024, {
    line: (text) => trace.add({ direction: 'receive', kind: 'stderr', raw: text }),
    oversize: (size, head) => trace.add({ direction: 'receive', kind: 'stderr', raw: head, truncated: true, detail: { bytes: size } }),
  });
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
  child.stderr?.on('end', () => stderr.end());

  let closing: Promise<ExitInfo> | undefined;

  return {
    pid: child.pid,
    exited,
    get hasExited() {
      return exitInfo !== undefined;
    },
    send(text) {
      if (exitInfo || !child.stdin?.writable) return false;
      let message: unknown;
      try {
        message = parseJson(text);
      } catch {
        message = undefined;
      }
      trace.add({ direction: 'send', kind: message === undefined ? 'parse-error' : 'message', raw: text, message });
      child.stdin.write(text + '\n');
      return true;
    },
    sendRaw(bytes) {
      if (exitInfo || !child.stdin?.writable) return false;
      child.stdin.write(bytes);
      return true;
    },
    onMessage(handler) {
      messageHandlers.add(handler);
      return () => messageHandlers.delete(handler);
    },
    onRefused(handler) {
      refusedHandlers.add(handler);
      return () => refusedHandlers.delete(handler);
    },
    onExit(handler) {
      exitHandlers.add(handler);
      return () => exitHandlers.delete(handler);
    },
    pauseOutput() {
      if (!exitInfo) child.stdout?.pause();
    },
    resumeOutput() {
      child.stdout?.resume();
    },
    close(shutdown) {
      closing ??= shutDown(
        child,
        exited,
        () => exitInfo !== undefined,
        { ...options, ...shutdown },
        (signal) => (signalled = signal),
      );
      return closing;
    },
  };
}

async function shutDown(
  child: ChildProcess,
  exited: Promise<ExitInfo>,
  hasExited: () => boolean,
  options: StdioOptions,
  sending: (signal: NodeJS.Signals) => void,
): Promise<ExitInfo> {
  if (hasExited()) return exited;
  child.stdin?.end();
  const graceMs = options.closeGraceMs ?? CLOSE_GRACE_MS;
  if (options.graceWhileBusy && child.pid !== undefined)
    await untilQuiet(child.pid, { minMs: graceMs, quietMs: graceMs, maxMs: Math.max(BUSY_GRACE_MS, 2 * graceMs), gone: exited });
  if (await exitsWithin(exited, options.graceWhileBusy ? 0 : graceMs)) return exited;
  // Exited by itself, as /proc shows: a busy event loop here hears of it late. No signal then.
  if (child.pid !== undefined && exitedByProc(child.pid) && (await exitsWithin(exited, REAP_WAIT_MS))) return exited;
  sending('SIGTERM');
  killGroup(child, 'SIGTERM');
  if (await exitsWithin(exited, options.killGraceMs ?? 1000)) return exited;
  sending('SIGKILL');
  killGroup(child, 'SIGKILL');
  // SIGKILL cannot be ignored; the wait is only for the 'close' event to be delivered.
  await exitsWithin(exited, 2000);
  return exited;
}

function exitsWithin(exited: Promise<ExitInfo>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void exited.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** A JSON-RPC message is an object with `jsonrpc: "2.0"`; anything else on stdout is pollution. */
type Parsed = { value: unknown } | { error: string };

/** `size`: the whole line's length when `text` is only its head. */
function traceIncomingLine(trace: Trace, burst: NotificationBurst, text: string, parsed: Parsed, size?: number): Frame {
  const whole = size === undefined ? {} : { truncated: true, size };
  if ('error' in parsed) {
    burst.end();
    return trace.add({ direction: 'receive', kind: 'pollution', raw: text, parseError: parsed.error, ...whole });
  }
  if (!isJsonRpcMessage(parsed.value)) {
    burst.end();
    return trace.add({ direction: 'receive', kind: 'pollution', raw: text, message: parsed.value, parseError: 'not a JSON-RPC 2.0 message', ...whole });
  }
  return trace.add({ direction: 'receive', kind: 'message', raw: text, message: parsed.value, ...whole }, burst.received(parsed.value));
}

export function isJsonRpcMessage(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && (value as Record<string, unknown>).jsonrpc === '2.0';
}

function deadConnection(info: ExitInfo, exited: Promise<ExitInfo>): StdioConnection {
  return {
    pid: undefined,
    exited,
    hasExited: true,
    send: () => false,
    sendRaw: () => false,
    onMessage: () => () => {},
    onRefused: () => () => {},
    onExit: (handler) => {
      handler(info);
      return () => {};
    },
    pauseOutput: () => {},
    resumeOutput: () => {},
    close: () => exited,
  };
}
