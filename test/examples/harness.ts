/**
 * Tiny local helpers to drive the bundled notes server as a real child process, over stdio and
 * over HTTP on 127.0.0.1. Needs `dist/` (run `node scripts/build.mjs`; `npm test` does it first).
 * Every process started here is killed by `stopAll()` (call it in afterAll).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { stopChild } from '../helpers/run.js';

export type Json = Record<string, any>;

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER = resolve(ROOT, 'dist/examples/notes-server.js');
export const MODERN = '2026-07-28';

const started = new Set<ChildProcess>();

export function assertBuilt(): void {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run "node scripts/build.mjs" (npm test builds first)`);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...started].map((child) => kill(child)));
}

function kill(child: ChildProcess): Promise<void> {
  started.delete(child);
  return stopChild(child);
}

/** Rejects after `ms` with a message saying what was awaited. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (err) => (clearTimeout(timer), reject(err)),
    );
  });
}

export const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The first of `seen` that matches, waiting (woken through `waiters`) until one arrives or the time is up. */
function waitForMatch(seen: Json[], waiters: Set<() => void>, match: (m: Json) => boolean, what: string, timeoutMs: number): Promise<Json> {
  return withTimeout(
    new Promise<Json>((resolve) => {
      const check = (): void => {
        const found = seen.find(match);
        if (found) {
          waiters.delete(check);
          resolve(found);
        }
      };
      waiters.add(check);
      check();
    }),
    timeoutMs,
    what,
  );
}

/** params with the modern per-request envelope. */
export function modern(params: Json = {}, clientCapabilities: Json = {}, version = MODERN): Json {
  return {
    ...params,
    _meta: {
      'io.modelcontextprotocol/protocolVersion': version,
      'io.modelcontextprotocol/clientCapabilities': clientCapabilities,
      'io.modelcontextprotocol/clientInfo': { name: 'notes-server-tests', version: '0.0.0' },
      ...(params._meta ?? {}),
    },
  };
}

// ---------------------------------------------------------------- stdio

export interface StdioPeer {
  child: ChildProcess;
  /** Every JSON message received on stdout, in order. */
  received: Json[];
  /** stdout lines that were not JSON (must stay empty). */
  nonJson: string[];
  stderr: string[];
  write(message: Json | string): void;
  /** Sends a request and resolves with the response of the same id. */
  request(message: Json, timeoutMs?: number): Promise<Json>;
  /** Resolves with the first received message (past or future) that matches. */
  waitFor(match: (m: Json) => boolean, what: string, timeoutMs?: number): Promise<Json>;
  exited: Promise<number | null>;
  close(): Promise<void>;
}

export function startStdio(args: string[] = []): StdioPeer {
  assertBuilt();
  const child = spawn(process.execPath, [SERVER, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  started.add(child);
  const received: Json[] = [];
  const nonJson: string[] = [];
  const stderr: string[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    buffer += chunk;
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      try {
        received.push(JSON.parse(line));
      } catch {
        nonJson.push(line);
      }
    }
    for (const wake of waiters) wake();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const waitFor = (match: (m: Json) => boolean, what: string, timeoutMs = 5000): Promise<Json> => waitForMatch(received, waiters, match, what, timeoutMs);
  const write = (message: Json | string): void => {
    child.stdin!.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  };
  return {
    child,
    received,
    nonJson,
    stderr,
    write,
    waitFor,
    request(message, timeoutMs) {
      write(message);
      return waitFor((m) => m.id === message.id && !('method' in m), `response to ${JSON.stringify(message.id)}`, timeoutMs);
    },
    exited,
    close: () => kill(child),
  };
}

// ---------------------------------------------------------------- HTTP

export interface HttpServer {
  child: ChildProcess;
  url: string;
  port: number;
  stderr: string[];
  close(): Promise<void>;
}

const READY = /^notes-server listening on (http:\/\/127\.0\.0\.1:(\d+)\/mcp)$/;

export async function startHttp(args: string[] = []): Promise<HttpServer> {
  assertBuilt();
  const child = spawn(process.execPath, [SERVER, '--http', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  const stderr: string[] = [];
  const ready = new Promise<RegExpExecArray>((resolve, reject) => {
    let text = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr.push(chunk);
      text += chunk;
      const line = text.split('\n')[0];
      if (text.includes('\n')) {
        const match = READY.exec(line);
        if (match) resolve(match);
        else reject(new Error(`unexpected first stderr line: ${line}`));
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was ready`)));
  });
  const match = await withTimeout(ready, 10_000, 'the HTTP server to be ready');
  return { child, url: match[1], port: Number(match[2]), stderr, close: () => kill(child) };
}

export interface HttpReply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Parsed body when it is application/json. */
  json?: Json;
  /** Parsed `data:` payloads when the body is text/event-stream. */
  events: Json[];
}

export function parseSse(text: string): Json[] {
  return text
    .split(/\r?\n\r?\n/)
    .map((block) =>
      block
        .split(/\r?\n/)
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n'),
    )
    .filter(Boolean)
    .map((data) => JSON.parse(data));
}

/** One HTTP exchange; the body is read to its end. */
export function send(url: string, method: string, body: Json | string | undefined, headers: Record<string, string> = {}, timeoutMs = 5000): Promise<HttpReply> {
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return withTimeout(
    new Promise<HttpReply>((resolve, reject) => {
      const req = httpRequest(url, {
        method,
        headers: { ...(payload !== undefined ? { 'Content-Type': 'application/json' } : {}), Accept: 'application/json, text/event-stream', ...headers },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c: string) => (text += c));
        res.on('end', () => {
          const type = String(res.headers['content-type'] ?? '');
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            text,
            json: type.startsWith('application/json') ? JSON.parse(text) : undefined,
            events: type.startsWith('text/event-stream') ? parseSse(text) : [],
          });
        });
      });
      req.on('error', reject);
      req.end(payload);
    }),
    timeoutMs,
    `${method} ${url}`,
  );
}

/** The headers a correct modern client mirrors from the body (SEP-2243). */
export function mirrored(message: Json): Record<string, string> {
  const headers: Record<string, string> = {
    'MCP-Protocol-Version': message.params?._meta?.['io.modelcontextprotocol/protocolVersion'] ?? MODERN,
    'Mcp-Method': message.method,
  };
  if (message.method === 'tools/call' || message.method === 'prompts/get') headers['Mcp-Name'] = message.params.name;
  if (message.method === 'resources/read') headers['Mcp-Name'] = message.params.uri;
  return headers;
}

export const post = (url: string, message: Json | string, headers: Record<string, string> = {}): Promise<HttpReply> => send(url, 'POST', message, headers);

/** A POST whose response stays open (SSE): events arrive as they come; `close()` ends it. */
export interface OpenStream {
  status: Promise<number>;
  headers: Promise<IncomingHttpHeaders>;
  events: Json[];
  waitFor(match: (m: Json) => boolean, what: string, timeoutMs?: number): Promise<Json>;
  ended: Promise<void>;
  close(): void;
}

export function openStream(url: string, method: string, body: Json | undefined, headers: Record<string, string> = {}): OpenStream {
  const events: Json[] = [];
  const waiters = new Set<() => void>();
  let resolveStatus!: (s: number) => void;
  let resolveHeaders!: (h: IncomingHttpHeaders) => void;
  let resolveEnded!: () => void;
  const status = new Promise<number>((r) => (resolveStatus = r));
  const head = new Promise<IncomingHttpHeaders>((r) => (resolveHeaders = r));
  const ended = new Promise<void>((r) => (resolveEnded = r));
  const req = httpRequest(url, { method, headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers } });
  req.on('response', (res) => {
    resolveStatus(res.statusCode!);
    resolveHeaders(res.headers);
    let buffer = '';
    res.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      const blocks = buffer.split(/\n\n/);
      buffer = blocks.pop()!;
      for (const block of blocks) events.push(...parseSse(`${block}\n\n`));
      for (const wake of waiters) wake();
    });
    res.on('end', resolveEnded);
    res.on('close', resolveEnded);
  });
  req.on('error', () => resolveEnded());
  req.end(body === undefined ? undefined : JSON.stringify(body));
  return {
    status,
    headers: head,
    events,
    ended,
    close: () => req.destroy(),
    waitFor: (match, what, timeoutMs = 5000) => waitForMatch(events, waiters, match, what, timeoutMs),
  };
}
